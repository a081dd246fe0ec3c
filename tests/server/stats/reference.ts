// The reference the exactness and filter tests compare readStats with: every figure of SUMMARY, PATH
// and REF computed straight from raw `hits` with plain GROUP BY queries, one period at a time, over
// a slice (SQL over hits' columns, "true" for all hits), independent of src/stats (no aggregates, no
// shared helpers). Only perVisit comes from src/carbon, whose grams
// tests/unit/carbon checks against @tgwf/co2 itself.
import type { Sql } from "postgres";
import { co2 } from "@tgwf/co2";
import countries from "i18n-iso-countries";
import { perVisit, RATING_SCALE } from "../../../src/carbon";
import { classifyReferrer } from "../../../src/collect/referrers";

type Row = { label: string; value: number; pc: number; c: number | null; [k: string]: unknown };
type Counts = Map<string, number>;

const DAY = 86_400_000;
const key = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function periodsOf(startKey: string, endKey: string) {
  const days = (ms(endKey) - ms(startKey)) / DAY + 1;
  return { days, now: [startKey, endKey] as const, then: [key(ms(startKey) - days * DAY), key(ms(startKey) - DAY)] as const };
}
type Period = readonly [string, string];
/** The site's hits a reference reads: those where `slice` (SQL over hits) holds. */
type Scope = { site: number; slice: string };

/** label → measure over one period; `label` and `measure` are SQL over hits. */
async function counts(sql: Sql, s: Scope, p: Period, label: string, where: string, measure = "count(*)"): Promise<Counts> {
  const rows = await sql.unsafe(
    `SELECT ${label} AS label, (${measure})::float8 AS v FROM hits
     WHERE site_id = $1 AND local_day BETWEEN $2::date AND $3::date AND ${where} AND (${s.slice}) GROUP BY 1`,
    [s.site, p[0], p[1]],
  );
  return new Map(rows.map((r) => [String(r.label), Number(r.v)]));
}

/** Labels with something now: a list's rows before the 1,000-row cap. */
const rowsOf = (now: Counts) => [...now.values()].filter((v) => v > 0).length;

