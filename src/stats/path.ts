// PATH: pages (views, uniques, time on page, scroll depth, bounce rate), energy and CO2 per page and in total
// (SWD v4 through src/carbon), and custom events with their values, from the aggregates.
import { carKm, perVisit, RATING_SCALE, ratingOf, streamingHours } from "../carbon";
import { averageVisibleTime, bounceRate, LOCKED, type CarbonTotals, type EnergyRow, type ListRow, type PathRow } from "./contract";
import { percentChange } from "../shared/change";
import { byValueThenLabel, paired, rowCount, share, toList, TYPE_OF_LIST, type PeriodGroups } from "./lists";
import { sumReader, type SumReader } from "./grouped";
import { EVENTS, GRID, PAGES } from "./queries";
import type { Groups } from "./groups";
import type { Reader } from "./grouped";

type PageRow = {
  label: string; now: number; then: number; uniques: number; bounces: number; leaves: number;
  duration: number; bytes: number; thenBytes: number; scroll: number; scrolls: number; direct: number; utm: number;
  /** The part of `bytes` estimated for imported days. */
  estimated: number;
};

const page = (name: string): SumReader => sumReader(PAGES, name);
const [views, uniques, bounces, leaves, duration, bytes] = [page("views"), page("uniques"), page("bounces"), page("leaves"), page("duration"), page("bytes")];
const [scroll, scrolls, direct, utm, estimated] = [page("scroll"), page("scrolls"), page("direct"), page("utm"), page("estimated")];

/** Each page seen in the range with its figures (and the previous period's views and bytes). */
function pageRows(pages: PeriodGroups): PageRow[] {
  return [...pages.now].map(([key, p]) => {
    const then = pages.then.get(key);
    return {
      label: p.labels[0] as string, now: views(p), then: views(then), uniques: uniques(p), bounces: bounces(p),
      leaves: leaves(p), duration: duration(p), bytes: bytes(p), thenBytes: bytes(then), scroll: scroll(p), scrolls: scrolls(p),
      direct: direct(p), utm: utm(p), estimated: estimated(p),
    };
  });
}

type EventRow = { name: string; value: string | null; now: number; then: number };

function pathRows(rows: PageRow[], limit: number): PathRow[] {
  return toList(rows, (p) => ({
    direct: p.direct,
    utm: p.utm,
    visits: { hits: p.now, unique: p.uniques },
    durationAvg: averageVisibleTime(p.duration, p.leaves),
    bounceRate: bounceRate(p.bounces, p.uniques),
    scrollAvg: p.scrolls > 0 ? p.scroll / p.scrolls : null,
  }), limit);
}

/**
 * Energy per page. `value` is grams of CO2 per visit (SWD v4 on the page's average bytes: view and
 * leave beacon bytes over page views); `co2Grams` and `kwh` are the page's totals for the range,
 * `pc` its share of the range's CO2, `c` the change of grams per visit against the previous period.
 */
function energyRows(rows: PageRow[], green: boolean | "unknown", limit: number): EnergyRow[] {
  const seen = rows.filter((p) => p.now > 0).map((p) => {
    const visit = perVisit(p.bytes / p.now, green);
    const thenGrams = p.then > 0 ? perVisit(p.thenBytes / p.then, green).grams : 0;
    return { label: p.label, visit, thenGrams, views: p.now, bytesAvg: p.bytes / p.now };
  });
  const total = seen.reduce((s, e) => s + e.visit.grams * e.views, 0);
  return seen
    .map((e) => ({
      label: e.label, value: e.visit.grams, pc: share(e.visit.grams * e.views, total), c: percentChange(e.visit.grams, e.thenGrams),
      bytesAvg: e.bytesAvg, co2Grams: e.visit.grams * e.views, kwh: e.visit.kwh * e.views, visits: e.views, rating: e.visit.rating,
    }))
    .sort(byValueThenLabel)
    .slice(0, limit);
}

/**
 * Grams of CO2 of `bytes` on the visitors' own grids: each country's page-view bytes on its grid,
 * "unknown" on the global average (`worldGrams`, all of it, when no page view reported bytes). The
 * grid aggregate holds page views only (older leave beacons carried no country), so the leave
 * beacons' bytes are spread over the countries in proportion to their page-view bytes. `knownShare` is the fraction of the bytes placed in a country.
 */
function visitorGrid(bytes: number, worldGrams: number, grid: Groups, green: boolean | "unknown") {
  const countries = [...grid.values()].map((g) => ({ country: g.labels[0] as string, bytes: g.sums[0]! }));
  const viewBytes = countries.reduce((s, c) => s + c.bytes, 0);
  if (viewBytes <= 0) return { co2Grams: worldGrams, knownShare: 0 };
  const scale = bytes / viewBytes;
  let co2Grams = 0;
  let known = 0;
  for (const c of countries) {
    const isKnown = c.country !== "unknown";
    co2Grams += perVisit(c.bytes * scale, green, isKnown ? c.country : null).grams;
    if (isKnown) known += c.bytes;
  }
  return { co2Grams, knownShare: known / viewBytes };
}

