// A domain's stats epoch: the stats read caches the sums of sealed spans keyed by it
// (src/stats/cache.ts), so anything that changes what a sealed span sums to (late rows, a new time
// zone, retention deletes) moves it on, and every cached sum of the domain is retired.
// NOTE: bumpStatsEpochs is the one place TypeScript moves it; retention runs inside the database
// (bothy_retention in sql/061_stats_epoch.sql) and moves it there.
import { namedQuery, type Queryable } from "../db";

/** The domain's stats epoch; 0 for an id that is no domain's (a claim's dashboard). */
export const statsEpoch = namedQuery("domains.statsEpoch", async (sql: Queryable, site: number) => {
  const [row] = await sql<{ epoch: number }[]>`SELECT stats_epoch::float8 AS epoch FROM domains WHERE id = ${site}`;
  return row?.epoch ?? 0;
});

/** Retires every cached stats sum of these domains. */
export const bumpStatsEpochs = namedQuery("domains.bumpStatsEpochs", async (sql: Queryable, sites: number[]) => {
  if (!sites.length) return;
  await sql`UPDATE domains SET stats_epoch = stats_epoch + 1 WHERE id = ANY(${sites}::int[])`;
});
