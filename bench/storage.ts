// `npm run bench:storage [-- --size 1000000 --days 30]`: what a million hits cost on disk in the
// embedded database, before and after the maintenance pass compresses the chunks old enough
// (collect.compress: chunks older than 3 days). A fresh DATA_DIR gets `size` hits of one domain over
// the last `days` days (bench/stats-data.ts), the aggregates are materialized, then the pass runs.
// It prints the hits table as TimescaleDB measures it (hypertable_detailed_size and
// chunk_compression_stats, src/hits/overview.ts), the aggregates, and DATA_DIR on disk, per million
// hits, with the ratio. The data dir is deleted afterwards.
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { hitsJobs, hitsStorage, refreshAggregates } from "../src/hits";
import { openDatabase, type Database } from "../src/db";
import { setLogLevel } from "../src/log";
import { freshDataDir } from "../tests/helpers/db";
import { addTarget } from "../tests/helpers/stats";
import { bulkHits } from "./stats-data";

const { values } = parseArgs({ options: { size: { type: "string", default: "1000000" }, days: { type: "string", default: "30" } } });
const SIZE = Number(values.size);
const DAYS = Number(values.days);
const DAY = 86_400_000;
setLogLevel("warn");

const duBytes = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? duBytes(join(dir, e.name)) : e.isFile() ? statSync(join(dir, e.name)).size : 0), 0);

async function measure(db: Database, dir: string) {
  const hits = await hitsStorage(db.sql);
  const [aggs] = await db.sql<{ bytes: number }[]>`
    SELECT coalesce(sum(hypertable_size(format('%I.%I', materialization_hypertable_schema, materialization_hypertable_name)::regclass)), 0)::float8 AS bytes
    FROM timescaledb_information.continuous_aggregates`;
  const [chunks] = await db.sql<{ all: number; compressed: number }[]>`
    SELECT count(*)::int AS all, count(*) FILTER (WHERE is_compressed)::int AS compressed
    FROM timescaledb_information.chunks WHERE hypertable_name = 'hits'`;
  await db.sql`CHECKPOINT`;
  return { hits: hits.totalBytes, aggregates: aggs!.bytes, disk: duBytes(dir), chunks: chunks! };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const perMillion = (bytes: number) => mb((bytes / SIZE) * 1e6);

const dir = await freshDataDir();
const db = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined, DATABASE_READ_URL: undefined, DATABASE_POOL: 1, MAINTENANCE_INTERVAL_S: 86_400 });
try {
  const target = await addTarget(db.sql, "storage.example", "Europe/London");
  const now = Date.now();
  let t = performance.now();
  await bulkHits(db.sql, target.id, "Europe/London", new Date(now - DAYS * DAY), new Date(now - 60_000), SIZE);
  await refreshAggregates(db.sql);
  console.log(`bench:storage: ${SIZE.toLocaleString("en")} hits over ${DAYS} days written and materialized in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const before = await measure(db, dir);
  t = performance.now();
  await hitsJobs("embedded").find((j) => j.name === "collect.compress")!.run(db.sql);
  console.log(`the maintenance pass's compression (chunks older than 3 days): ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const after = await measure(db, dir);
  console.log(`chunks of hits: ${after.chunks.all}, compressed ${before.chunks.compressed} before, ${after.chunks.compressed} after`);
  console.log("\n| | before compression | after | after / before | per million hits, before → after |");
  console.log("|---|---|---|---|---|");
  for (const [label, key] of [["hits (hypertable)", "hits"], ["continuous aggregates", "aggregates"], ["DATA_DIR on disk", "disk"]] as const) {
    console.log(`| ${label} | ${mb(before[key])} | ${mb(after[key])} | ${(after[key] / before[key]).toFixed(2)} | ${perMillion(before[key])} → ${perMillion(after[key])} |`);
  }
  // The compressed chunks alone: their rows before and after, per million of those rows.
  const stats = await hitsStorage(db.sql);
  const [rows] = await db.sql<{ n: number }[]>`
    SELECT count(*)::float8 AS n FROM hits WHERE time < (
      SELECT max(range_end) FROM timescaledb_information.chunks WHERE hypertable_name = 'hits' AND is_compressed)`;
  const inCompressed = rows!.n;
  const before1m = ((stats.uncompressedBytes - (stats.totalBytes - stats.compressedBytes)) / inCompressed) * 1e6;
  const after1m = (stats.compressedBytes / inCompressed) * 1e6;
  console.log(`\ncompressed chunks alone (${inCompressed.toLocaleString("en")} hits): ${mb(before1m)} → ${mb(after1m)} per million hits, ${(before1m / after1m).toFixed(1)}× smaller`);
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