/** Grams of CO2 of the range's page views from all their bytes (view and leave beacons, SWD v4):
 * the carbon totals' co2Grams, and what Events and Goals spread over their conversions. */
export const pageViewGrams = (bytes: number, green: boolean | "unknown"): number => perVisit(bytes, green).grams;

function carbonTotals(rows: PageRow[], grid: Groups, green: boolean | "unknown"): CarbonTotals {
  const visits = rows.reduce((s, p) => s + p.now, 0);
  const leaves = rows.reduce((s, p) => s + p.leaves, 0);
  const bytes = rows.reduce((s, p) => s + p.bytes, 0);
  const durationTotal = rows.reduce((s, p) => s + p.duration, 0);
  // NOTE: SWD v4 is linear in bytes, so grams of all bytes equal the sum of the pages' co2Grams
  // (up to rounding), including pages past the energy list's 1000-row cap.
  const co2Grams = pageViewGrams(bytes, green);
  const avgCo2Grams = visits > 0 ? co2Grams / visits : 0;
  const local = visitorGrid(bytes, co2Grams, grid, green);
  const localAvg = visits > 0 ? local.co2Grams / visits : 0;
  return {
    transferredBytes: bytes,
    estimatedBytes: rows.reduce((s, p) => s + p.estimated, 0),
    co2Grams,
    avgCo2Grams,
    rating: ratingOf(avgCo2Grams),
    ratingScale: RATING_SCALE,
    totalKM: carKm(co2Grams),
    streamingHours: streamingHours(bytes),
    green,
    durationTotal,
    avgTimeSpent: averageVisibleTime(durationTotal, leaves) ?? 0,
    visits,
    visitorGrid: { co2Grams: local.co2Grams, avgCo2Grams: localAvg, rating: ratingOf(localAvg), knownShare: local.knownShare },
  };
}

/**
 * Events with their values as children. Conversion rates need no visitor id: an event's count over
 * the range's page views (total) and over its unique visits (unique), as fractions. Carbon per
 * conversion is the CO2 of all the range's page views over the row's count: with no visitor path
 * kept, every view of the range is counted as leading to it.
 */
function eventRows(rows: EventRow[], base: { views: number; uniques: number; co2Grams: number }, limit: number): ListRow[] {
  const children = new Map<string, EventRow[]>();
  for (const e of rows) if (e.value !== null) children.set(e.name, [...(children.get(e.name) ?? []), e]);
  const named = (e: EventRow) => ({ label: e.value ?? e.name, now: e.now, then: e.then });
  const rates = (now: number, parentLabel: string | null) => ({
    totalConversionRate: { value: share(now, base.views), parentLabel },
    uniqueConversionRate: { value: share(now, base.uniques), parentLabel },
    co2PerConversion: now > 0 ? base.co2Grams / now : null,
  });
  return toList(rows.filter((e) => e.value === null).map(named), (e) => ({
    ...rates(e.now, null),
    children: toList((children.get(e.label) ?? []).map(named), (v) => rates(v.now, e.label), limit),
  }), limit);
}

/** Every page's energy row (its bytes and grams of CO2 per visit) in the range: SPEED shows them beside its vitals. */
export const pageEnergy = async (read: Reader, green: boolean | "unknown"): Promise<EnergyRow[]> =>
  energyRows(pageRows(await read.periods(PAGES)), green, Infinity);

/** `limit` caps each list (LIST_LIMIT for the API, Infinity for exports). */
export async function pathStats(read: Reader, target: { pro: boolean; green: boolean | "unknown" }, limit: number) {
  // NOTE: a plan without Energy & Carbon and Events never runs their queries.
  const [pages, events, grid] = await Promise.all([
    read.periods(PAGES), target.pro ? read.periods(EVENTS) : Promise.resolve(null), target.pro ? read.now(GRID) : Promise.resolve(null),
  ]);
  const rows = pageRows(pages);
  const eventList: EventRow[] | null = events
    ? paired(events).map((e) => ({ name: e.labels[0] as string, value: e.labels[1] as string | null, now: e.now, then: e.then }))
    : null;
  const energy = target.pro ? energyRows(rows, target.green, limit) : null;
  const totals = energy && grid ? carbonTotals(rows, grid, target.green) : null;
  const topEvents = eventList?.filter((e) => e.value === null) ?? [];
  const base = { views: rows.reduce((s, p) => s + p.now, 0), uniques: rows.reduce((s, p) => s + p.uniques, 0), co2Grams: totals?.co2Grams ?? 0 };
  return {
    count: { path: rowCount(rows), energy: energy ? rowCount(rows) : 0, events: rowCount(topEvents) },
    type: TYPE_OF_LIST.PATH,
    path: pathRows(rows, limit),
    energy: energy ?? LOCKED,
    events: eventList ? eventRows(eventList, base, limit) : LOCKED,
    carbonTotals: totals ?? LOCKED,
  };
}
