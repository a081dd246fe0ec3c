// PATH: pages (views, uniques, time on page, bounce rate), energy and CO2 per page and in total
// (SWD v4 through src/carbon), and custom events with their values, from the aggregates.
import { carKm, perVisit, streamingHours } from "../carbon";
import { namedQuery, type Queryable } from "../db";
import { LOCKED, type CarbonTotals, type EnergyRow, type ListRow, type PathRow } from "./contract";
import { byValueThenLabel, change, inRange, LIST_LIMIT, nowSum, share, thenSum, toList } from "./lists";
import type { Range } from "./range";

type PageRow = {
  label: string; now: number; then: number; uniques: number; bounces: number; leaves: number;
  duration: number; bytes: number; thenBytes: number;
};

const pages = namedQuery("stats.path.pages", (sql: Queryable, site: number, r: Range) => sql<PageRow[]>`
  SELECT path AS label, ${nowSum(sql, r, "views")} AS now, ${thenSum(sql, r, "views")} AS then,
    ${nowSum(sql, r, "uniques")} AS uniques, ${nowSum(sql, r, "bounces")} AS bounces,
    ${nowSum(sql, r, "leaves")} AS leaves, ${nowSum(sql, r, "duration_ms")} AS duration,
    ${nowSum(sql, r, "bytes")} AS bytes, ${thenSum(sql, r, "bytes")} AS "thenBytes"
  FROM hits_daily_page WHERE ${inRange(sql, site, r)}
  GROUP BY 1`);

type EventRow = { name: string; value: string | null; now: number; then: number };

// NOTE: one scan for both levels: the (name) set gives the event totals, (name, value) the children.
// A NULL `value` with GROUPING(value) = 1 is the total; a real NULL value is labelled "(none)".
const events = namedQuery("stats.path.events", (sql: Queryable, site: number, r: Range) => sql<EventRow[]>`
  SELECT event_name AS name,
    CASE WHEN GROUPING(event_value) = 1 THEN NULL ELSE coalesce(event_value, '(none)') END AS value,
    ${nowSum(sql, r, "events")} AS now, ${thenSum(sql, r, "events")} AS then
  FROM hits_daily_event WHERE ${inRange(sql, site, r)}
  GROUP BY GROUPING SETS ((event_name), (event_name, event_value))`);

function pathRows(rows: PageRow[]): PathRow[] {
  return toList(rows, (p) => ({
    visits: { hits: p.now, unique: p.uniques },
    durationAvg: p.leaves > 0 ? p.duration / p.leaves : null,
    bounceRate: p.uniques > 0 ? p.bounces / p.uniques : null,
  }));
}

/**
 * Energy per page. `value` is grams of CO2 per visit (SWD v4 on the page's average bytes: view and
 * leave beacon bytes over page views); `co2Grams` and `kwh` are the page's totals for the range,
 * `pc` its share of the range's CO2, `c` the change of grams per visit against the previous period.
 */
function energyRows(rows: PageRow[], green: boolean | "unknown"): EnergyRow[] {
  const seen = rows.filter((p) => p.now > 0).map((p) => {
    const visit = perVisit(p.bytes / p.now, green);
    const thenGrams = p.then > 0 ? perVisit(p.thenBytes / p.then, green).grams : 0;
    return { label: p.label, visit, thenGrams, views: p.now, bytesAvg: p.bytes / p.now };
  });
  const total = seen.reduce((s, e) => s + e.visit.grams * e.views, 0);
  return seen
    .map((e) => ({
      label: e.label, value: e.visit.grams, pc: share(e.visit.grams * e.views, total), c: change(e.visit.grams, e.thenGrams),
      bytesAvg: e.bytesAvg, co2Grams: e.visit.grams * e.views, kwh: e.visit.kwh * e.views, visits: e.views,
    }))
    .sort(byValueThenLabel)
    .slice(0, LIST_LIMIT);
}

function carbonTotals(rows: PageRow[], green: boolean | "unknown"): CarbonTotals {
  const visits = rows.reduce((s, p) => s + p.now, 0);
  const leaves = rows.reduce((s, p) => s + p.leaves, 0);
  const bytes = rows.reduce((s, p) => s + p.bytes, 0);
  const durationTotal = rows.reduce((s, p) => s + p.duration, 0);
  // NOTE: SWD v4 is linear in bytes, so grams of all bytes equal the sum of the pages' co2Grams
  // (up to rounding), including pages past the energy list's 1000-row cap.
  const co2Grams = perVisit(bytes, green).grams;
  return {
    transferredBytes: bytes,
    co2Grams,
    avgCo2Grams: visits > 0 ? co2Grams / visits : 0,
    totalKM: carKm(co2Grams),
    streamingHours: streamingHours(bytes),
    green,
    durationTotal,
    avgTimeSpent: leaves > 0 ? durationTotal / leaves : 0,
    visits,
  };
}

function eventRows(rows: EventRow[]): ListRow[] {
  const children = new Map<string, EventRow[]>();
  for (const e of rows) if (e.value !== null) children.set(e.name, [...(children.get(e.name) ?? []), e]);
  const named = (e: EventRow) => ({ label: e.value ?? e.name, now: e.now, then: e.then });
  return toList(rows.filter((e) => e.value === null).map(named), (e) => ({
    children: toList((children.get(e.label) ?? []).map(named)),
  }));
}

export async function pathStats(sql: Queryable, site: number, r: Range, target: { pro: boolean; green: boolean | "unknown" }) {
  // NOTE: a plan without Energy & Carbon and Events never runs their queries.
  const [pageRows, eventList] = await Promise.all([
    pages(sql, site, r),
    target.pro ? events(sql, site, r) : Promise.resolve(null),
  ]);
  const energy = target.pro ? energyRows(pageRows, target.green) : null;
  return {
    path: pathRows(pageRows),
    energy: energy ?? LOCKED,
    events: eventList ? eventRows(eventList) : LOCKED,
    carbonTotals: energy ? carbonTotals(pageRows, target.green) : LOCKED,
  };
}
