// SUMMARY: totals of both periods, the day (and hour) series, sources, devices, screen sizes,
// countries, languages, browsers, systems and load times, read from the continuous aggregates.
import { namedQuery, type Queryable } from "../db";
import type { Day, ListRow, Visits } from "./contract";
import { dimensions, inRange, nowSum, thenSum, toList, type Pair } from "./lists";
import { dayKeys, type Range } from "./range";

type HourRow = { day: string; hour: number; views: number; uniques: number; bounces: number };
type DimRow = { dim: string; label: string } & Pair;

/** Per local day (and hour when the range is ≤ 7 days) of both periods. */
const hours = namedQuery("stats.summary.hours", (sql: Queryable, site: number, r: Range) => sql<HourRow[]>`
  SELECT local_day::text AS day, CASE WHEN ${r.hourly}::boolean THEN local_hour ELSE 0 END AS hour,
    sum(views)::float8 AS views, sum(uniques)::float8 AS uniques, sum(bounces)::float8 AS bounces
  FROM hits_hourly WHERE ${inRange(sql, site, r)}
  GROUP BY 1, 2`);

// NOTE: one read per aggregate: GROUPING SETS give the four lists of hits_daily_tech in one pass.
const TECH = ["browser", "os", "device", "screen"] as const;
const tech = namedQuery("stats.summary.tech", (sql: Queryable, site: number, r: Range) => {
  const d = dimensions(sql, TECH);
  return sql<DimRow[]>`
    SELECT ${d.dim} AS dim, ${d.label} AS label, ${nowSum(sql, r, "views")} AS now, ${thenSum(sql, r, "views")} AS then
    FROM hits_daily_tech WHERE ${inRange(sql, site, r)} GROUP BY ${d.sets}`;
});

const GEO = ["country", "language"] as const;
const geo = namedQuery("stats.summary.geo", (sql: Queryable, site: number, r: Range) => {
  const d = dimensions(sql, GEO);
  return sql<DimRow[]>`
    SELECT ${d.dim} AS dim, ${d.label} AS label, ${nowSum(sql, r, "views")} AS now, ${thenSum(sql, r, "views")} AS then
    FROM hits_daily_geo WHERE ${inRange(sql, site, r)} GROUP BY ${d.sets}`;
});

/** Arrivals by source class (hits_daily_referrer holds arrivals only: internal views have no source). */
const sources = namedQuery("stats.summary.sources", (sql: Queryable, site: number, r: Range) => sql<{ label: string; now: number }[]>`
  SELECT source AS label, ${nowSum(sql, r, "views")} AS now
  FROM hits_daily_referrer WHERE ${inRange(sql, site, r)}
  GROUP BY 1`);

/** Load time per page: summed ms and the number of loads measured, for both periods. */
const perf = namedQuery("stats.summary.perf", (sql: Queryable, site: number, r: Range) =>
  sql<{ label: string; ms: number; loads: number; thenMs: number; thenLoads: number }[]>`
  SELECT path AS label, ${nowSum(sql, r, "load_ms")} AS ms, ${nowSum(sql, r, "loads")} AS loads,
    ${thenSum(sql, r, "load_ms")} AS "thenMs", ${thenSum(sql, r, "loads")} AS "thenLoads"
  FROM hits_daily_page WHERE ${inRange(sql, site, r)}
  GROUP BY 1`);

const SOURCES = ["direct", "social", "search", "email", "unknown"] as const;
const DEVICES = ["mobile", "tablet", "desktop"] as const;
const SIZES = ["s", "m", "l"] as const;

/** A map with every key present (zeros included) from labelled counts; other labels are dropped. */
function keyed<K extends string>(keys: readonly K[], rows: { label: string; now: number }[]): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const r of rows) if ((keys as readonly string[]).includes(r.label)) out[r.label as K] += r.now;
  return out;
}

const emptyVisits = (): Visits => ({ hits: 0, unique: 0, bounceNew: 0, bounceCount: 0 });

function series(rows: HourRow[], r: Range) {
  const visits = emptyVisits();
  const previous = emptyVisits();
  const days = new Map<string, Day>(
    dayKeys(r.startKey, r.endKey).map((k) => [k, { stamp: k, visits: 0, unique: 0, hours: r.hourly ? new Array<number>(24).fill(0) : [] }]),
  );
  for (const row of rows) {
    const now = row.day >= r.startKey;
    const v = now ? visits : previous;
    v.hits += row.views;
    v.unique += row.uniques;
    v.bounceCount += row.bounces;
    if (!now) continue;
    const day = days.get(row.day)!;
    day.visits += row.views;
    day.unique += row.uniques;
    if (r.hourly) day.hours[row.hour]! += row.views;
  }
  // NOTE: every unique visit ends once, so the visits that could bounce are the unique ones.
  visits.bounceNew = visits.unique;
  previous.bounceNew = previous.unique;
  return { visits, previous, days: [...days.values()] };
}

export async function summary(sql: Queryable, site: number, r: Range) {
  // NOTE: the embedded database runs one query at a time, so these are sent together only to save
  // round trips; on a server they run side by side.
  const [hourRows, techRows, geoRows, sourceRows, perfRows] = await Promise.all([
    hours(sql, site, r), tech(sql, site, r), geo(sql, site, r), sources(sql, site, r), perf(sql, site, r),
  ]);
  const dim = (rows: DimRow[], name: string) => rows.filter((x) => x.dim === name);
  const perfList: ListRow[] = toList(
    perfRows
      .filter((p) => p.loads > 0)
      .map((p) => ({ label: p.label, now: p.ms / p.loads, then: p.thenLoads > 0 ? p.thenMs / p.thenLoads : 0 })),
  );
  return {
    ...series(hourRows, r),
    unit: r.days === 1 ? ("hour" as const) : ("day" as const),
    source: keyed(SOURCES, sourceRows),
    device: keyed(DEVICES, dim(techRows, "device")),
    size: keyed(SIZES, dim(techRows, "screen")),
    country: toList(dim(geoRows, "country")),
    language: toList(dim(geoRows, "language")),
    browser: toList(dim(techRows, "browser")),
    os: toList(dim(techRows, "os")),
    perf: perfList,
  };
}
