// REF: where visits came from. Referrer hosts (labelled "direct" or "unknown" when there is no host),
// campaigns with their utm sources and mediums, and the top entry pages of each referrer and
// campaign as asked (EntriesWanted: all, none, one referrer, one page or one campaign).
// Only arrivals count: an internal page view has no source (see the collect pipeline).
import type { CampaignRow, EntriesWanted, ListRow, Tweet } from "./contract";
import { byNowThenLabel, byValueThenLabel, paired, rowCount, share, toList, TYPE_OF_LIST, type Pair, type PeriodGroups } from "./lists";
import { CAMPAIGN_PAGES, campaignPagesOf, CAMPAIGNS, ENTRIES, entriesOf, POSTS, REFERRERS } from "./queries";
import type { Grouped, Reader } from "./grouped";
import { layersOf, type Groups, type GroupTable } from "./groups";
import { classifyReferrer } from "../collect";

/** Entry pages listed per referrer and per campaign. */
const TOP_ENTRY_PAGES = 10;
/** Social posts listed (tweets are trimmed to 25). */
const TOP_POSTS = 25;

type Ranked = { key: string; label: string; now: number };
type Group = { rows: Ranked[]; total: number };
const ranked = new WeakMap<GroupTable, Map<string, Group>>();

/** A table's (group, page) rows by group, in the table's order. */
function byGroup(t: GroupTable): Map<string, Ranked[]> {
  const out = new Map<string, Ranked[]>();
  for (const [key, g] of t) {
    const grp = g.labels[0] as string;
    let rows = out.get(grp);
    if (!rows) out.set(grp, (rows = []));
    rows.push({ key, label: g.labels[1] as string, now: g.sums[0]! });
  }
  return out;
}

/** byGroup with each group in list order and its total; made once per table. */
function rankedOf(t: GroupTable): Map<string, Group> {
  let out = ranked.get(t);
  if (out) return out;
  out = new Map();
  for (const [grp, rows] of byGroup(t)) out.set(grp, { rows: rows.sort(byNowThenLabel), total: rows.reduce((s, r) => s + r.now, 0) });
  ranked.set(t, out);
  return out;
}

/**
 * The top entry pages of every group (referrer label or campaign), from (group, page) groups. A
 * page's pc is its share of all the group's arrivals, not only of the ten listed.
 * NOTE: the cached past is ranked once (rankedOf); a read adds only its live rows: the live pages
 * of a group and the best of the past that are not live are the only candidates for its ten.
 */
function pagesByGroup(p: PeriodGroups): Map<string, ListRow[]> {
  const [base, top] = layersOf(p.now);
  const past = rankedOf(base);
  const live = byGroup(top);
  const pastNow = (key: string) => base.get(key)?.sums[0] ?? 0;
  const out = new Map<string, ListRow[]>();
  for (const grp of new Set([...past.keys(), ...live.keys()])) {
    const old = past.get(grp) ?? { rows: [], total: 0 };
    const fresh = live.get(grp) ?? [];
    const freshKeys = new Set(fresh.map((f) => f.key));
    const candidates: ({ label: string } & Pair)[] = fresh.map((f) => ({ label: f.label, now: pastNow(f.key) + f.now, then: thenOf(p.then, f.key) }));
    for (const r of old.rows) {
      if (candidates.length >= TOP_ENTRY_PAGES + fresh.length) break;
      if (!freshKeys.has(r.key)) candidates.push({ label: r.label, now: r.now, then: thenOf(p.then, r.key) });
    }
    const total = old.total + fresh.reduce((s, f) => s + f.now, 0);
    const rows = toList(candidates, undefined, TOP_ENTRY_PAGES);
    // NOTE: toList's shares are of the candidates; a page's share is of the group's whole total.
    out.set(grp, rows.map((r) => ({ ...r, pc: share(r.value, total) })));
  }
  return out;
}

const thenOf = (then: Groups, key: string) => then.get(key)?.sums[0] ?? 0;

