// The cache of sealed pieces (src/stats/cache.ts, spans.ts): a second read is answered from it, a
// late write through the batch writer or a bumped epoch retires it, and today's cached hours are
// extended as the clock moves on, a filtered read keeps what the dashboard's next reads of its
// slice ask; every answer still equals the raw-hits reference.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { localTime } from "../../../src/shared/days";
import type { Database } from "../../../src/db";
import type { Filter } from "../../../src/shared/filters";
import { statsCache } from "../../../src/stats/cache";
import { readStats, type StatsTarget } from "../../../src/stats/read";
import { addTarget, ingest, noonZone, openStatsDatabase, traffic } from "../../helpers/stats";
import { near, referenceRef, referenceSummary } from "./reference";

const DAY = 86_400_000;
const HOUR = 3_600_000;
let db: Database;
let target: StatsTarget;
let today: string;

beforeAll(async () => {
  db = await openStatsDatabase();
  // NOTE: about noon there, so "two hours ago" is still today whenever this runs.
  target = await addTarget(db.sql, "cache.example", noonZone(), { green: true });
  const now = Date.now();
  await ingest(db.sql, traffic("cache.example", now - 4 * DAY, now - 5 * 60_000, 1500, 3));
  today = localTime(target.tz, now).day;
}, 120_000);
afterAll(() => db.close());

const back = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);

async function read(dataType: "SUMMARY" | "REF", startKey: string, now?: Date, filters?: Filter[]) {
  const got = await readStats(db.read, target, { startKey, endKey: today, dataType, filters }, { admin: false, now });
  if (!got.ok) throw new Error(got.message);
  const { validated: _v, periods: _p, admin: _a, error: _e, dataType: _d, ...figures } = got.stats;
  return figures;
}

const reference = (dataType: "SUMMARY" | "REF", startKey: string) =>
  dataType === "SUMMARY" ? referenceSummary(db.sql, target.id, startKey, today) : referenceRef(db.sql, target.id, startKey, today);

/** The read equals the reference (sums of fractions compared to the last bits, see near()). */
async function expectExact(dataType: "SUMMARY" | "REF", startKey: string, now?: Date) {
  const want = await reference(dataType, startKey);
  expect(near(await read(dataType, startKey, now), want)).toEqual(want);
}

const visits = (f: Awaited<ReturnType<typeof read>>) => ("visits" in f ? f.visits.hits : Number.NaN);

describe("stats cache", () => {
  test("a second read comes from the cache: rows deleted behind its back do not show until the epoch moves", async () => {
    const first = await read("SUMMARY", back(3));
    await expectExact("SUMMARY", back(3));
    expect(statsCache(db.read).rows).toBeGreaterThan(0);
    // NOTE: a delete that bypasses the writer bumps no epoch, so a cached answer is the only way
    // the second read can still count the deleted day.
    const [gone] = await db.sql<{ n: number }[]>`
      WITH d AS (DELETE FROM hits WHERE site_id = ${target.id} AND local_day = ${back(2)}::date RETURNING 1) SELECT count(*)::int AS n FROM d`;
    expect(gone!.n).toBeGreaterThan(0);
    expect(await read("SUMMARY", back(3))).toEqual(first);
    await db.sql`UPDATE domains SET stats_epoch = stats_epoch + 1 WHERE id = ${target.id}`;
    const after = await read("SUMMARY", back(3));
    expect(visits(after)).toBeLessThan(visits(first));
    await expectExact("SUMMARY", back(3));
  }, 60_000);

  test("a late row written through the batch writer retires the cached past", async () => {
    const before = await read("REF", back(3));
    const yesterday = Date.now() - DAY;
    expect(await ingest(db.sql, traffic("cache.example", yesterday, yesterday + 60_000, 1, 99))).toBeGreaterThan(0);
    const after = await read("REF", back(3));
    expect(after).not.toEqual(before);
    await expectExact("REF", back(3));
  }, 60_000);

  test("today's cached steps are extended as the clock moves on", async () => {
    statsCache(db.read).clear();
    const earlier = new Date(Date.now() - 2 * HOUR);
    // The cached steps end two hours ago; the live part covers the rest.
    await expectExact("SUMMARY", today, earlier);
    // Now the steps since are added to the cached ones: still every hit of today, once.
    await expectExact("SUMMARY", today);
    await expectExact("REF", back(1));
  }, 60_000);

  // NOTE: a filter that keeps every hit, so the deleted rows surely hold some of the slice.
  const everyHit: Filter[] = [["is_not", "country", ["ZZ"]]];
  const slices = [
    { what: "past days", from: () => back(3), rows: () => db.sql`local_day = ${back(1)}::date` },
    { what: "today's closed steps", from: () => today, rows: () => db.sql`local_day = ${today}::date AND time < ${new Date(Date.now() - HOUR)}` },
  ];
  test.each(slices)("a filtered SUMMARY keeps its slice's campaigns of $what: REF reads those raw hits no more", async ({ from, rows }) => {
    statsCache(db.read).clear();
    await read("SUMMARY", from(), undefined, everyHit);
    const [gone] = await db.sql<{ n: number }[]>`
      WITH d AS (DELETE FROM hits WHERE site_id = ${target.id} AND ${rows()} AND utm_campaign IS NOT NULL RETURNING 1)
      SELECT count(*)::int AS n FROM d`;
    expect(gone!.n).toBeGreaterThan(0);
    // The delete bumped no epoch, and SUMMARY lists no campaign: only the campaigns' pieces that
    // the SUMMARY read kept for REF still count the deleted page views.
    const kept = await read("REF", from(), undefined, everyHit);
    await db.sql`UPDATE domains SET stats_epoch = stats_epoch + 1 WHERE id = ${target.id}`;
    const fresh = await read("REF", from(), undefined, everyHit);
    const views = (f: typeof kept) => ("campaign" in f ? f.campaign.reduce((n, c) => n + c.value, 0) : Number.NaN);
    expect(views(kept)).toBeGreaterThan(views(fresh));
    await expectExact("REF", from());
  }, 60_000);
});
