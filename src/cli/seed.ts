// `npm run seed -- --domain demo.example --hits 1000000 --days 30`: fills a domain with synthetic
// traffic through the same write path as the endpoints (pipeline → batch writer), then materializes
// the aggregates. It opens the database from DATA_DIR or DATABASE_URL; stop the server first when it
// shares the embedded DATA_DIR (one process owns an embedded database).
import { parseArgs } from "node:util";
import { keepSnapshot } from "../backup";
import { bulkWriter, syntheticTraffic } from "../collect";
import { openDatabase } from "../db";
import { ensureSite } from "../domains";
import { refreshAggregates } from "../hits";
import { setLogLevel } from "../log";
import { configOrExit, exitWith } from ".";

const { values } = parseArgs({
  options: {
    domain: { type: "string", default: "demo.example" },
    hits: { type: "string", default: "100000" },
    days: { type: "string", default: "30" },
    tz: { type: "string", default: "Europe/London" },
    seed: { type: "string", default: "1" },
  },
});
const total = Number(values.hits);
const days = Number(values.days);
if (!Number.isInteger(total) || total < 1 || !(days > 0)) {
  exitWith("--hits must be a positive integer and --days a positive number", "bothy seed");
}

const config = configOrExit("bothy seed");
setLogLevel("warn");
// NOTE: the first to open DATA_DIR after an upgrade migrates it, so it keeps the snapshot a start would.
const db = await openDatabase(config, { beforeMigrate: keepSnapshot });
await ensureSite(db.sql, values.domain!, values.tz!);

const writer = bulkWriter(db);
const traffic = syntheticTraffic(values.domain!, Number(values.seed));

const t0 = performance.now();
// NOTE: ending a few minutes ago, so that no leave beacon lands in the future.
const end = Date.now() - 5 * 60_000;
const span = days * 86_400_000;
let generated = 0;
while (generated < total) {
  // Page views spread evenly over the window by the hits written so far (a view brings its leave
  // beacon and events along, ~1.9 hits), so the last ones land at the window's end.
  const time = end - span + Math.floor((generated / total) * span);
  for (const hit of traffic(time)) {
    if (generated >= total) break;
    generated++;
    await writer.write(hit);
  }
  if (generated % 500_000 < 3) {
    const s = (performance.now() - t0) / 1000;
    console.log(`${generated.toLocaleString("en")} hits, ${Math.round(generated / s).toLocaleString("en")}/s`);
  }
}
await writer.close(60_000);
const loadS = (performance.now() - t0) / 1000;
const { counts, drops } = writer.metrics;
console.log(`wrote ${counts.written.toLocaleString("en")} hits in ${loadS.toFixed(1)} s (${Math.round(counts.written / loadS).toLocaleString("en")}/s); dropped ${JSON.stringify(drops)}`);
const t1 = performance.now();
await refreshAggregates(db.sql);
await db.sql`ANALYZE hits`;
console.log(`aggregates materialized and analyzed in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
await db.close();
