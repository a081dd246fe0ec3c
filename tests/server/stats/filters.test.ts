// Filters: every figure of a filtered SUMMARY, PATH and REF equals the same figure over the raw hits
// of the slice (reference.ts), for random filter sets using every operator on every dimension read
// off a hit (goal filters: goal-filter.test.ts), on two domains far from UTC that keep daylight saving, over ranges ending today and around a day
// their clocks changed. The slice's SQL is written here from the filters' meaning, not taken from
// src/stats.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { refreshAggregates } from "../../../src/hits";
import { HOUR_MS, localTime } from "../../../src/shared/days";
import { FILTER_OPERATORS, HIT_DIMENSIONS, type Filter, type HitDimension } from "../../../src/shared/filters";
import { rng } from "../../../src/collect/synthetic";
import type { Database } from "../../../src/db";
import type { DataType } from "../../../src/stats/contract";
import { readStats, type StatsTarget } from "../../../src/stats/read";
import { addTarget, ingest, openStatsDatabase, traffic } from "../../helpers/stats";
import { near, referencePath, referenceRef, referenceSummary } from "./reference";

const DAY = 86_400_000;
/**
 * How many random filter sets: FILTER_SETS, else 60 in `npm test` (enough for every operator and
 * dimension to lead one; `npm run filters` runs 200). FILTER_SEED picks them.
 */
const SETS = Number(process.env.FILTER_SETS) || 60;
const SEED = Number(process.env.FILTER_SEED) || 7;

/** Each dimension's value on a hit, NULL when it has none (the lists' labels; SQL over hits). */
const VALUE: Record<HitDimension, string> = {
  page: "path",
  entry_page: "CASE WHEN source IS NULL THEN NULL ELSE path END",
  referrer: "CASE WHEN source IS NULL THEN NULL WHEN source = 'direct' THEN 'direct' ELSE coalesce(referrer_host, 'unknown') END",
  source: "source", utm_source: "utm_source", utm_medium: "utm_medium", utm_campaign: "utm_campaign",
  country: "coalesce(country, 'unknown')", language: "coalesce(language, 'unknown')", device: "coalesce(device, 'unknown')",
  browser: "coalesce(browser, 'unknown')", os: "coalesce(os, 'unknown')", screen: "coalesce(screen, 'unknown')",
  event: "event_name",
};

const literal = (v: string) => `'${v.replaceAll("'", "''")}'`;
/** LIKE's own wildcards and escape written as plain characters. */
const plain = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The hits one filter keeps: no value matches neither `is` nor `contains`; an event filter spares other hits. */
/** A filter on a dimension read off a hit. */
type HitFilter = [Filter[0], HitDimension, string[]];

function condition([op, dim, values]: HitFilter): string {
  const v = VALUE[dim];
  const isAny = `coalesce(${v} IN (${values.map(literal).join(", ")}), false)`;
  const containsAny = `coalesce(${values.map((x) => `lower(${v}) LIKE lower(${literal(`%${plain(x)}%`)})`).join(" OR ")}, false)`;
  const c = op === "is" ? isAny : op === "is_not" ? `NOT ${isAny}` : op === "contains" ? containsAny : `NOT ${containsAny}`;
  return dim === "event" ? `(kind <> 3 OR ${c})` : `(${c})`;
}
const sliceOf = (filters: HitFilter[]) => filters.map(condition).join(" AND ");

type Site = {
  target: StatsTarget;
  today: string;
  /** A local day the zone's clocks changed on, with traffic around it, and whether they went forward. */
  change: string;
  forward: boolean;
  /** Each dimension's values present, with how many hits carry them. */
  pools: Record<HitDimension, { v: string; n: number }[]>;
};
let db: Database;
const sites: Site[] = [];

