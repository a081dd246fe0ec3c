// SUMMARY: totals of both periods, the day (and hour) series, sources, devices, screen sizes,
// countries, languages, browsers, systems and load times, read from the continuous aggregates.
import { DEVICE_CLASSES, SOURCE_CLASSES, type Day, type Visits } from "./contract";
import { dimension, rowCount, toList, TYPE_OF_LIST, type PeriodGroups } from "./lists";
import { sumReader } from "./grouped";
import { GEO, HOURS, IMPORTED, PAGES, REFERRERS, TECH } from "./queries";
import { dayKeys } from "../shared/days";
import type { ImportedDim, ImportedSpan } from "../shared/imports";
import type { Groups } from "./groups";
import type { ReadRange } from "./range";
import type { Reader } from "./grouped";

const loadMs = sumReader(PAGES, "loadMs");
const loads = sumReader(PAGES, "loads");

const SIZES = ["s", "m", "l"] as const;

/** A map with every key present (zeros included) from labelled counts; other labels are dropped. */
function keyed<K extends string>(keys: readonly K[], rows: { label: string; now: number }[]): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const r of rows) if ((keys as readonly string[]).includes(r.label)) out[r.label as K] += r.now;
  return out;
}

const emptyVisits = (): Visits => ({ hits: 0, unique: 0, bounceNew: 0, bounceCount: 0 });

function series(hours: PeriodGroups, r: ReadRange) {
  const visits = emptyVisits();
  const previous = emptyVisits();
  const days = new Map<string, Day>(
    dayKeys(r.startKey, r.endKey).map((k) => [k, { stamp: k, visits: 0, unique: 0, hours: r.hourly ? new Array<number>(24).fill(0) : [] }]),
  );
  for (const [table, v] of [[hours.now, visits], [hours.then, previous]] as const) {
    for (const { labels, sums: [views, uniques, bounces] } of table.values()) {
      v.hits += views!;
      v.unique += uniques!;
      v.bounceCount += bounces!;
      if (v === previous) continue;
      const day = days.get(labels[0] as string)!;
      day.visits += views!;
      day.unique += uniques!;
      // NOTE: an imported day's figures have no hour (NULL): its hours stay empty.
      if (r.hourly && labels[1] !== null) day.hours[labels[1] as number]! += views!;
    }
  }
  // NOTE: every unique visit ends once, so the visits that could bounce are the unique ones.
  visits.bounceNew = visits.unique;
  previous.bounceNew = previous.unique;
  return { visits, previous, days: [...days.values()] };
}

/** The range's imported days (their `total` rows) and the lists they fill; null when none. */
function importedSpan(lists: Groups): ImportedSpan | null {
  const days = new Map([...lists.values()].map((g) => [g.labels[0] as ImportedDim, g.sums[0]!]));
  const total = days.get("total") ?? 0;
  return total > 0 ? { days: total, lists: [...days.keys()].filter((d) => d !== "total").sort() } : null;
}

/** `limit` caps each list (LIST_LIMIT for the API, Infinity for exports). */
export async function summary(read: Reader, r: ReadRange, limit: number) {
  // NOTE: the embedded database runs one query at a time, so these are sent together only to save
  // round trips; on a server they run side by side.
  const [hours, tech, geo, referrers, pages, imported] = await Promise.all([
    read.periods(HOURS), read.periods(TECH), read.periods(GEO), read.now(REFERRERS), read.periods(PAGES), read.now(IMPORTED),
  ]);
  const perf = [...pages.now].flatMap(([key, p]) => {
    if (loads(p) <= 0) return [];
    const then = pages.then.get(key);
    return [{ label: p.labels[0] as string, now: loadMs(p) / loads(p), then: loads(then) > 0 ? loadMs(then) / loads(then) : 0 }];
  });
  const lists = {
    country: dimension(geo, "country"), language: dimension(geo, "language"),
    browser: dimension(tech, "browser"), os: dimension(tech, "os"), perf,
  };
  const sources = [...referrers.values()].map((g) => ({ label: g.labels[0] as string, now: g.sums[0]! }));
  return {
    ...series(hours, r),
    unit: r.days === 1 ? ("hour" as const) : ("day" as const),
    source: keyed(SOURCE_CLASSES, sources),
    device: keyed(DEVICE_CLASSES, dimension(tech, "device")),
    size: keyed(SIZES, dimension(tech, "screen")),
    country: toList(lists.country, undefined, limit),
    language: toList(lists.language, undefined, limit),
    browser: toList(lists.browser, undefined, limit),
    os: toList(lists.os, undefined, limit),
    perf: toList(perf, undefined, limit),
    count: Object.fromEntries(Object.entries(lists).map(([name, items]) => [name, rowCount(items)])) as Record<keyof typeof lists, number>,
    type: TYPE_OF_LIST.SUMMARY,
    imported: importedSpan(imported),
  };
}