/** Referrer labels summed over their source classes. */
function referrerList(p: PeriodGroups): ({ label: string } & Pair)[] {
  const byLabel = new Map<string, { label: string } & Pair>();
  const add = (t: Groups, k: "now" | "then") => {
    for (const g of t.values()) {
      const label = g.labels[1] as string;
      let row = byLabel.get(label);
      if (!row) byLabel.set(label, (row = { label, now: 0, then: 0 }));
      row[k] += g.sums[0]!;
    }
  };
  add(p.now, "now");
  add(p.then, "then");
  return [...byLabel.values()];
}

/** The social posts that sent the most page views in the range, most first, ties by URL. */
function topPosts(t: Groups): Tweet[] {
  return [...t.values()]
    .map((g) => ({ label: g.labels[0] as string, value: g.sums[0]! }))
    .sort(byValueThenLabel)
    .slice(0, TOP_POSTS)
    .map((p) => ({ u: p.label, visits: [p.value, p.value === 1 ? "visit" : "visits"] }));
}

/** REF's `path` as `wanted` says, from the (referrer, page) groups it read (null: none read). */
function entryPages(wanted: EntriesWanted, entries: PeriodGroups | null, listed: ListRow[]): Record<string, ListRow[]> {
  if (!entries) return {};
  const byReferrer = pagesByGroup(entries);
  if (wanted.of === "referrer") return { [wanted.label]: byReferrer.get(wanted.label) ?? [] };
  if (wanted.of === "page") return Object.fromEntries(byReferrer);
  return Object.fromEntries(listed.map((row) => [row.label, byReferrer.get(row.label) ?? []]));
}

/** The (referrer, page) and (campaign, page) reads `wanted` needs; null for one it leaves out. */
function entryReads(wanted: EntriesWanted): { referrer: Grouped | null; campaign: Grouped | null } {
  if (wanted.of === "all") return { referrer: ENTRIES, campaign: CAMPAIGN_PAGES };
  if (wanted.of === "referrer" || wanted.of === "page") return { referrer: entriesOf(wanted), campaign: null };
  return { referrer: null, campaign: wanted.of === "campaign" ? campaignPagesOf(wanted.name) : null };
}

/** `limit` caps each list (LIST_LIMIT for the API, Infinity for exports). */
export async function refStats(read: Reader, limit: number, wanted: EntriesWanted = { of: "all" }) {
  const reads = entryReads(wanted);
  const [referrers, campaigns, entries, campaignPages, posts] = await Promise.all([
    read.periods(REFERRERS), read.periods(CAMPAIGNS), reads.referrer && read.periods(reads.referrer),
    reads.campaign && read.periods(reads.campaign), read.now(POSTS),
  ]);
  const parts = new Map<string, ({ label: string } & Pair)[]>();
  const totals: ({ label: string } & Pair)[] = [];
  for (const { labels: [campaign, dim, label], now, then } of paired(campaigns)) {
    if (dim === null) {
      totals.push({ label: campaign as string, now, then });
      continue;
    }
    const key = `${dim}\u0000${campaign}`;
    let list = parts.get(key);
    if (!list) parts.set(key, (list = []));
    list.push({ label: label as string, now, then });
  }
  const of = (campaign: string, dim: "source" | "medium") => parts.get(`${dim}\u0000${campaign}`) ?? [];
  const byCampaign = campaignPages ? pagesByGroup(campaignPages) : new Map<string, ListRow[]>();
  const campaign: CampaignRow[] = toList(totals, (c) => ({
    source: toList(of(c.label, "source"), undefined, limit),
    medium: toList(of(c.label, "medium"), undefined, limit),
    path: byCampaign.get(c.label) ?? [],
  }), limit);
  const referrerRows = referrerList(referrers);
  // NOTE: "direct" and "unknown" name no host; any other label is one, named by the referrer lists.
  const result = toList(referrerRows, (r) => {
    const name = r.label === "direct" || r.label === "unknown" ? null : classifyReferrer(r.label).name;
    return name ? { name } : {};
  }, limit);
  const tweets = topPosts(posts);
  return {
    count: { result: rowCount(referrerRows), campaign: rowCount(totals) },
    type: TYPE_OF_LIST.REF,
    result,
    path: entryPages(wanted, entries, result),
    campaign,
    tweets,
  };
}
