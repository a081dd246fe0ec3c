// On a server whose refresh policies fail (PostgreSQL 15.20 with TimescaleDB ≤ 2.29), the app
// refreshes the aggregates itself; when they do not fail, it leaves them to the server.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { refreshIfJobsFail } from "../../../src/hits";
import type { Database } from "../../../src/db";
import { addDomain } from "../../helpers/collect";
import { failingRefreshJob } from "../../helpers/jobs";
import { openStatsDatabase } from "../../helpers/stats";

let db: Database;
beforeAll(async () => {
  db = await openStatsDatabase();
});
afterAll(() => db.close());

const materializedRows = async () => {
  const [cagg] = await db.sql<{ name: string }[]>`
    SELECT format('%I.%I', materialization_hypertable_schema, materialization_hypertable_name) AS name
    FROM timescaledb_information.continuous_aggregates WHERE view_name = 'hits_hourly'`;
  return Number((await db.sql.unsafe(`SELECT count(*)::int AS n FROM ${cagg!.name}`))[0]!.n);
};

test("no failing job: the app leaves the refresh to the server", async () => {
  expect(await refreshIfJobsFail(db.sql)).toBe(false);
});

test("a failing refresh job: the app refreshes the aggregates itself", async () => {
  const site = await addDomain(db.sql, "self-refresh.example");
  await db.sql`INSERT INTO hits (time, site_id, kind, local_day, local_hour, path)
    VALUES (now() - interval '3 hours', ${site}, 1, current_date, 0, '/')`;
  const before = await materializedRows();
  const job = await failingRefreshJob(db.sql, "hits_hourly");
  try {
    expect(await refreshIfJobsFail(db.sql)).toBe(true);
    expect(await materializedRows()).toBeGreaterThan(before);
  } finally {
    await job.restore();
  }
});
