// Continuous aggregates: exact local days in zones with odd offsets, freshness (a hit shows up in
// aggregate queries without waiting for a refresh), and the maintenance jobs (refresh, compression,
// retention) run through the platform's scheduler (the embedded timer, or the server's TimescaleDB jobs).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { collectorOf, type Collector } from "../../../src/collect";
import { AGGREGATES } from "../../../src/hits";
import type { Incoming } from "../../../src/collect/model";
import { addDomain, beacon, CHROME_UA, countHits, until } from "../../helpers/collect";
import { runCollectJobs } from "../../helpers/jobs";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let collector: Collector;
beforeAll(async () => {
  server = await startTestServer({ env: { COLLECT_FLUSH_MS: "20" } });
  collector = collectorOf(server.db)!;
});
afterAll(() => server.stop());

/** A page view through the real pipeline and batch writer, at a chosen time. */
async function viewAt(domain: string, iso: string, path = "/") {
  const input: Incoming = { kind: "view", body: { d: domain, p: path, z: "Asia/Kolkata", w: 800, u: 1 }, time: Date.parse(iso), ua: CHROME_UA };
  expect(await collector.ingest(input)).toBe(202);
}

const byDay = async (view: string, site: number) =>
  Object.fromEntries(
    (await server.db.sql.unsafe(
      `SELECT local_day::text AS day, sum(views)::int AS views FROM ${view} WHERE site_id = $1 GROUP BY 1 ORDER BY 1`,
      [site],
    )).map((r) => [r.day, r.views]),
  );

const materializedOnly = (view: string, on: boolean) =>
  server.db.sql.unsafe(`ALTER MATERIALIZED VIEW ${view} SET (timescaledb.materialized_only = ${on})`);

describe("local days", () => {
  test("Pacific/Honolulu and Asia/Kolkata: 23:59 and 00:01 local land on their own local days", async () => {
    const honolulu = await addDomain(server.db.sql, "honolulu.example", "Pacific/Honolulu");
    const kolkata = await addDomain(server.db.sql, "kolkata.example", "Asia/Kolkata");
    // Kolkata is +05:30: both hits fall in the same UTC day and even the same UTC hour's neighbours.
    await viewAt("kolkata.example", "2026-11-10T18:29:00Z"); // 23:59 on the 10th
    await viewAt("kolkata.example", "2026-11-10T18:31:00Z"); // 00:01 on the 11th
    // Honolulu is -10:00: both hits fall on the 11th in UTC.
    await viewAt("honolulu.example", "2026-11-11T09:59:00Z"); // 23:59 on the 10th
    await viewAt("honolulu.example", "2026-11-11T10:01:00Z"); // 00:01 on the 11th
    await until("4 rows", async () => (await countHits(server.db.sql, honolulu)) + (await countHits(server.db.sql, kolkata)) === 4);

    const expected = { "2026-11-10": 1, "2026-11-11": 1 };
    const daily = ["hits_daily_page", "hits_daily_geo", "hits_daily_tech"];
    // Before any refresh: hits_hourly's real-time aggregation reads the raw rows; the daily views
    // leave their unmaterialized tail to the stats reader (tests/server/stats/tail.test.ts).
    expect(await byDay("hits_hourly", kolkata)).toEqual(expected);
    expect(await byDay("hits_hourly", honolulu)).toEqual(expected);
    for (const view of daily) expect(await byDay(view, kolkata)).toEqual({});
    // After the scheduler's refresh, from the materialized rows alone.
    await runCollectJobs(server.db);
    await materializedOnly("hits_hourly", true);
    try {
      for (const view of ["hits_hourly", ...daily]) {
        expect(await byDay(view, kolkata)).toEqual(expected);
        expect(await byDay(view, honolulu)).toEqual(expected);
      }
    } finally {
      await materializedOnly("hits_hourly", false);
    }
    const hours = await server.db.sql`
      SELECT local_day::text AS day, local_hour AS hour FROM hits_hourly WHERE site_id = ${kolkata} ORDER BY 1, 2`;
    expect(hours.map((r) => [r.day, r.hour])).toEqual([["2026-11-10", 23], ["2026-11-11", 0]]);
  });
});

describe("freshness", () => {
  test("a hit accepted now is in the aggregates once its batch is written, refresh or not", async () => {
    const site = await addDomain(server.db.sql, "fresh.example", "Europe/London");
    await runCollectJobs(server.db); // everything closed so far is materialized
    expect((await beacon(server.app, "/b/v", { d: "fresh.example", p: "/now" })).status).toBe(202);
    // NOTE: the product promises hits within about 20 s; here they arrive with their batch.
    await until("the hit in hits_hourly", async () => {
      const [r] = await server.db.sql`SELECT coalesce(sum(views), 0)::int AS n FROM hits_hourly WHERE site_id = ${site}`;
      return r!.n === 1;
    }, 20_000);
    // The daily views hold materialized buckets only: the stats reader adds today from raw hits.
    expect((await server.db.sql`SELECT path FROM hits_daily_page WHERE site_id = ${site}`).length).toBe(0);
  });
});

describe("maintenance", () => {
  test("the refresh and policy list names every continuous aggregate on hits, and only those", async () => {
    const views = await server.db.sql<{ view: string }[]>`
      SELECT view_name AS view FROM timescaledb_information.continuous_aggregates ORDER BY view_name`;
    expect(views.map((v) => v.view)).toEqual(AGGREGATES.map((a) => a.view).sort());
  });

  test("old chunks are compressed; retention deletes raw hits and aggregates outside a domain's window", async () => {
    const limited = await addDomain(server.db.sql, "limited.example");
    const unlimited = await addDomain(server.db.sql, "unlimited.example");
    await server.db.sql`UPDATE domains SET retention_days = 30 WHERE id = ${limited}`;
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    for (const d of ["limited.example", "unlimited.example"]) {
      await viewAt(d, ago(40), "/old");
      await viewAt(d, ago(5), "/recent");
    }
    await until("4 rows", async () => (await countHits(server.db.sql, limited)) + (await countHits(server.db.sql, unlimited)) === 4);
    await runCollectJobs(server.db); // materializes the old days, then compresses old chunks
    const [c] = await server.db.sql`
      SELECT count(*) FILTER (WHERE is_compressed)::int AS n FROM timescaledb_information.chunks WHERE hypertable_name = 'hits'`;
    expect(c!.n).toBeGreaterThan(0);

    await runCollectJobs(server.db); // retention, then the refresh that clears deleted buckets
    const paths = async (site: number) =>
      (await server.db.sql`SELECT path FROM hits WHERE site_id = ${site} ORDER BY path`).map((r) => r.path);
    expect(await paths(limited)).toEqual(["/recent"]);
    expect(await paths(unlimited)).toEqual(["/old", "/recent"]);
    const agg = async (site: number) =>
      (await server.db.sql`SELECT path FROM hits_daily_page WHERE site_id = ${site} ORDER BY path`).map((r) => r.path);
    expect(await agg(limited)).toEqual(["/recent"]);
    expect(await agg(unlimited)).toEqual(["/old", "/recent"]);
  });
});
