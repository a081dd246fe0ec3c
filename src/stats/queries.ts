// Every query of a stats read, named, with its SQL: labels and summed figures over one continuous
// aggregate, for any piece of a period (grouped.ts runs them; summary.ts, path.ts and ref.ts shape
// the answers), and the same figures from imported days where an import can fill them. Figures are
// float8: exact below 2^53, and numbers in JavaScript.
import type { Fragment } from "postgres";
import type { Queryable } from "../db";
import { IMPORTED_DIMS } from "../shared/imports";
import type { Grouped } from "./grouped";

/**
 * Several lists from one read of an aggregate: GROUPING SETS with one set per column, each row
 * telling its list (`dim`, the column name) and its label (NULL read as "unknown"). Column names
 * are constants of this module, never input.
 */
function dimensions(cols: readonly string[]) {
  const expr = (c: string) => `coalesce(${c}::text, 'unknown')`;
  const which = (then: (c: string) => string) => `CASE ${cols.map((c) => `WHEN GROUPING(${expr(c)}) = 0 THEN ${then(c)}`).join(" ")} END`;
  return {
    select: (sql: Queryable) => sql`${sql.unsafe(which((c) => `'${c}'`))} AS dim, ${sql.unsafe(which(expr))} AS label,
      sum(views)::float8 AS views`,
    groupBy: (sql: Queryable) => sql.unsafe(`GROUPING SETS (${cols.map((c) => `(${expr(c)})`).join(", ")})`),
    // NOTE: an imported day keeps each list apart already: its `dim` is the column's name.
    imported: {
      dims: cols,
      select: (sql: Queryable) => sql`dim, label, sum(views)::float8 AS views`,
      groupBy: (sql: Queryable) => sql`1, 2`,
    },
  };
}

/** Imported days' rows of one list, summed per label: the groups of a one-key aggregate read. */
const importedBy = (dim: string, select: (sql: Queryable) => Fragment): Grouped["imported"] =>
  ({ dims: [dim], select, groupBy: (sql) => sql`1` });

/** Views, uniques and bounces per local day and hour: the totals and the day and hour series. */
export const HOURS: Grouped = {
  name: "stats.hours",
  view: "hits_hourly",
  keys: ["day", "hour"],
  sums: ["views", "uniques", "bounces"],
  select: (sql) => sql`local_day::text AS day, local_hour AS hour, sum(views)::float8 AS views,
    sum(uniques)::float8 AS uniques, sum(bounces)::float8 AS bounces`,
  groupBy: (sql) => sql`1, 2`,
  // NOTE: an imported day has no hours: its hour is NULL.
  imported: importedBy("total", (sql) => sql`day::text AS day, NULL::int AS hour, sum(views)::float8 AS views,
    sum(uniques)::float8 AS uniques, sum(bounces)::float8 AS bounces`),
};

// NOTE: one read per aggregate: GROUPING SETS give the four lists of hits_daily_tech in one pass.
export const TECH: Grouped = { name: "stats.tech", view: "hits_daily_tech", keys: ["dim", "label"], sums: ["views"], ...dimensions(["browser", "os", "device", "screen"]) };
export const GEO: Grouped = { name: "stats.geo", view: "hits_daily_geo", keys: ["dim", "label"], sums: ["views"], ...dimensions(["country", "language"]) };

/**
 * Every figure of a page: the pages list with its direct and campaign arrivals, attention (visible
 * time, scroll depth), bounce rate, energy and load times. `estimated`: the part of `bytes` that
 * imported days estimate (src/hits imported bytes); an imported page's time counts as one leave per
 * view, as the tools that export time on page count it.
 */
export const PAGES: Grouped = {
  name: "stats.pages",
  view: "hits_daily_page",
  keys: ["label"],
  sums: ["views", "uniques", "bounces", "leaves", "duration", "bytes", "loadMs", "loads", "scroll", "scrolls", "direct", "utm", "estimated"],
  select: (sql) => sql`path AS label, sum(views)::float8 AS views, sum(uniques)::float8 AS uniques,
    sum(bounces)::float8 AS bounces, sum(leaves)::float8 AS leaves, coalesce(sum(duration_ms), 0)::float8 AS duration,
    coalesce(sum(bytes), 0)::float8 AS bytes, coalesce(sum(load_ms), 0)::float8 AS "loadMs", sum(loads)::float8 AS loads,
    coalesce(sum(scroll_pct), 0)::float8 AS scroll, sum(scrolls)::float8 AS scrolls,
    sum(direct)::float8 AS direct, sum(utm)::float8 AS utm, 0::float8 AS estimated`,
  groupBy: (sql) => sql`1`,
  imported: importedBy("page", (sql) => sql`label, sum(views)::float8 AS views, sum(uniques)::float8 AS uniques,
    sum(bounces)::float8 AS bounces, sum(CASE WHEN duration_ms > 0 THEN views ELSE 0 END)::float8 AS leaves,
    sum(duration_ms)::float8 AS duration, coalesce(sum(bytes), 0)::float8 AS bytes, 0::float8 AS "loadMs", 0::float8 AS loads,
    0::float8 AS scroll, 0::float8 AS scrolls, 0::float8 AS direct, 0::float8 AS utm, coalesce(sum(bytes), 0)::float8 AS estimated`),
};

