// REF: where visits came from. Referrer hosts (labelled "direct" or "unknown" when there is no host),
// the top entry pages of each, and campaigns with their utm sources, mediums and entry pages.
// Only arrivals count: an internal page view has no source (see the collect pipeline).
import type { Table } from "./cache";
import type { CampaignRow, ListRow, Tweet } from "./contract";
import { byValueThenLabel, change, paired, share, toList, type Pair, type Periods } from "./lists";
import { CAMPAIGN_PAGES, CAMPAIGNS, ENTRIES, POSTS, REFERRERS } from "./queries";
import type { Reader } from "./read";

/** Entry pages listed per referrer and per campaign. */
export const TOP_ENTRY_PAGES = 10;
/** Social posts listed (SPEC §9: tweets are trimmed to 25). */
export const TOP_POSTS = 25;

/**
 * The top entry pages of every group (referrer label or campaign), from (group, page) groups. A
 * page's pc is its share of all the group's arrivals, not only of the ten listed.
 */
function pagesByGroup(p: Periods): Map<string, ListRow[]> {
  const groups = new Map<string, ({ label: string } & Pair)[]>();
  for (const [key, g] of p.now) {
    const grp = g.labels[0] as string;
    let list = groups.get(grp);
    if (!list) groups.set(grp, (list = []));
    list.push({ label: g.labels[1] as string, now: g.sums[0]!, then: p.then.get(key)?.sums[0] ?? 0 });
  }
  const out = new Map<string, ListRow[]>();
  for (const [grp, pages] of groups) out.set(grp, toList(pages, undefined, TOP_ENTRY_PAGES));
  return out;
}

/** Referrer labels summed over their source classes. */
function referrerList(p: Periods): ({ label: string } & Pair)[] {
  const byLabel = new Map<string, { label: string } & Pair>();
  const add = (t: Table, k: "now" | "then") => {
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
function topPosts(t: Table): Tweet[] {
  return [...t.values()]
    .map((g) => ({ label: g.labels[0] as string, value: g.sums[0]! }))
    .sort(byValueThenLabel)
    .slice(0, TOP_POSTS)
    .map((p) => ({ u: p.label, visits: [p.value, p.value === 1 ? "visit" : "visits"] }));
}

export async function refStats(read: Reader) {
  const [referrers, campaigns, entries, campaignPages, posts] = await Promise.all([
    read.periods(REFERRERS), read.periods(CAMPAIGNS), read.periods(ENTRIES), read.periods(CAMPAIGN_PAGES), read.now(POSTS),
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
  const byCampaign = pagesByGroup(campaignPages);
  const campaign: CampaignRow[] = toList(totals, (c) => ({
    source: toList(of(c.label, "source")),
    medium: toList(of(c.label, "medium")),
    path: byCampaign.get(c.label) ?? [],
  }));
  const result = toList(referrerList(referrers));
  const byReferrer = pagesByGroup(entries);
  const tweets = topPosts(posts);
  return {
    result,
    path: Object.fromEntries(result.map((row) => [row.label, byReferrer.get(row.label) ?? []])),
    campaign,
    tweets,
  };
}