const offsetNames = new Map<string, Intl.DateTimeFormat>();
/** The zone's UTC offset at `t` in minutes, read from what Intl writes ("GMT+12:45", "GMT-02:30", "GMT"). */
function offsetAt(tz: string, t: number): number {
  const f = offsetNames.get(tz) ?? offsetNames.set(tz, new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" })).get(tz)!;
  const m = /([+-])(\d\d):(\d\d)/.exec(f.formatToParts(t).find((p) => p.type === "timeZoneName")!.value);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/**
 * The last instant before `t` of the zone's latest clock change (of one kind when `forward` is
 * given) and its kind: a zone with daylight saving changes both ways within a year.
 */
function lastChange(tz: string, t: number, forward?: boolean): { at: number; forward: boolean } {
  for (let x = Math.floor(t / HOUR_MS) * HOUR_MS; x > t - 400 * DAY; x -= HOUR_MS) {
    const [before, after] = [offsetAt(tz, x), offsetAt(tz, x + HOUR_MS)];
    if (before !== after && (forward === undefined || after > before === forward)) return { at: x, forward: after > before };
  }
  throw new Error(`${tz} has not changed its clocks for 400 days`);
}

/** `forward`: the kind of clock change its traffic is to go around, else the latest. */
async function seed(name: string, tz: string, green: StatsTarget["green"], n: number, forward?: boolean): Promise<Site> {
  const target = await addTarget(db.sql, name, tz, { green });
  const now = Date.now();
  const internal = { internal: 0.25 };
  await ingest(db.sql, traffic(name, now - 40 * DAY, now - 10 * 60_000, 2500, 7 + n, internal));
  const change = lastChange(tz, now, forward);
  await ingest(db.sql, traffic(name, change.at - 3.5 * DAY, change.at + 3.5 * DAY, 700, 17 + n, internal));
  await refreshAggregates(db.sql);
  // TRICKY: as in exact.test.ts, hits after the hourly watermark are in no materialized bucket.
  const [w] = await db.sql<{ from: Date }[]>`SELECT time_bucket('1 hour', now() - interval '2 minutes') AS "from"`;
  await ingest(db.sql, traffic(name, Math.max(w!.from.getTime(), now - 10 * 60_000), Date.now(), 150, 27 + n, internal));
  const pools = {} as Site["pools"];
  for (const dim of HIT_DIMENSIONS) {
    pools[dim] = (await db.sql.unsafe(
      `SELECT ${VALUE[dim]} AS v, count(*)::int AS n FROM hits WHERE site_id = $1 AND ${VALUE[dim]} IS NOT NULL GROUP BY 1 ORDER BY 1`,
      [target.id],
    )).map((r) => ({ v: String(r.v), n: Number(r.n) }));
  }
  return { target, today: localTime(tz, Date.now()).day, change: localTime(tz, change.at).day, forward: change.forward, pools };
}

beforeAll(async () => {
  db = await openStatsDatabase();
  // NOTE: +12:45/+13:45 and −03:30/−02:30: neither zone's days nor hours begin on a UTC hour; one
  // goes around a day its clocks went forward, the other around one they went back.
  sites.push(await seed("chatham.example", "Pacific/Chatham", true, 0));
  sites.push(await seed("stjohns.example", "America/St_Johns", "unknown", 1, !sites[0]!.forward));
}, 240_000);
afterAll(() => db.close());

const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shift = (day: string, n: number) => dayKey(Date.parse(`${day}T00:00:00Z`) + n * DAY);

/** Today, 7 and 30 days ending today, five days around the clock change, and the change's own day (by the hour). */
const rangesOf = (s: Site): [string, string][] => [
  [s.today, s.today], [shift(s.today, -6), s.today], [shift(s.today, -29), s.today], [shift(s.change, -2), shift(s.change, 2)], [s.change, s.change],
];

/** readStats' figures for a slice (the envelope's are the range's, checked by exact.test.ts). */
async function figuresOf(s: Site, dataType: DataType, [startKey, endKey]: [string, string], filters: Filter[]) {
  const got = await readStats(db.read, s.target, { startKey, endKey, dataType, filters }, { admin: false });
  if (!got.ok) throw new Error(got.message);
  const { validated, periods: _, admin: __, error: ___, dataType: ____, ...figures } = got.stats;
  expect(validated.filters).toEqual(filters);
  return { range: [startKey, endKey], ...figures };
}

async function referenceOf(s: Site, dataType: DataType, [startKey, endKey]: [string, string], slice: string) {
  const { id, green } = s.target;
  const want =
    dataType === "SUMMARY" ? await referenceSummary(db.sql, id, startKey, endKey, slice)
    : dataType === "PATH" ? await referencePath(db.sql, id, startKey, endKey, green, slice)
    : await referenceRef(db.sql, id, startKey, endKey, slice);
  return { range: [startKey, endKey], ...want };
}

/**
 * Random filter sets of 1–3 filters: the (operator, dimension) pairs come in shuffled turns, so the
 * first 56 filters (at most 56 sets) hold every pair; values mostly from the data, weighted by hits.
 */
function filterSets(count: number): HitFilter[][] {
  const r = rng(SEED);
  const n = (k: number) => Math.floor(r() * k);
  const pairs = FILTER_OPERATORS.flatMap((op) => HIT_DIMENSIONS.map((dim) => [op, dim] as const));
  let turn: (typeof pairs)[number][] = [];
  const nextPair = () => {
    if (turn.length === 0) turn = pairs.map((p) => [r(), p] as const).sort((a, b) => a[0] - b[0]).map(([, p]) => p);
    return turn.pop()!;
  };
  const weighted = (pool: { v: string; n: number }[]) => {
    let u = r() * pool.reduce((a, p) => a + p.n, 0);
    for (const p of pool) if ((u -= p.n) < 0) return p.v;
    return pool.at(-1)?.v ?? "absent";
  };
  const mixedCase = (v: string) => [...v].map((c) => (r() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join("");
  const value = (site: Site, op: Filter[0], dim: HitDimension): string => {
    const seen = weighted(site.pools[dim]);
    const u = r();
    if (op === "contains" || op === "not_contains") {
      if (u < 0.8) {
        const from = n(seen.length);
        return mixedCase(seen.slice(from, from + 1 + n(Math.max(1, seen.length - from))));
      }
      return ["%", "_", "UnKnown", "zz-absent"][n(4)]!;
    }
    return u < 0.8 ? seen : u < 0.88 ? "unknown" : u < 0.94 ? mixedCase(seen) : "/absent-value";
  };
  return Array.from({ length: count }, (_, i) => {
    const site = sites[i % sites.length]!;
    return Array.from({ length: 1 + n(3) }, (): HitFilter => {
      const [op, dim] = nextPair();
      return [op, dim, [...new Set(Array.from({ length: 1 + (r() < 0.3 ? 1 : 0) + (r() < 0.1 ? 1 : 0) }, () => value(site, op, dim)))]];
    });
  });
}

const TYPES = ["SUMMARY", "PATH", "REF"] as const;

describe("a filtered read equals raw hits of its slice", () => {
  test("the traffic has several values on every dimension, internal page views and a day the clocks changed", async () => {
    expect(sites.map((s) => s.forward).sort()).toEqual([false, true]);
    for (const s of sites) {
      for (const dim of HIT_DIMENSIONS) expect([dim, s.pools[dim].length > 2]).toEqual([dim, true]);
      const [c] = await db.sql`
        SELECT count(*) FILTER (WHERE kind = 1 AND source IS NULL)::int AS internal, count(*) FILTER (WHERE local_day = ${s.change}::date)::int AS "onChange"
        FROM hits WHERE site_id = ${s.target.id}`;
      expect(c!.internal).toBeGreaterThan(50);
      expect(c!.onChange).toBeGreaterThan(50);
      const day = Date.parse(`${s.change}T00:00:00Z`);
      expect(offsetAt(s.target.tz, day + 2 * DAY) - offsetAt(s.target.tz, day - DAY)).toBe(s.forward ? 60 : -60);
    }
  });

  test(`${SETS} random filter sets (seed ${SEED}) cover every operator on every dimension`, async () => {
    const used = new Set<string>();
    let sliced = 0;
    for (const [i, filters] of filterSets(SETS).entries()) {
      // NOTE: 2 sites × 3 dataTypes × 5 ranges are coprime turns: every combination recurs every 30 sets.
      const site = sites[i % sites.length]!;
      const dataType = TYPES[i % TYPES.length]!;
      const range = rangesOf(site)[i % 5]!;
      const slice = sliceOf(filters);
      const [c] = await db.sql.unsafe(
        `SELECT count(*) FILTER (WHERE ${slice})::int AS kept, count(*)::int AS "all" FROM hits
         WHERE site_id = $1 AND local_day BETWEEN $2::date AND $3::date`,
        [site.target.id, range[0], range[1]],
      );
      if (c!.kept > 0 && c!.kept < c!.all) sliced++;
      const want = await referenceOf(site, dataType, range, slice);
      const got = await figuresOf(site, dataType, range, filters);
      try {
        expect(near(got, want)).toEqual(want);
      } catch (err) {
        throw new Error(`set ${i} (FILTER_SEED=${SEED}) ${site.target.name} ${dataType} ${range.join("…")} ${JSON.stringify(filters)}: ${(err as Error).message}`, { cause: err });
      }
      for (const [op, dim] of filters) used.add(`${op} ${dim}`);
    }
    const missing = FILTER_OPERATORS.flatMap((op) => HIT_DIMENSIONS.map((dim) => `${op} ${dim}`)).filter((p) => !used.has(p));
    if (SETS >= FILTER_OPERATORS.length * HIT_DIMENSIONS.length) expect(missing).toEqual([]);
    // NOTE: a slice that keeps every hit or none would make the comparison say little.
    expect(sliced).toBeGreaterThan(SETS / 2);
  }, 120_000 + SETS * 5_000);

  test("a filter that keeps nothing answers zeros and empty lists", async () => {
    const site = sites[0]!;
    const range: [string, string] = [shift(site.today, -29), site.today];
    const filters: HitFilter[] = [["is", "page", ["/no/such/page"]]];
    const summary = await figuresOf(site, "SUMMARY", range, filters);
    const path = await figuresOf(site, "PATH", range, filters);
    const ref = await figuresOf(site, "REF", range, filters);
    if (!("visits" in summary) || !("carbonTotals" in path) || path.carbonTotals === "locked" || !("result" in ref)) throw new Error("not the dataTypes asked for");
    expect(summary.visits).toEqual({ hits: 0, unique: 0, bounceNew: 0, bounceCount: 0 });
    expect([summary.country, summary.language, summary.browser, summary.os, summary.perf]).toEqual([[], [], [], [], []]);
    expect(summary.days.every((d) => d.visits === 0 && d.unique === 0)).toBe(true);
    expect([path.path, path.energy, path.events, ref.result, ref.campaign, ref.tweets]).toEqual([[], [], [], [], [], []]);
    expect(path.carbonTotals.visits).toBe(0);
    for (const dataType of TYPES) {
      const want = await referenceOf(site, dataType, range, sliceOf(filters));
      expect(near(await figuresOf(site, dataType, range, filters), want)).toEqual(want);
    }
  });

  test("a filter set's answer does not depend on the order of its filters or of their values", async () => {
    const site = sites[1]!;
    const range: [string, string] = [shift(site.today, -29), site.today];
    const filters: HitFilter[] = [["is_not", "country", ["US", "GB"]], ["contains", "page", ["blog", "DOCS"]], ["not_contains", "event", ["sign"]]];
    const reversed = filters.map(([op, dim, values]): HitFilter => [op, dim, [...values].reverse()]).reverse();
    for (const dataType of TYPES) {
      const a = await figuresOf(site, dataType, range, filters);
      expect(await figuresOf(site, dataType, range, reversed)).toEqual(a);
      const want = await referenceOf(site, dataType, range, sliceOf(filters));
      expect(near(a, want)).toEqual(want);
    }
  });
});
