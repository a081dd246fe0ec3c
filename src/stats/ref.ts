// REF: where visits came from. Referrer hosts (labelled "direct" or "unknown" when there is no host),
// the top entry pages of each, and campaigns with their utm sources, mediums and entry pages.
// Only arrivals count: an internal page view has no source (see the collect pipeline).
import type { PendingQuery, Row } from "postgres";
import { namedQuery, type Queryable } from "../db";
import type { CampaignRow, ListRow, Tweet } from "./contract";
import { byValueThenLabel, change, inRange, nowSum, share, thenSum, toList, type Pair } from "./lists";
import type { Range } from "./range";

/** Entry pages listed per referrer and per campaign. */
export const TOP_ENTRY_PAGES = 10;
/** Social posts listed (SPEC §9: tweets are trimmed to 25). */
export const TOP_POSTS = 25;

/** The referrer label of an arrival: "direct", its host, or "unknown" when it had no readable host. */
const REF_LABEL = "CASE WHEN source = 'direct' THEN 'direct' ELSE coalesce(referrer_host, 'unknown') END";

const referrers = namedQuery("stats.ref.referrers", (sql: Queryable, site: number, r: Range) => sql<({ label: string } & Pair)[]>`
  SELECT ${sql.unsafe(REF_LABEL)} AS label, ${nowSum(sql, r, "views")} AS now, ${thenSum(sql, r, "views")} AS then
  FROM hits_daily_referrer WHERE ${inRange(sql, site, r)} GROUP BY 1`);

type CampaignPart = { campaign: string; dim: "source" | "medium" | null; label: string | null } & Pair;

// NOTE: one read of the campaign rows of hits_daily_source for the campaigns and both sublists:
// the (campaign) set gives the totals (dim NULL), the others utm_source and utm_medium per campaign.
const campaigns = namedQuery("stats.ref.campaigns", (sql: Queryable, site: number, r: Range) => sql<CampaignPart[]>`
  SELECT utm_campaign AS campaign,
    CASE WHEN GROUPING(coalesce(utm_source, 'unknown')) = 0 THEN 'source'
      WHEN GROUPING(coalesce(utm_medium, 'unknown')) = 0 THEN 'medium' END AS dim,
    CASE WHEN GROUPING(coalesce(utm_source, 'unknown')) = 0 THEN coalesce(utm_source, 'unknown')
      WHEN GROUPING(coalesce(utm_medium, 'unknown')) = 0 THEN coalesce(utm_medium, 'unknown') END AS label,
    ${nowSum(sql, r, "views")} AS now, ${thenSum(sql, r, "views")} AS then
  FROM hits_daily_source WHERE ${inRange(sql, site, r)} AND utm_campaign IS NOT NULL
  GROUP BY GROUPING SETS ((utm_campaign), (utm_campaign, coalesce(utm_source, 'unknown')),
    (utm_campaign, coalesce(utm_medium, 'unknown')))`);

type EntryRow = { grp: string; label: string; total: number } & Pair;

/**
 * The top entry pages of every group (referrer label or campaign) with the group's total of now,
 * so a page's pc is its share of all the group's arrivals, not only of the ten listed.
 * TRICKY: ties are broken by path in byte order (COLLATE "C"), the order the lists use, so the ten
 * kept are the ten the list would show whatever the database's collation.
 */
const topPages = (sql: Queryable, r: Range, grouped: PendingQuery<Row[]>) => sql<EntryRow[]>`
  SELECT grp, label, now, "then", total FROM (
    SELECT grp, label, now, "then", sum(now) OVER w AS total, row_number() OVER w AS n
    FROM (${grouped}) g
    -- NOTE: one window (one sort) for both: the frame spans the whole group, so sum() is its total.
    WINDOW w AS (PARTITION BY grp ORDER BY now DESC, label COLLATE "C" ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
  ) w
  WHERE n <= ${TOP_ENTRY_PAGES} AND now > 0`;

const entries = namedQuery("stats.ref.entries", (sql: Queryable, site: number, r: Range) => topPages(sql, r, sql`
  SELECT ${sql.unsafe(REF_LABEL)} AS grp, path AS label,
    ${nowSum(sql, r, "views")} AS now, ${thenSum(sql, r, "views")} AS then
  FROM hits_daily_entry WHERE ${inRange(sql, site, r)} GROUP BY 1, 2`));

const campaignPages = namedQuery("stats.ref.campaignPages", (sql: Queryable, site: number, r: Range) => topPages(sql, r, sql`
  SELECT utm_campaign AS grp, path AS label, ${nowSum(sql, r, "views")} AS now, ${thenSum(sql, r, "views")} AS then
  FROM hits_daily_campaign_page WHERE ${inRange(sql, site, r)} GROUP BY 1, 2`));

/** The social posts that sent the most page views in the range (hits_daily_post, sql/060_stats.sql). */
const posts = namedQuery("stats.ref.posts", (sql: Queryable, site: number, r: Range) => sql<{ u: string; n: number }[]>`
  SELECT referrer_post AS u, sum(views)::float8 AS n
  FROM hits_daily_post WHERE ${inRange(sql, site, r)} AND local_day >= ${r.startKey}::date
  GROUP BY 1 ORDER BY 2 DESC, referrer_post COLLATE "C" LIMIT ${TOP_POSTS}`);

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
  const [referrerRows, campaignParts, entryRows, campaignRows, postRows] = await Promise.all([
    referrers(sql, site, r), campaigns(sql, site, r), entries(sql, site, r), campaignPages(sql, site, r), posts(sql, site, r),
  ]);
  const parts = new Map<string, ({ label: string } & Pair)[]>();
  for (const p of campaignParts) {
    const key = `${p.dim}\u0000${p.campaign}`;
    parts.set(key, [...(parts.get(key) ?? []), { ...p, label: p.label ?? p.campaign }]);
  }
  const of = (campaign: string, dim: CampaignPart["dim"]) => parts.get(`${dim}\u0000${campaign}`) ?? [];
  const byCampaign = pagesByGroup(campaignRows);
  const totals = campaignParts.filter((p) => p.dim === null).map((p) => ({ ...p, label: p.campaign }));
  const campaign: CampaignRow[] = toList(totals, (c) => ({
    source: toList(of(c.label, "source")),
    medium: toList(of(c.label, "medium")),
    path: byCampaign.get(c.label) ?? [],
  }));
  const result = toList(referrerRows);
  const byReferrer = pagesByGroup(entryRows);
  const tweets: Tweet[] = postRows.map((p) => ({ u: p.u, visits: [p.n, p.n === 1 ? "visit" : "visits"] }));
  return {
    result,
    path: Object.fromEntries(result.map((row) => [row.label, byReferrer.get(row.label) ?? []])),
    campaign,
    tweets,
  };
}
