// Carbon in PATH: for fixed byte counts written through the collect path,
// the energy rows and totals equal @tgwf/co2's own SWD v4 output, on green and on grey hosting,
// and the equivalents are bytes / 700 million for streaming hours and grams / GRAMS_PER_KM for km.
// On the visitors' own grids each country's bytes are priced by CO2.js with that country's grid
// for the device and network shares; events carry the range's CO2 over their count. SPEED: the web
// vitals sent beside these page views (which change none of the figures above) as exact p75s and
// rating shares per page, site and day, with each page's bytes and CO2 per visit from PATH.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { co2 } from "@tgwf/co2";
import type { Incoming } from "../../../src/collect/model";
import type { Database } from "../../../src/db";
import type { CarbonTotals, EnergyRow, ListRow, SpeedStats } from "../../../src/stats/contract";
import type { Filter } from "../../../src/shared/filters";
import { readStats, type StatsTarget } from "../../../src/stats/read";
import { CHROME_UA } from "../../helpers/collect";
import { addTarget, ingest, openStatsDatabase } from "../../helpers/stats";

const IPHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
// Vitals of page views on 2026-11-10: page, time zone, user-agent, LCP, INP (none without an interaction), CLS.
const VITALS_SENT: [string, string, string, number, number | undefined, number][] = [
  ["/heavy", "Europe/Paris", CHROME_UA, 1200, 80, 0.01],
  ["/heavy", "Europe/Paris", IPHONE_UA, 2600, 250, 0.3],
  ["/heavy", "Europe/London", CHROME_UA, 3900, undefined, 0.12],
  ["/heavy", "Europe/London", IPHONE_UA, 4100, 600, 0],
  ["/heavy", "Europe/Paris", CHROME_UA, 8000, 150, 0.05],
  ["/light", "Europe/London", CHROME_UA, 900, 40, 0],
  ["/light", "Europe/London", IPHONE_UA, 2400, undefined, 0.1],
];

const FIRST = { dataReloadRatio: 0, firstVisitPercentage: 1, returnVisitPercentage: 0 };
const swd = new co2({ model: "swd", version: 4 });
const grams = (bytes: number, green: boolean) => swd.perVisitTrace(bytes, green, FIRST).co2 as number;

let db: Database;
let target: StatsTarget;
const at = Date.parse("2026-11-10T12:00:00Z");

beforeAll(async () => {
  db = await openStatsDatabase();
  target = await addTarget(db.sql, "carbon.example", "Europe/London");
  const d = "carbon.example";
  const hits: Incoming[] = [
    // /heavy: two views of 2,000,000 (from France) and 1,000,000 bytes (from Britain), one leave
    // beacon adding 600,000: 1.8 MB a view.
    { kind: "view", body: { d, p: "/heavy", w: 1280, b: 2_000_000, z: "Europe/Paris" }, time: at, ua: CHROME_UA },
    { kind: "view", body: { d, p: "/heavy", w: 1280, b: 1_000_000, z: "Europe/London" }, time: at + 1000, ua: CHROME_UA },
    { kind: "leave", body: { d, p: "/heavy", v: 30_000, b: 600_000 }, time: at + 2000, ua: CHROME_UA },
    // /light: one view of 121,653 bytes (a page from the carbon unit tests), no time zone sent.
    { kind: "view", body: { d, p: "/light", w: 1280, b: 121_653 }, time: at + 3000, ua: CHROME_UA },
    // Two sign-ups and one of them with a value.
    { kind: "event", body: { d, p: "/light", n: "Signup" }, time: at + 4000, ua: CHROME_UA },
    { kind: "event", body: { d, p: "/light", n: "Signup", v: "pro" }, time: at + 5000, ua: CHROME_UA },
    ...VITALS_SENT.map(([p, z, ua, lcp, inp, cls], i): Incoming => ({ kind: "vitals", body: { d, p, w: 1280, z, lcp, inp, cls, fcp: 900, ttfb: 200 + i }, time: at + 6000 + i, ua })),
    // The next day, one more on /heavy.
    { kind: "vitals", body: { d, p: "/heavy", w: 1280, z: "Europe/Paris", lcp: 1000, cls: 0 }, time: at + 86_400_000, ua: CHROME_UA },
  ];
  await ingest(db.sql, hits);
}, 60_000);
afterAll(() => db.close());

