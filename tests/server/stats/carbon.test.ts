// Carbon in PATH: for fixed byte counts written through the collect path,
// the energy rows and totals equal @tgwf/co2's own SWD v4 output, on green and on grey hosting,
// and the equivalents are bytes / 700 million for streaming hours and grams / GRAMS_PER_KM for km.
// On the visitors' own grids each country's bytes are priced by CO2.js with that country's grid
// for the device and network shares; events carry the range's CO2 over their count.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { co2 } from "@tgwf/co2";
import type { Incoming } from "../../../src/collect/model";
import type { Database } from "../../../src/db";
import type { CarbonTotals, EnergyRow, ListRow } from "../../../src/stats/contract";
import { readStats, type StatsTarget } from "../../../src/stats/read";
import { CHROME_UA } from "../../helpers/collect";
import { addTarget, ingest, openStatsDatabase } from "../../helpers/stats";

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
