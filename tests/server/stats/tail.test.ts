// Past days read from the aggregates' materialized buckets plus their unmaterialized tail
// (src/stats/grouped.ts): in zones far behind and far ahead of UTC a local day reaches into a UTC
// bucket that is not materialized yet, and its page views must be counted all the same, once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { refreshAggregates } from "../../../src/hits";
import { statsCache } from "../../../src/stats/cache";
import type { Database } from "../../../src/db";
import { addDays, localTime } from "../../../src/shared/days";
import { readStats, type StatsTarget } from "../../../src/stats/read";
import { addTarget, ingest, openStatsDatabase, traffic } from "../../helpers/stats";

const DAY = 86_400_000;
let db: Database;
const targets: StatsTarget[] = [];

beforeAll(async () => {
  db = await openStatsDatabase();
  const now = Date.now();
  for (const [name, tz] of [["behind.example", "Pacific/Honolulu"], ["ahead.example", "Pacific/Kiritimati"]]) {
    targets.push(await addTarget(db.sql, name!, tz!));
    await ingest(db.sql, traffic(name!, now - 4 * DAY, now - 60_000, 1500, 3));
  }
}, 120_000);
afterAll(() => db.close());

/** Page views of local days `from`…`to` counted in raw hits. */
async function rawViews(site: number, from: string, to: string) {
  const [r] = await db.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM hits WHERE site_id = ${site} AND kind = 1 AND local_day BETWEEN ${from}::date AND ${to}::date`;
  return r!.n;
}

/** Page views as hits_hourly (the totals) and hits_daily_geo (the countries, summed) give them. */
async function statsViews(target: StatsTarget, startKey: string, endKey: string) {
  const r = await readStats(db.sql, target, { startKey, endKey, dataType: "SUMMARY" }, { admin: false });
  if (!r.ok || r.stats.dataType !== "SUMMARY") throw new Error(r.ok ? "not SUMMARY" : r.message);
  return { hourly: r.stats.visits.hits, daily: r.stats.country.reduce((n, c) => n + c.value, 0) };
}

describe("past days beyond the watermark", () => {
  test("before any refresh, after one, and with today apart", async () => {
    const check = async () => {
      for (const t of targets) {
        const today = localTime(t.tz, Date.now()).day;
        for (const [from, to] of [[addDays(today, -3), addDays(today, -1)], [addDays(today, -1), addDays(today, -1)], [addDays(today, -3), today]] as const) {
          const raw = await rawViews(t.id, from, to);
          expect(raw).toBeGreaterThan(0);
          expect({ domain: t.name, from, to, views: await statsViews(t, from, to) }).toEqual({ domain: t.name, from, to, views: { hourly: raw, daily: raw } });
        }
      }
    };
    await check(); // nothing materialized: every day is the raw tail
    await refreshAggregates(db.sql);
    // NOTE: read again cold: the days cached before the refresh would answer.
    statsCache(db.sql).clear();
    const [w] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM hits_daily_page`;
    expect(w!.n).toBeGreaterThan(0);
    await check(); // materialized up to today's UTC midnight, the rest from raw hits
  });
});