/** The referrer label of an arrival: "direct", its host, or "unknown" when it had no readable host. */
export const REF_LABEL = "CASE WHEN source = 'direct' THEN 'direct' ELSE coalesce(referrer_host, 'unknown') END";

/**
 * Arrivals by source class and referrer label: SUMMARY's sources and REF's referrers. Only
 * arrivals are in hits_daily_referrer: an internal page view has no source.
 */
export const REFERRERS: Grouped = {
  name: "stats.referrers",
  view: "hits_daily_referrer",
  keys: ["source", "label"],
  sums: ["views"],
  select: (sql) => sql`source, ${sql.unsafe(REF_LABEL)} AS label, sum(views)::float8 AS views`,
  groupBy: (sql) => sql`1, 2`,
  imported: { dims: ["referrer"], select: (sql) => sql`grp AS source, label, sum(views)::float8 AS views`, groupBy: (sql) => sql`1, 2` },
};

// NOTE: one read of hits_daily_campaign (sql/060_stats.sql) for the campaigns and both sublists:
// the (campaign) set gives the totals (dim NULL), the others utm_source and utm_medium per campaign.
export const CAMPAIGNS: Grouped = {
  name: "stats.campaigns",
  view: "hits_daily_campaign",
  keys: ["campaign", "dim", "label"],
  sums: ["views"],
  select: (sql) => sql`utm_campaign AS campaign,
    CASE WHEN GROUPING(coalesce(utm_source, 'unknown')) = 0 THEN 'source'
      WHEN GROUPING(coalesce(utm_medium, 'unknown')) = 0 THEN 'medium' END AS dim,
    CASE WHEN GROUPING(coalesce(utm_source, 'unknown')) = 0 THEN coalesce(utm_source, 'unknown')
      WHEN GROUPING(coalesce(utm_medium, 'unknown')) = 0 THEN coalesce(utm_medium, 'unknown') END AS label,
    sum(views)::float8 AS views`,
  groupBy: (sql) => sql`GROUPING SETS ((utm_campaign), (utm_campaign, coalesce(utm_source, 'unknown')),
    (utm_campaign, coalesce(utm_medium, 'unknown')))`,
  // NOTE: imported days hold campaigns' totals only: no source or medium per campaign.
  imported: importedBy("campaign", (sql) => sql`label AS campaign, NULL AS dim, NULL AS label, sum(views)::float8 AS views`),
};

/** Page-view bytes per visitor country (NULL read as "unknown"): carbon on the visitors' own grids. */
export const GRID: Grouped = {
  name: "stats.grid",
  view: "hits_daily_grid",
  keys: ["label"],
  sums: ["bytes"],
  select: (sql) => sql`coalesce(country, 'unknown') AS label, coalesce(sum(bytes), 0)::float8 AS bytes`,
  groupBy: (sql) => sql`1`,
  // NOTE: an imported day's estimated bytes have no country: they are priced on the global average.
  imported: importedBy("total", (sql) => sql`'unknown' AS label, coalesce(sum(bytes), 0)::float8 AS bytes`),
};

/** Arrivals per referrer label and entry page. */
export const ENTRIES: Grouped = {
  name: "stats.entries",
  view: "hits_daily_entry",
  keys: ["grp", "label"],
  sums: ["views"],
  select: (sql) => sql`${sql.unsafe(REF_LABEL)} AS grp, path AS label, sum(views)::float8 AS views`,
  groupBy: (sql) => sql`1, 2`,
  // NOTE: `grp` is the arrival's referrer label when the file held one, else "unknown".
  imported: { dims: ["entry"], select: (sql) => sql`CASE WHEN grp = '' THEN 'unknown' ELSE grp END AS grp, label, sum(views)::float8 AS views`, groupBy: (sql) => sql`1, 2` },
};

/**
 * ENTRIES of one referrer label, or of one page: what a popup shows, read when it opens. NOTE: the
 * conditions name the aggregate's own columns, so its indexes find the rows of the one referrer or
 * page instead of hashing every referrer × page group of the range.
 */
