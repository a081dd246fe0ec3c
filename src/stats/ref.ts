// REF: where visits came from. Referrer hosts (labelled "direct" or "unknown" when there is no host),
// the top entry pages of each, and campaigns with their utm sources, mediums and entry pages.
// Only arrivals count: an internal page view has no source (see the collect pipeline).
import type { PendingQuery, Row } from "postgres";
import { namedQuery, type Queryable } from "../db";
import type { CampaignRow, ListRow, Tweet } from "./contract";
import { inRange, nowSum, share, change, byValueThenLabel, thenSum, toList, type Pair } from "./lists";
import type { Range } from "./range";

/** Entry pages listed per referrer and per campaign. */
export const TOP_ENTRY_PAGES = 10;

type SourceRow = { dim: "ref" | "campaign" | "source" | "medium"; parent: string | null; label: string } & Pair;

// NOTE: one read of hits_daily_source fans each row out to the lists it belongs to: its referrer
// label when it is an arrival, and its campaign, campaign × utm_source and campaign × utm_medium.
const sources = namedQuery("stats.ref.sources", (sql: Queryable, site: number, r: Range) => sql<SourceRow[]>`
  SELECT d.dim, d.parent, coalesce(d.label, 'unknown') AS label,
    ${nowSum(sql, r, "views")} AS now, ${thenSum(sql, r, "views")} AS then
  FROM (SELECT local_day, source, referrer_host, utm_campaign, utm_source, utm_medium, views
        FROM hits_daily_source
        WHERE ${inRange(sql, site, r)} AND (source IS NOT NULL OR utm_campaign IS NOT NULL)) s
  CROSS JOIN LATERAL (VALUES
    ('ref', NULL, CASE WHEN s.source = 'direct' THEN 'direct' ELSE s.referrer_host END, s.source IS NOT NULL),
    ('campaign', NULL, s.utm_campaign, s.utm_campaign IS NOT NULL),
    ('source', s.utm_campaign, s.utm_source, s.utm_campaign IS NOT NULL),
    ('medium', s.utm_campaign, s.utm_medium, s.utm_campaign IS NOT NULL)) d(dim, parent, label, keep)
  WHERE d.keep
  GROUP BY 1, 2, 3`);

type EntryRow = { grp: string; label: string; total: number } & Pair;

/**
 * The top entry pages of every group (referrer label or campaign) with the group's total of now,
 * so a page's pc is its share of all the group's arrivals, not only of the ten listed.
 * TRICKY: ties are broken by path in byte order (COLLATE "C"), the order the lists use, so the ten
 * kept are the ten the list would show whatever the database's collation.
 */
const topPages = (sql: Queryable, r: Range, grouped: PendingQuery<Row[]>) => sql<EntryRow[]>`
  SELECT grp, label, now, "then", total FROM (
    SELECT grp, label, now, "then", sum(now) OVER (PARTITION BY grp) AS total,
      row_number() OVER (PARTITION BY grp ORDER BY now DESC, label COLLATE "C") AS n
    FROM (${grouped}) g
  ) w
  WHERE n <= ${TOP_ENTRY_PAGES} AND now > 0`;

const entries = namedQuery("stats.ref.entries", (sql: Queryable, site: number, r: Range) => topPages(sql, r, sql`
  SELECT CASE WHEN source = 'direct' THEN 'direct' ELSE coalesce(referrer_host, 'unknown') END AS grp, path AS label,
    ${nowSum(sql, r, "views")} AS now, ${thenSum(sql, r, "views")} AS then
  FROM hits_daily_entry WHERE ${inRange(sql, site, r)} GROUP BY 1, 2`));

const campaignPages = namedQuery("stats.ref.campaignPages", (sql: Queryable, site: number, r: Range) => topPages(sql, r, sql`
  SELECT utm_campaign AS grp, path AS label, ${nowSum(sql, r, "views")} AS now, ${thenSum(sql, r, "views")} AS then
  FROM hits_daily_campaign_page WHERE ${inRange(sql, site, r)} GROUP BY 1, 2`));

/** Groups' top pages as list rows, ordered like every list. */
function pagesByGroup(rows: EntryRow[]): Map<string, ListRow[]> {
  const out = new Map<string, ListRow[]>();
  for (const e of rows) {
    const row: ListRow = { label: e.label, value: e.now, pc: share(e.now, e.total), c: change(e.now, e.then) };
    out.set(e.grp, [...(out.get(e.grp) ?? []), row]);
  }
  for (const list of out.values()) list.sort(byValueThenLabel);
  return out;
}

export async function refStats(sql: Queryable, site: number, r: Range) {
  const [sourceRows, entryRows, campaignRows] = await Promise.all([
    sources(sql, site, r), entries(sql, site, r), campaignPages(sql, site, r),
  ]);
  const of = (dim: SourceRow["dim"], parent: string | null = null) =>
    sourceRows.filter((s) => s.dim === dim && s.parent === parent);
  const byCampaign = pagesByGroup(campaignRows);
  const campaign: CampaignRow[] = toList(of("campaign"), (c) => ({
    source: toList(of("source", c.label)),
    medium: toList(of("medium", c.label)),
    path: byCampaign.get(c.label) ?? [],
  }));
  const result = toList(of("ref"));
  const byReferrer = pagesByGroup(entryRows);
  // NOTE: referrer post URLs are not stored (hits keep the host only), so there are no tweets yet.
  const tweets: Tweet[] = [];
  return {
    result,
    path: Object.fromEntries(result.map((row) => [row.label, byReferrer.get(row.label) ?? []])),
    campaign,
    tweets,
  };
}
