// `npm run seed` (src/cli/seed.ts): the hits asked for, through the real write path, spread over
// the whole window up to a few minutes ago, and visible in the aggregates when it ends.
import { expect, test } from "bun:test";
import { freshDatabase } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { runToExit, startTestServer } from "../../helpers/server";

const DAY = 86_400_000;
const scratch = removedAfterAll();

test("the seed fills --days up to now with --hits hits, aggregated", async () => {
  const db = scratch(await freshDatabase());
  const { code, stderr } = await runToExit("src/cli/seed.ts", db.env, undefined, ["--domain", "seed.example", "--hits", "4000", "--days", "10"]);
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });

  const server = await startTestServer({ env: db.env });
  try {
    const [hits] = await server.db.sql<{ n: number; first: Date; last: Date; days: number }[]>`
      SELECT count(*)::int AS n, min(time) AS first, max(time) AS last, count(DISTINCT local_day)::int AS days
      FROM hits h JOIN domains d ON d.id = h.site_id WHERE d.name = 'seed.example'`;
    const now = Date.now();
    expect(hits!.n).toBe(4000);
    expect(now - hits!.first.getTime()).toBeGreaterThan(9.9 * DAY);
    expect(now - hits!.first.getTime()).toBeLessThan(10.1 * DAY);
    // The last page views are minutes old (their leave beacons a little later), never in the future.
    expect(now - hits!.last.getTime()).toBeLessThan(DAY / 24);
    expect(hits!.last.getTime()).toBeLessThan(now);
    expect(hits!.days).toBeGreaterThanOrEqual(10);
    const [agg] = await server.db.sql<{ views: number }[]>`
      SELECT sum(views)::int AS views FROM hits_hourly WHERE site_id = (SELECT id FROM domains WHERE name = 'seed.example')`;
    const [raw] = await server.db.sql<{ views: number }[]>`
      SELECT count(*)::int AS views FROM hits WHERE kind = 1 AND site_id = (SELECT id FROM domains WHERE name = 'seed.example')`;
    expect(agg!.views).toBe(raw!.views);
  } finally {
    await server.stop();
  }
}, 120_000);