async function path(green: boolean | "unknown") {
  const got = await readStats(db.read, { ...target, green, pro: true }, { startKey: "2026-11-10", endKey: "2026-11-10", dataType: "PATH" }, { admin: false });
  if (!got.ok || got.stats.dataType !== "PATH") throw new Error("expected PATH");
  return { energy: got.stats.energy as EnergyRow[], totals: got.stats.carbonTotals as CarbonTotals, events: got.stats.events as ListRow[] };
}

test.each([[true], [false]])("green %p: per-page grams and totals equal co2.js", async (green) => {
  const { energy, totals } = await path(green);
  const heavy = grams(1_800_000, green);
  const light = grams(121_653, green);
  expect(energy.map((e) => e.label)).toEqual(["/heavy", "/light"]);
  expect(energy[0]).toMatchObject({ bytesAvg: 1_800_000, visits: 2, c: null });
  expect(energy[0]!.value).toBeCloseTo(heavy, 12);
  expect(energy[0]!.co2Grams).toBeCloseTo(2 * heavy, 12);
  expect(energy[0]!.kwh).toBeCloseTo(2 * 0.0018 * 0.3, 12);
  expect(energy[1]!.value).toBeCloseTo(light, 12);
  expect(energy[0]!.pc + energy[1]!.pc).toBeCloseTo(1, 12);
  const all = 3_721_653;
  expect(totals.transferredBytes).toBe(all);
  expect(totals.co2Grams).toBeCloseTo(grams(all, green), 12);
  expect(totals.co2Grams).toBeCloseTo(2 * heavy + light, 9);
  expect(totals.avgCo2Grams).toBeCloseTo(grams(all, green) / 3, 12);
  expect(totals.totalKM).toBeCloseTo(grams(all, green) / 106.6, 12);
  expect(totals.streamingHours).toBeCloseTo(all / 700_000_000, 15);
  expect(totals).toMatchObject({ green, visits: 3, durationTotal: 30_000, avgTimeSpent: 30_000 });
});

test('"unknown" green hosting counts as grid energy and says so', async () => {
  const { totals } = await path("unknown");
  expect(totals.green).toBe("unknown");
  expect(totals.co2Grams).toBeCloseTo(grams(3_721_653, false), 12);
});

const onGrid = (bytes: number, green: boolean, country: string) =>
  swd.perVisitTrace(bytes, green, { ...FIRST, gridIntensity: { device: { country }, network: { country } } }).co2 as number;

test.each([[true], [false]])("green %p: on the visitors' own grids each country's bytes use its grid, the rest the world's", async (green) => {
  const { totals } = await path(green);
  // The 600,000 leave bytes are spread in proportion to page-view bytes (3,121,653 of them).
  const scale = 3_721_653 / 3_121_653;
  const expected = onGrid(2_000_000 * scale, green, "FRA") + onGrid(1_000_000 * scale, green, "GBR") + grams(121_653 * scale, green);
  expect(totals.visitorGrid.co2Grams).toBeCloseTo(expected, 12);
  expect(totals.visitorGrid.avgCo2Grams).toBeCloseTo(expected / 3, 12);
  expect(totals.visitorGrid.knownShare).toBeCloseTo(3_000_000 / 3_121_653, 12);
  // France's grid is cleaner than the world's: the figure on the visitors' grids is lower.
  expect(totals.visitorGrid.co2Grams).toBeLessThan(totals.co2Grams);
  expect(totals.visitorGrid.rating).toBe(new co2({ model: "swd", version: 4, rating: true }).model.ratingScale(expected / 3));
});

test("carbon per conversion: the range's CO2 over each event's and value's count", async () => {
  const { events, totals } = await path(false);
  const signup = events.find((e) => e.label === "Signup")!;
  expect(signup.value).toBe(2);
  expect(signup.co2PerConversion).toBeCloseTo(totals.co2Grams / 2, 12);
  expect(signup.children!.find((c) => c.label === "pro")!.co2PerConversion).toBeCloseTo(totals.co2Grams, 12);
});