/** Rows with something now, pc of the list total, c against then, value desc then label, ≤ limit. */
function list(now: Counts, then: Counts, extra: (label: string) => object = () => ({}), limit = 1000, total?: number): Row[] {
  const sum = total ?? [...now.values()].reduce((a, b) => a + b, 0);
  const rows: Row[] = [];
  for (const [label, value] of now) {
    if (value <= 0) continue;
    const before = then.get(label) ?? 0;
    rows.push({ label, value, pc: sum === 0 ? 0 : value / sum, c: before === 0 ? null : ((value - before) / before) * 100, ...extra(label) });
  }
  rows.sort((a, b) => b.value - a.value || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return rows.slice(0, limit);
}

async function both(sql: Sql, s: Scope, startKey: string, endKey: string, label: string, where: string, measure?: string) {
  const p = periodsOf(startKey, endKey);
  return [await counts(sql, s, p.now, label, where, measure), await counts(sql, s, p.then, label, where, measure)] as const;
}

async function visits(sql: Sql, s: Scope, p: Period) {
  const [r] = await sql.unsafe(
    `SELECT count(*) FILTER (WHERE kind = 1)::float8 AS hits, count(*) FILTER (WHERE is_unique)::float8 AS unique,
       count(*) FILTER (WHERE is_bounce)::float8 AS bounces
     FROM hits WHERE site_id = $1 AND local_day BETWEEN $2::date AND $3::date AND (${s.slice})`,
    [s.site, p[0], p[1]],
  );
  return { hits: r!.hits, unique: r!.unique, bounceNew: r!.unique, bounceCount: r!.bounces };
}

/**
 * When each local hour ("YYYY-MM-DD HH") of the site's zone from `startKey` to `endKey` begins, in
 * ms, by PostgreSQL's own zone rules: the first UTC quarter-hour whose local wall clock reads that
 * hour (every offset is a multiple of 15 minutes). NOTE: an hour daylight saving skips is absent,
 * one it repeats begins at its first pass.
 */
async function hourStarts(sql: Sql, site: number, startKey: string, endKey: string): Promise<Map<string, number>> {
  const margin = 15 * 3_600_000;
  const rows = await sql.unsafe(
    `SELECT to_char(t AT TIME ZONE d.tz, 'YYYY-MM-DD HH24') AS w, min(extract(epoch FROM t) * 1000)::float8 AS x
     FROM domains d, generate_series($2::timestamptz, $3::timestamptz, interval '15 minutes') AS t WHERE d.id = $1 GROUP BY 1`,
    [site, new Date(ms(startKey) - margin).toISOString(), new Date(ms(endKey) + DAY + margin).toISOString()],
  );
  return new Map(rows.map((r) => [String(r.w), Number(r.x)]));
}

const keyed = (keys: string[], m: Counts) => Object.fromEntries(keys.map((k) => [k, m.get(k) ?? 0]));

export async function referenceSummary(sql: Sql, site: number, startKey: string, endKey: string, slice = "true") {
  const s = { site, slice };
  const p = periodsOf(startKey, endKey);
  const hourly = p.days <= 7;
  const byHour = await counts(sql, s, p.now, "local_day::text || ' ' || local_hour", "kind = 1");
  const byDayUnique = await counts(sql, s, p.now, "local_day::text", "is_unique");
  const days: { stamp: string; visits: number; unique: number; hours: number[] }[] = [];
  for (let t = ms(startKey); t <= ms(endKey); t += DAY) {
    const d = key(t);
    const hours = Array.from({ length: 24 }, (_, h) => byHour.get(`${d} ${h}`) ?? 0);
    days.push({ stamp: d, visits: hours.reduce((a, b) => a + b, 0), unique: byDayUnique.get(d) ?? 0, hours: hourly ? hours : [] });
  }
  // NOTE: each list is asked once, for its rows' count and for its rows.
  const dims = new Map<string, ReturnType<typeof both>>();
  const dim = (col: string) => dims.get(col) ?? dims.set(col, both(sql, s, startKey, endKey, `coalesce(${col}, 'unknown')`, "kind = 1")).get(col)!;
  const [loadNow, loadThen] = await both(sql, s, startKey, endKey, "path", "load_ms IS NOT NULL", "sum(load_ms)");
  const [nLoadNow, nLoadThen] = await both(sql, s, startKey, endKey, "path", "load_ms IS NOT NULL");
  const avg = (s: Counts, n: Counts) => new Map([...s].map(([k, v]) => [k, v / n.get(k)!]));
  const unit = p.days === 1 ? "hour" : "day";
  const at = await hourStarts(sql, site, startKey, endKey);
  const dayStart = (d: string) => Math.min(...[...at].filter(([w]) => w.startsWith(d)).map(([, x]) => x));
  const hourKey = (h: number) => `${days[0]!.stamp} ${String(h).padStart(2, "0")}`;
  const chart = unit === "hour"
    ? { unit, datasets: [{ label: "views", data: days[0]!.hours.flatMap((y, h) => (at.has(hourKey(h)) ? [{ x: at.get(hourKey(h)), y }] : [])) }] }
    : {
      unit,
      datasets: [
        { label: "views", data: days.map((d) => ({ x: dayStart(d.stamp), y: d.visits })) },
        { label: "unique", data: days.map((d) => ({ x: dayStart(d.stamp), y: d.unique })) },
      ],
    };
  return {
    visits: await visits(sql, s, p.now),
    previous: await visits(sql, s, p.then),
    days,
    unit,
    chart,
    count: {
      country: rowsOf((await dim("country"))[0]), language: rowsOf((await dim("language"))[0]),
      browser: rowsOf((await dim("browser"))[0]), os: rowsOf((await dim("os"))[0]), perf: rowsOf(loadNow),
    },
    type: { country: "country", language: "language", browser: "browser", os: "os", perf: "page" },
    // NOTE: arrivals only: an internal page view has no source, and is not an "unknown" one.
    source: keyed(["direct", "social", "search", "email", "ai", "jobs", "unknown"], (await counts(sql, s, p.now, "source", "kind = 1 AND source IS NOT NULL"))),
    device: keyed(["mobile", "tablet", "desktop", "smarttv", "console"], (await dim("device"))[0]),
    size: keyed(["s", "m", "l"], (await dim("screen"))[0]),
    country: list(...(await dim("country"))),
    language: list(...(await dim("language"))),
    browser: list(...(await dim("browser"))),
    os: list(...(await dim("os"))),
    perf: list(avg(loadNow, nLoadNow), avg(loadThen, nLoadThen)),
    // NOTE: raw hits hold no imported history.
    imported: null,
  };
}

export async function referencePath(sql: Sql, site: number, startKey: string, endKey: string, green: boolean | "unknown", slice = "true") {
  const s = { site, slice };
  const page = (where: string, measure?: string) => both(sql, s, startKey, endKey, "path", where, measure);
  const pageNow = (where: string, measure?: string) => counts(sql, s, periodsOf(startKey, endKey).now, "path", where, measure);
  const [views, viewsThen] = await page("kind = 1");
  const uniques = await pageNow("is_unique");
  const bounces = await pageNow("is_bounce");
  const leaves = await pageNow("kind = 2");
  const duration = await pageNow("kind = 2 AND duration_ms IS NOT NULL", "sum(duration_ms)");
  const [bytes, bytesThen] = await page("kind IN (1, 2) AND transfer_bytes IS NOT NULL", "sum(transfer_bytes)");
  const direct = await pageNow("kind = 1 AND source = 'direct'");
  const utm = await pageNow("kind = 1 AND utm_campaign IS NOT NULL");
  const scroll = await pageNow("kind = 2 AND scroll_pct IS NOT NULL", "sum(scroll_pct)");
  const scrolls = await pageNow("kind = 2 AND scroll_pct IS NOT NULL");
  const get = (m: Counts, k: string) => m.get(k) ?? 0;
  const path = list(views, viewsThen, (l) => ({
    direct: get(direct, l),
    utm: get(utm, l),
    visits: { hits: get(views, l), unique: get(uniques, l) },
    durationAvg: get(leaves, l) > 0 ? get(duration, l) / get(leaves, l) : null,
    bounceRate: get(uniques, l) > 0 ? get(bounces, l) / get(uniques, l) : null,
    scrollAvg: get(scrolls, l) > 0 ? get(scroll, l) / get(scrolls, l) : null,
  }));
  // NOTE: letters straight from CO2.js's own scale, not from src/carbon.
  const letter = (g: number) => new co2({ model: "swd", version: 4, rating: true }).model.ratingScale(g);
  const grams = (m: Counts, v: Counts) => new Map([...v].filter(([, n]) => n > 0).map(([k, n]) => [k, perVisit(get(m, k) / n, green).grams]));
  const gNow = grams(bytes, views);
  const totalGrams = [...gNow].reduce((s, [k, g]) => s + g * get(views, k), 0);
  const energy = list(gNow, grams(bytesThen, viewsThen), (l) => ({
    pc: (gNow.get(l)! * get(views, l)) / totalGrams,
    bytesAvg: get(bytes, l) / get(views, l), co2Grams: gNow.get(l)! * get(views, l),
    kwh: perVisit(get(bytes, l) / get(views, l), green).kwh * get(views, l), visits: get(views, l), rating: letter(gNow.get(l)!),
  }));
  const sum = (m: Counts) => [...m.values()].reduce((a, b) => a + b, 0);
  const co2Grams = perVisit(sum(bytes), green).grams;
  const allViews = sum(views);
  const [events, eventsThen] = await both(sql, s, startKey, endKey, "event_name", "kind = 3");
  const [values, valuesThen] = await both(sql, s, startKey, endKey, "event_name || '\u0001' || coalesce(event_value, '(none)')", "kind = 3");
  const allUniques = sum(uniques);
  const rates = (n: number, parentLabel: string | null) => ({
    totalConversionRate: { value: allViews > 0 ? n / allViews : 0, parentLabel },
    uniqueConversionRate: { value: allUniques > 0 ? n / allUniques : 0, parentLabel },
    co2PerConversion: n > 0 ? co2Grams / n : null,
  });
  // Visitors' grids: CO2.js itself with each country's grid for device and network (it falls back
  // to the world average for a country it has no figure for); leave bytes spread by view bytes.
  const countryBytes = await counts(sql, s, periodsOf(startKey, endKey).now, "coalesce(country, 'unknown')", "kind = 1 AND transfer_bytes IS NOT NULL", "sum(transfer_bytes)");
  const viewBytes = sum(countryBytes);
  const swd = new co2({ model: "swd", version: 4 });
  const FIRST = { dataReloadRatio: 0, firstVisitPercentage: 1, returnVisitPercentage: 0 };
  const onGrid = (b: number, c: string) => {
    const country = c === "unknown" ? undefined : countries.alpha2ToAlpha3(c);
    const options = country ? { ...FIRST, gridIntensity: { device: { country }, network: { country } } } : FIRST;
    const trace = swd.perVisitTrace(b, green === true, options).co2;
    return typeof trace === "number" ? trace : trace.total;
  };
  const localGrams = viewBytes > 0 ? [...countryBytes].reduce((s, [c, b]) => s + onGrid((b * sum(bytes)) / viewBytes, c), 0) : co2Grams;
  const localAvg = allViews > 0 ? localGrams / allViews : 0;
  const known = [...countryBytes].filter(([c]) => c !== "unknown").reduce((s, [, b]) => s + b, 0);
  const under = (m: Counts, name: string) =>
    new Map([...m].filter(([k]) => k.startsWith(`${name}\u0001`)).map(([k, v]) => [k.slice(name.length + 1), v]));
  return {
    count: { path: rowsOf(views), energy: rowsOf(views), events: rowsOf(events) },
    type: { path: "page", energy: "page", events: "event" },
    path,
    energy,
    events: list(events, eventsThen, (name) => ({
      ...rates(get(events, name), null),
      children: list(under(values, name), under(valuesThen, name), (v) => rates(get(under(values, name), v), name)),
    })),
    carbonTotals: {
      transferredBytes: sum(bytes), estimatedBytes: 0, co2Grams, avgCo2Grams: allViews > 0 ? co2Grams / allViews : 0,
      rating: letter(allViews > 0 ? co2Grams / allViews : 0), ratingScale: RATING_SCALE,
      totalKM: co2Grams / 106.6, streamingHours: sum(bytes) / 700_000_000, green,
      durationTotal: sum(duration), avgTimeSpent: sum(leaves) > 0 ? sum(duration) / sum(leaves) : 0, visits: allViews,
      visitorGrid: { co2Grams: localGrams, avgCo2Grams: localAvg, rating: letter(localAvg), knownShare: viewBytes > 0 ? known / viewBytes : 0 },
    },
  };
}

export const REF_LABEL = "CASE WHEN source = 'direct' THEN 'direct' WHEN referrer_host IS NULL THEN 'unknown' ELSE referrer_host END";

/** Top 10 pages per group, pc of the group's whole total. */
async function topPages(sql: Sql, s: Scope, startKey: string, endKey: string, group: string, where: string, groups: string[]) {
  const [now, then] = await both(sql, s, startKey, endKey, `${group} || '\u0001' || path`, where);
  const out: Record<string, Row[]> = {};
  for (const g of groups) {
    const pick = (m: Counts) => new Map([...m].filter(([k]) => k.startsWith(`${g}\u0001`)).map(([k, v]) => [k.slice(g.length + 1), v]));
    out[g] = list(pick(now), pick(then), undefined, 10);
  }
  return out;
}

export async function referenceRef(sql: Sql, site: number, startKey: string, endKey: string, slice = "true") {
  const s = { site, slice };
  const referrers = await both(sql, s, startKey, endKey, REF_LABEL, "kind = 1 AND source IS NOT NULL");
  const result = list(...referrers, (l) => {
    const name = l === "direct" || l === "unknown" ? null : classifyReferrer(l).name;
    return name ? { name } : {};
  });
  const campaigns = "kind = 1 AND utm_campaign IS NOT NULL";
  const [cNow, cThen] = await both(sql, s, startKey, endKey, "utm_campaign", campaigns);
  const sub = async (col: string) => {
    const [now, then] = await both(sql, s, startKey, endKey, `utm_campaign || '\u0001' || coalesce(${col}, 'unknown')`, campaigns);
    return (c: string) => {
      const pick = (m: Counts) => new Map([...m].filter(([k]) => k.startsWith(`${c}\u0001`)).map(([k, v]) => [k.slice(c.length + 1), v]));
      return list(pick(now), pick(then));
    };
  };
  const [source, medium] = [await sub("utm_source"), await sub("utm_medium")];
  const pages = await topPages(sql, s, startKey, endKey, "utm_campaign", campaigns, [...cNow.keys()]);
  return {
    count: { result: rowsOf(referrers[0]), campaign: rowsOf(cNow) },
    type: { result: "referrer", campaign: "campaign" },
    result,
    path: await topPages(sql, s, startKey, endKey, REF_LABEL, "kind = 1 AND source IS NOT NULL", result.map((r) => r.label)),
    campaign: list(cNow, cThen, (c) => ({ source: source(c), medium: medium(c), path: pages[c] })),
    tweets: (await sql.unsafe(
      `SELECT referrer_post AS u, count(*)::float8 AS n FROM hits
       WHERE site_id = $1 AND kind = 1 AND referrer_post IS NOT NULL
         AND local_day BETWEEN $2::date AND $3::date AND (${slice})
       GROUP BY 1 ORDER BY 2 DESC, referrer_post COLLATE "C" LIMIT 25`,
      [site, startKey, endKey],
    )).map((t) => ({ u: t.u, visits: [t.n, t.n === 1 ? "visit" : "visits"] })),
  };
}

/**
 * `got` with every number that is within 1e-9 (relative) of the number at the same place in `want`
 * replaced by that number: sums of fractions (grams) may differ in the last bits with the order of
 * summing. Anything else stays as it is, so toEqual still shows every real difference.
 */
export function near(got: unknown, want: unknown): unknown {
  if (typeof got === "number" && typeof want === "number") return Math.abs(got - want) <= 1e-9 * Math.max(Math.abs(want), 1e-9) ? want : got;
  if (Array.isArray(got) && Array.isArray(want)) return got.map((g, i) => near(g, want[i]));
  if (got && want && typeof got === "object" && typeof want === "object") {
    return Object.fromEntries(Object.entries(got).map(([k, g]) => [k, near(g, (want as Record<string, unknown>)[k])]));
  }
  return got;
}

/** A goal as the reference reads it: SQL over a hit that says whether it converts, written by hand. */
export type ReferenceGoal = { converts: string };

/**
 * GOALS' figures per goal: conversions (the hits where `converts` holds) in both periods, the rate
 * over the range's unique visits, the sum of count × value over numeric event values, and the
 * grams of all the range's page-view and leave-beacon bytes over the conversions.
 */
export async function referenceGoals(sql: Sql, site: number, startKey: string, endKey: string, green: boolean | "unknown", goals: ReferenceGoal[], slice = "true") {
  const s = { site, slice };
  const p = periodsOf(startKey, endKey);
  const { unique } = await visits(sql, s, p.now);
  const bytes = await counts(sql, s, p.now, "'all'", "kind IN (1, 2) AND transfer_bytes IS NOT NULL", "sum(transfer_bytes)");
  const grams = perVisit(bytes.get("all") ?? 0, green).grams;
  const out = [];
  for (const g of goals) {
    const [now, then] = await both(sql, s, startKey, endKey, "'all'", g.converts);
    const n = now.get("all") ?? 0;
    const before = then.get("all") ?? 0;
    const numeric = "event_value ~ '^-?[0-9]+(\\.[0-9]+)?$'";
    const [sum] = await counts(sql, s, p.now, "'all'", `${g.converts} AND ${numeric}`, "sum(event_value::float8)").then((m) => [...m.values()]);
    out.push({
      conversions: n, rate: unique > 0 ? n / unique : 0, valueSum: sum ?? null,
      co2PerConversion: n > 0 ? grams / n : null, c: before > 0 ? ((n - before) / before) * 100 : null,
    });
  }
  return out;
}