export function entriesOf(w: { of: "referrer"; label: string } | { of: "page"; path: string }): Grouped {
  // NOTE: a popup reads the site's own days: the conditions name the aggregate's columns.
  if (w.of === "page") return { ...ENTRIES, name: `stats.entries.page ${JSON.stringify(w.path)}`, where: (sql) => sql`path = ${w.path}`, imported: undefined };
  const { label } = w;
  const where = (sql: Queryable) =>
    label === "direct" ? sql`source = 'direct'`
    : label === "unknown" ? sql`source <> 'direct' AND (referrer_host IS NULL OR referrer_host = 'unknown')`
    : sql`source <> 'direct' AND referrer_host = ${label}`;
  return { ...ENTRIES, name: `stats.entries.referrer ${JSON.stringify(label)}`, where, imported: undefined };
}

/** Campaign page views per campaign and page. */
export const CAMPAIGN_PAGES: Grouped = {
  name: "stats.campaignPages",
  view: "hits_daily_campaign_page",
  keys: ["grp", "label"],
  sums: ["views"],
  select: (sql) => sql`utm_campaign AS grp, path AS label, sum(views)::float8 AS views`,
  groupBy: (sql) => sql`1, 2`,
};

/**
 * CAMPAIGN_PAGES of one campaign: what the campaign detail's Path tab shows, read when it opens.
 * NOTE: the condition names the aggregate's own column, as entriesOf's do.
 */
export const campaignPagesOf = (name: string): Grouped =>
  ({ ...CAMPAIGN_PAGES, name: `stats.campaignPages.campaign ${JSON.stringify(name)}`, where: (sql) => sql`utm_campaign = ${name}` });

/** Page views per social post that sent them (hits_daily_post, sql/060_stats.sql). */
export const POSTS: Grouped = {
  name: "stats.posts",
  view: "hits_daily_post",
  keys: ["u"],
  sums: ["views"],
  select: (sql) => sql`referrer_post AS u, sum(views)::float8 AS views`,
  groupBy: (sql) => sql`1`,
};

// NOTE: one scan for both levels: the (name) set gives the event totals, (name, value) the children.
// A NULL `value` with GROUPING(value) = 1 is the total; a real NULL value is labelled "(none)".
export const EVENTS: Grouped = {
  name: "stats.events",
  view: "hits_daily_event",
  keys: ["name", "value"],
  sums: ["events"],
  select: (sql) => sql`event_name AS name,
    CASE WHEN GROUPING(event_value) = 1 THEN NULL ELSE coalesce(event_value, '(none)') END AS value,
    sum(events)::float8 AS events`,
  groupBy: (sql) => sql`GROUPING SETS ((event_name), (event_name, event_value))`,
  imported: {
    dims: ["event"],
    select: (sql) => sql`label AS name, CASE WHEN GROUPING(grp) = 1 THEN NULL WHEN grp = '' THEN '(none)' ELSE grp END AS value,
      sum(views)::float8 AS events`,
    groupBy: (sql) => sql`GROUPING SETS ((label), (label, grp))`,
  },
};

/**
 * Page views, leave beacons and events by page and the page before it in the same tab (FUNNEL's
 * steps, funnel.ts): hits that came from a page of the site, and every event. `from` is "" for an
 * event sent on a page reached from elsewhere; `value` is null for an event without one.
 */
export const STEPS: Grouped = {
  name: "stats.steps",
  view: "hits_daily_step",
  keys: ["kind", "path", "from", "name", "value"],
  sums: ["hits", "bytes"],
  select: (sql) => sql`kind::int AS kind, path, coalesce(from_path, '') AS "from", event_name AS name, event_value AS value,
    sum(hits)::float8 AS hits, coalesce(sum(bytes), 0)::float8 AS bytes`,
  groupBy: (sql) => sql`1, 2, 3, 4, 5`,
};

/**
 * The lists imported days fill, with how many days each: what SUMMARY tells of a range's imported
 * history. TRICKY: imported days only; the site's own rows are none (`where` false), so the read
 * rides along with the others, cached per sealed piece and stats epoch like them.
 */
export const IMPORTED: Grouped = {
  name: "stats.imported",
  view: "hits_daily_grid",
  keys: ["dim"],
  sums: ["days"],
  select: (sql) => sql`NULL::text AS dim, 0::float8 AS days`,
  groupBy: (sql) => sql`1`,
  where: (sql) => sql`false`,
  imported: { dims: IMPORTED_DIMS, select: (sql) => sql`dim, count(DISTINCT day)::float8 AS days`, groupBy: (sql) => sql`1` },
};

/**
 * What a dashboard load's SUMMARY, PATH and REF ask of every piece: a filtered read answers them
 * together for each sealed piece of its slice (grouped.ts pieceTable), once for the three reads.
 */
export const DASHBOARD: readonly Grouped[] = [HOURS, TECH, GEO, REFERRERS, PAGES, IMPORTED, EVENTS, GRID, CAMPAIGNS, POSTS];
