// Time zones: hits around local midnight and across a DST change land in the
// right local days and hours for Pacific/Chatham (+12:45/+13:45) and America/St_Johns
// (−3:30/−2:30), from real-time aggregation before a refresh and from materialized rows after it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { refreshAggregates } from "../../../src/hits";
import type { Incoming } from "../../../src/collect/model";
import type { Database } from "../../../src/db";
import type { SummaryStats } from "../../../src/stats/contract";
import { statsCache } from "../../../src/stats/cache";
import { readStats, type StatsTarget } from "../../../src/stats/read";
import { CHROME_UA } from "../../helpers/collect";
import { addTarget, ingest, openStatsDatabase } from "../../helpers/stats";

let db: Database;
let chatham: StatsTarget;
let stJohns: StatsTarget;

const view = (d: string, iso: string): Incoming => ({ kind: "view", body: { d, p: "/", w: 1280, u: 1 }, time: Date.parse(iso), ua: CHROME_UA });

beforeAll(async () => {
  db = await openStatsDatabase();
  chatham = await addTarget(db.sql, "chatham.example", "Pacific/Chatham");
  stJohns = await addTarget(db.sql, "stjohns.example", "America/St_Johns");
  await ingest(db.sql, [
    // Chatham: +12:45 until 2026-09-27 02:45 local (14:00Z on the 26th), then +13:45.
    view("chatham.example", "2026-09-26T11:14:00Z"), // 23:59 on the 26th
    view("chatham.example", "2026-09-26T11:16:00Z"), // 00:01 on the 27th
    view("chatham.example", "2026-09-26T13:59:00Z"), // 02:44 on the 27th, the last minute before the change
    view("chatham.example", "2026-09-26T14:01:00Z"), // 03:46 on the 27th, clocks went forward an hour
    view("chatham.example", "2026-09-27T10:14:00Z"), // 23:59 on the 27th (+13:45 now)
    view("chatham.example", "2026-09-27T10:16:00Z"), // 00:01 on the 28th
    // St John's: −2:30 until 2026-11-01 02:00 local (04:30Z), then −3:30.
    view("stjohns.example", "2026-10-31T02:29:00Z"), // 23:59 on the 30th
    view("stjohns.example", "2026-10-31T02:31:00Z"), // 00:01 on the 31st
    view("stjohns.example", "2026-11-01T04:29:00Z"), // 01:59 on the 1st, before clocks go back
    view("stjohns.example", "2026-11-01T04:31:00Z"), // 01:01 on the 1st again, after
    view("stjohns.example", "2026-11-02T03:29:00Z"), // 23:59 on the 1st (−3:30 now)
    view("stjohns.example", "2026-11-02T03:31:00Z"), // 00:01 on the 2nd
  ]);
}, 60_000);
afterAll(() => db.close());

async function summary(target: StatsTarget, startKey: string, endKey: string): Promise<SummaryStats> {
  const got = await readStats(db.read, target, { startKey, endKey, dataType: "SUMMARY" }, { admin: false });
  if (!got.ok || got.stats.dataType !== "SUMMARY") throw new Error(got.ok ? "not a summary" : got.message);
  return got.stats;
}

/** day → {hour: views} for the hours that have any. */
const hoursOf = (s: SummaryStats) =>
  Object.fromEntries(s.days.map((d) => [d.stamp, Object.fromEntries(d.hours.flatMap((v, h) => (v ? [[h, v]] : [])))]));

const EXPECTED = {
  chatham: { "2026-09-26": { 23: 1 }, "2026-09-27": { 0: 1, 2: 1, 3: 1, 23: 1 }, "2026-09-28": { 0: 1 } },
  stJohns: { "2026-10-30": { 23: 1 }, "2026-10-31": { 0: 1 }, "2026-11-01": { 1: 2, 23: 1 }, "2026-11-02": { 0: 1 } },
};

describe.each([
  ["real-time aggregation (nothing materialized)", false],
  ["materialized aggregates", true],
])("%s", (_, refresh) => {
  beforeAll(async () => {
    if (!refresh) return;
    await refreshAggregates(db.sql);
    // NOTE: these days are sealed; without this the cached sums of the first block would answer.
    statsCache(db.read).clear();
  });

  test("Pacific/Chatham: days and hours around midnight and the September DST start", async () => {
    const s = await summary(chatham, "2026-09-26", "2026-09-28");
    expect(hoursOf(s)).toEqual(EXPECTED.chatham);
    expect(s.days.map((d) => d.visits)).toEqual([1, 4, 1]);
    expect(s.visits.hits).toBe(6);
    expect(s.unit).toBe("day");
    // The chart's x is the time each local day begins: midnight at +12:45, then at +13:45.
    expect(s.chart.datasets[0]!.data.map((p) => [new Date(p.x).toISOString(), p.y])).toEqual([
      ["2026-09-25T11:15:00.000Z", 1], ["2026-09-26T11:15:00.000Z", 4], ["2026-09-27T10:15:00.000Z", 1],
    ]);
  });

  test("America/St_Johns: days and hours around midnight and the November DST end (hour 1 twice)", async () => {
    const s = await summary(stJohns, "2026-10-30", "2026-11-02");
    expect(hoursOf(s)).toEqual(EXPECTED.stJohns);
    expect(s.days.map((d) => d.visits)).toEqual([1, 1, 3, 1]);
  });

  test("a single local day is an hour view; the day before is the previous period", async () => {
    const s = await summary(stJohns, "2026-11-01", "2026-11-01");
    expect(s.unit).toBe("hour");
    expect(s.days).toHaveLength(1);
    expect(s.days[0]!.hours[1]).toBe(2);
    // By hour, x is when each local hour begins; 01:00 (twice that night) at its first pass.
    const points = s.chart.datasets[0]!.data;
    expect(s.chart.unit).toBe("hour");
    expect(points).toHaveLength(24);
    expect(points.filter((p) => p.y).map((p) => [new Date(p.x).toISOString(), p.y])).toEqual([
      ["2026-11-01T03:30:00.000Z", 2], ["2026-11-02T02:30:00.000Z", 1],
    ]);
    expect(s.visits.hits).toBe(3);
    expect(s.previous.hits).toBe(1);
    expect(s.periods.then).toEqual({ startKey: "2026-10-31", endKey: "2026-10-31" });
  });

  test("longer than 7 days: days without hours, zeros included", async () => {
    const s = await summary(chatham, "2026-09-20", "2026-09-30");
    expect(s.days).toHaveLength(11);
    expect(s.days.every((d) => d.hours.length === 0)).toBe(true);
    expect(s.days.filter((d) => d.visits).map((d) => [d.stamp, d.visits])).toEqual([["2026-09-26", 1], ["2026-09-27", 4], ["2026-09-28", 1]]);
  });
});