/** The 75th percentile as percentile_disc takes it: the first value whose cumulative share reaches 0.75. */
const p75 = (values: number[]) => (values.length ? [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.75) - 1]! : null);

async function speed(filters: Filter[] = [], endKey = "2026-11-10", pro = true) {
  const got = await readStats(db.read, { ...target, green: false, pro }, { startKey: "2026-11-10", endKey, dataType: "SPEED", filters }, { admin: false });
  if (!got.ok || got.stats.dataType !== "SPEED") throw new Error("expected SPEED");
  return got.stats as SpeedStats;
}

test("SPEED: each page's p75 and rating shares are the sent values', exactly, beside its bytes and CO2 per visit", async () => {
  const { speed: rows, site, count } = await speed();
  const { energy } = await path(false);
  const sent = (p?: string) => VITALS_SENT.filter((v) => p === undefined || v[0] === p);
  expect(rows.map((r) => [r.label, r.samples])).toEqual([["/heavy", 5], ["/light", 2]]);
  expect(count.speed).toBe(2);
  for (const row of rows) {
    const mine = sent(row.label);
    expect([row.lcp.p75, row.inp.p75, row.cls.p75, row.fcp.p75]).toEqual([
      p75(mine.map((v) => v[3])), p75(mine.flatMap((v) => (v[4] === undefined ? [] : [v[4]]))), p75(mine.map((v) => v[5])), 900,
    ]);
    const e = energy.find((x) => x.label === row.label)!;
    expect([row.bytesAvg, row.co2PerVisit]).toEqual([e.bytesAvg, e.value]);
  }
  // /heavy's LCPs 1,200 | 2,600 3,900 | 4,100 8,000 against 2,500/4,000; its INPs 80 150 | 250 | 600
  // (one view without any) against 200/500.
  expect(rows[0]!.lcp).toMatchObject({ p75: 4100, samples: 5, good: 0.2, needsImprovement: 0.4, poor: 0.4 });
  expect(rows[0]!.inp).toMatchObject({ p75: 250, samples: 4, good: 0.5, needsImprovement: 0.25, poor: 0.25 });
  expect(rows[0]!.cls).toMatchObject({ p75: 0.12, samples: 5, good: 0.6, needsImprovement: 0.2, poor: 0.2 });
  // A CLS of 0.1 is good, as the threshold says, stored as a real or not.
  expect(rows[1]!.cls).toMatchObject({ p75: 0.1, good: 1, needsImprovement: 0, poor: 0 });
  // The site's: every view's, whatever its page.
  expect(site.samples).toBe(7);
  expect(site.lcp.p75).toBe(p75(sent().map((v) => v[3])));
  expect(site.ttfb.p75).toBe(p75(sent().map((_, i) => 200 + i)));
});

test("SPEED: the site's p75 per local day, and the dashboard's device, country and page filters", async () => {
  const { days } = await speed([], "2026-11-11");
  expect(days.map((d) => [d.stamp, d.lcp, d.inp])).toEqual([["2026-11-10", p75(VITALS_SENT.map((v) => v[3])), 250], ["2026-11-11", 1000, null]]);
  const lcpOf = async (filters: Filter[]) => (await speed(filters)).site.lcp.p75;
  expect(await lcpOf([["is", "device", ["mobile"]]])).toBe(p75([2600, 4100, 2400]));
  expect(await lcpOf([["is", "country", ["FR"]]])).toBe(p75([1200, 2600, 8000]));
  expect(await lcpOf([["is", "page", ["/light"]]])).toBe(2400);
  expect((await speed([["is", "page", ["/light"]], ["is_not", "device", ["mobile"]]])).speed.map((r) => [r.label, r.lcp.p75])).toEqual([["/light", 900]]);
  // Without Energy & Carbon the vitals stay, the bytes and grams do not.
  expect((await speed([], "2026-11-10", false)).speed[0]).toMatchObject({ label: "/heavy", bytesAvg: null, co2PerVisit: null, lcp: { p75: 4100 } });
});
