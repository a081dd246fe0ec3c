// Range errors as values: impossible dates, start after end, too long, the free
// window in the domain's time zone; and what a plan without Pro gets: "locked", not data.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "../../../src/db";
import { FREE_HISTORY_DAYS } from "../../../src/plans";
import { readStats, type StatsTarget } from "../../../src/stats/read";
import { addTarget, openStatsDatabase } from "../../helpers/stats";

let db: Database;
let london: StatsTarget;
let kiritimati: StatsTarget;
// 12:00Z: still the 22nd in London, already the 23rd in Kiritimati (+14:00).
const now = new Date("2026-11-22T12:00:00Z");

beforeAll(async () => {
  db = await openStatsDatabase();
  london = await addTarget(db.sql, "london.example", "Europe/London", { historyDays: FREE_HISTORY_DAYS, pro: false });
  kiritimati = await addTarget(db.sql, "kiritimati.example", "Pacific/Kiritimati", { historyDays: FREE_HISTORY_DAYS });
}, 60_000);
afterAll(() => db.close());

const read = (target: StatsTarget, startKey: string, endKey: string, dataType: "SUMMARY" | "PATH" | "REF" = "SUMMARY") =>
  readStats(db.read, target, { startKey, endKey, dataType }, { admin: false, now });

const FREE = `Free plans show the last ${FREE_HISTORY_DAYS} days. Upgrade to Pro for all of your history.`;

describe("bad ranges answer 400 with a message naming the field", () => {
  test.each([
    ["2026-02-30", "2026-03-01", "startKey is not a day of the calendar."],
    ["2026-11-01", "2026-13-01", "endKey is not a day of the calendar."],
    ["2025-02-29", "2026-03-01", "startKey is not a day of the calendar."],
    ["2026-11-1", "2026-11-02", "startKey must be a date as YYYY-MM-DD."],
    ["1999-12-31", "2026-01-01", "startKey must be a date from 2000 to 2100."],
    ["2026-11-03", "2026-11-02", "startKey must not be after endKey."],
  ])("%s … %s", async (startKey, endKey, message) => {
    expect(await read({ ...london, historyDays: null }, startKey, endKey)).toEqual({ ok: false, status: 400, message });
  });

  test("3660 days are allowed, 3661 are not", async () => {
    const target = { ...london, historyDays: null };
    expect((await read(target, "2016-11-27", "2026-11-22")).ok).toBe(true); // 3648 days
    expect((await read(target, "2016-11-15", "2026-11-22")).ok).toBe(true); // 3660 days
    expect(await read(target, "2016-11-14", "2026-11-22")).toEqual({
      ok: false, status: 400, message: "A range may span at most 3660 days; this one spans 3661.",
    });
  });

  test("2024-02-29 is a calendar date", async () => {
    expect((await read({ ...london, historyDays: null }, "2024-02-29", "2024-02-29")).ok).toBe(true);
  });
});

describe("the free window counts back from today in the domain's zone", () => {
  test("London: today − 30 days is allowed, a day earlier is 403", async () => {
    expect((await read(london, "2026-10-23", "2026-11-22")).ok).toBe(true);
    expect(await read(london, "2026-10-22", "2026-11-22")).toEqual({ ok: false, status: 403, message: FREE });
  });

  test("Kiritimati is a day ahead: its window starts a day later", async () => {
    expect((await read(kiritimati, "2026-10-24", "2026-10-24")).ok).toBe(true);
    expect(await read(kiritimati, "2026-10-23", "2026-10-24")).toEqual({ ok: false, status: 403, message: FREE });
  });

  test("unlimited history reads any past day; future days are allowed and count zero", async () => {
    const got = await read({ ...london, historyDays: null }, "2020-01-01", "2020-01-01");
    expect(got.ok).toBe(true);
    const future = await read(london, "2026-11-23", "2026-11-30");
    if (!future.ok || future.stats.dataType !== "SUMMARY") throw new Error("expected a summary");
    expect(future.stats.days.map((d) => d.visits)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(future.stats.validated).toMatchObject({ today: "2026-11-22", startKey: "2026-11-23", endKey: "2026-11-30", historyDays: 30, pro: false });
  });
});

describe("plans", () => {
  test("without Pro, energy, events and carbon totals are locked; pages are not", async () => {
    const got = await read(london, "2026-11-20", "2026-11-22", "PATH");
    if (!got.ok || got.stats.dataType !== "PATH") throw new Error("expected PATH");
    expect(got.stats).toMatchObject({ energy: "locked", events: "locked", carbonTotals: "locked", path: [] });
  });

  test("with Pro they carry data (empty here)", async () => {
    const got = await read(kiritimati, "2026-11-20", "2026-11-22", "PATH");
    if (!got.ok || got.stats.dataType !== "PATH") throw new Error("expected PATH");
    expect(got.stats.energy).toEqual([]);
    expect(got.stats.events).toEqual([]);
    expect(got.stats.carbonTotals).toMatchObject({ visits: 0, co2Grams: 0, transferredBytes: 0, green: "unknown" });
  });
});
