// `npm run bench:export [-- --hits 10000000 --days 90]`: a fresh embedded database in a temp
// DATA_DIR gets that many hits for one domain over the last `days` days (bulk INSERT … SELECT
// generate_series, bench/stats-data.ts, as bench:stats seeds), materialized by the collect refresh
// job, owned by a signed-in owner. The real server (a child process, production mode) then
// exports the whole range, all tables, as XLSX and as a ZIP of CSVs, twice each (the first XLSX
// with the range's stats not cached yet, after the dashboard's own first load): time to the first byte of the body, total time, size, and the server's
// peak RSS growth during the export (Linux: VmHWM after resetting it through /proc/PID/clear_refs,
// less VmRSS before; the embedded database runs in a worker thread of the same process, so its
// memory counts too). Goals: first byte < 1 s, peak RSS growth < 100 MB. The data dir is removed.
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { refreshAggregates } from "../src/collect/jobs";
import { openDatabase } from "../src/db";
import { setLogLevel } from "../src/log";
import { localTime } from "../src/shared/days";
import { adoptDomains, type Owner } from "../tests/helpers/dashboard";
import { freshDataDir, removedAtExit } from "../tests/helpers/db";
import { spawnServer, TEST_ENV } from "../tests/helpers/server";
import { addTarget } from "../tests/helpers/stats";
import { bulkHits } from "./stats-data";

const { values } = parseArgs({ options: { hits: { type: "string", default: "10000000" }, days: { type: "string", default: "90" } } });
const HITS = Number(values.hits);
const DAYS = Number(values.days);
const DOMAIN = "bench.example";
const TZ = "Europe/London";
const OWNER: Owner = { email: "bench@example.com", name: "Bench Owner", password: "bench password 2026", scope: ["pro"] };
const GOAL_FIRST_BYTE_MS = 1000;
const GOAL_RSS_MB = 100;
const DAY = 86_400_000;

setLogLevel("warn");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const dataDir = removedAtExit(await freshDataDir());
let t = performance.now();
const db = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined, DATABASE_READ_URL: undefined, DATABASE_POOL: 1, MAINTENANCE_INTERVAL_S: 86_400 });
try {
  const target = await addTarget(db.sql, DOMAIN, TZ, { green: true });
  await db.sql`UPDATE domains SET created = ${new Date(Date.now() - (DAYS + 1) * DAY)} WHERE id = ${target.id}`;
  await bulkHits(db.sql, target.id, TZ, new Date(Date.now() - DAYS * DAY), new Date(Date.now() - 60_000), HITS);
  console.log(`seeded ${HITS.toLocaleString("en")} hits over ${DAYS} days in ${seconds(performance.now() - t)}`);
  t = performance.now();
  await refreshAggregates(db.sql);
  await db.sql`ANALYZE`;
  await db.sql`CHECKPOINT`;
  console.log(`refreshAggregates + ANALYZE + CHECKPOINT: ${seconds(performance.now() - t)}`);
} finally {
  await db.close();
}
await adoptDomains(dataDir, OWNER, [DOMAIN]);

const server = await spawnServer("src/server.ts", { DATA_DIR: dataDir, NODE_ENV: "production", ...TEST_ENV }, { timeoutMs: 120_000 });
const pid = server.proc.pid;
const status = (field: "VmRSS" | "VmHWM") => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

try {
  const signin = await fetch(`${server.url}/api/signin`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
  });
  const cookie = signin.headers.get("set-cookie")?.split(";")[0];
  if (!signin.ok || !cookie) throw new Error(`sign-in answered ${signin.status}`);

  const endKey = localTime(TZ, Date.now()).day;
  const startKey = new Date(Date.parse(`${endKey}T00:00:00Z`) - (DAYS - 1) * DAY).toISOString().slice(0, 10);
  // NOTE: an export starts from an open dashboard: its first load (the last 7 days) is in before
  // the clock starts. It also queues behind the stats warm-up a fresh server runs on its busiest
  // domain, which would otherwise be timed as the export's first byte.
  const weekStart = new Date(Date.parse(`${endKey}T00:00:00Z`) - 6 * DAY).toISOString().slice(0, 10);
  for (const dataType of ["SUMMARY", "PATH", "REF"]) {
    const res = await fetch(`${server.url}/api/stats?domain=${DOMAIN}&startKey=${weekStart}&endKey=${endKey}&dataType=${dataType}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`stats answered ${res.status}`);
    await res.arrayBuffer();
  }
  const rows: string[] = [];
  let worstFirst = 0;
  let worstRss = 0;
  for (const format of ["xlsx", "csv"] as const) {
    for (const run of ["cold", "warm"] as const) {
      // NOTE: "5" resets the peak (VmHWM) to the current RSS (Linux ≥ 4.0).
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
      const before = status("VmRSS");
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/export?domain=${DOMAIN}&startKey=${startKey}&endKey=${endKey}&format=${format}&tables=all`, { headers: { cookie } });
      if (!res.ok || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      let first = 0;
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        if (!first) first = performance.now() - t0;
        bytes += chunk.byteLength;
      }
      const total = performance.now() - t0;
      const growth = status("VmHWM") - before;
      worstFirst = Math.max(worstFirst, first);
      worstRss = Math.max(worstRss, growth);
      rows.push(`| ${format} | ${run} | ${first.toFixed(0)} ms | ${seconds(total)} | ${(bytes / 1e6).toFixed(2)} MB | ${(growth / 1e6).toFixed(1)} MB |`);
    }
  }
  console.log(`\nexport of ${DOMAIN}: ${HITS.toLocaleString("en")} hits, ${startKey} … ${endKey} (${DAYS} days), all tables; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} (2 cores shared)`);
  console.log("| format | stats cache | first byte | total | size | peak RSS growth |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  console.log(`goal first byte < ${GOAL_FIRST_BYTE_MS} ms: worst ${worstFirst.toFixed(0)} ms, ${(worstFirst / GOAL_FIRST_BYTE_MS).toFixed(2)}× the goal (${worstFirst < GOAL_FIRST_BYTE_MS ? "met" : "NOT met"})`);
  console.log(`goal peak RSS growth < ${GOAL_RSS_MB} MB: worst ${(worstRss / 1e6).toFixed(1)} MB, ${(worstRss / 1e6 / GOAL_RSS_MB).toFixed(2)}× the goal (${worstRss / 1e6 < GOAL_RSS_MB ? "met" : "NOT met"})`);
} finally {
  server.proc.kill("SIGTERM");
  await server.exited;
}
