// `npm run bench:export [-- --hits 10000000 --days 90]`: a fresh embedded database in a temp
// DATA_DIR gets that many hits for one domain over the last `days` days (bulk INSERT … SELECT
// generate_series, bench/stats-data.ts, as bench:stats seeds), materialized by the collect refresh
// job, owned by a signed-in owner. The real server (a child process, production mode), after the
// dashboard's own first load and a first one-day export of each format (printed apart), exports the
// whole range, all tables, as XLSX and as a ZIP of CSVs, twice each (the first of each with its
// range's stats not cached yet): time to the first byte of the body, total time, size, and the
// server's peak RSS growth during the export (Linux: VmHWM after resetting it through /proc/PID/clear_refs,
// less VmRSS before; the embedded database runs in a worker thread of the same process, so its
// memory counts too). Goals: first byte < 1 s, peak RSS growth < 100 MB. The data dir is removed.
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { refreshAggregates } from "../src/hits";
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
await adoptDomains({ DATA_DIR: dataDir }, OWNER, [DOMAIN]);

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

  const lastKey = localTime(TZ, Date.now()).day;
  const firstKey = new Date(Date.parse(`${lastKey}T00:00:00Z`) - (DAYS - 1) * DAY).toISOString().slice(0, 10);
  // NOTE: an export starts from an open dashboard: its first load (the last 7 days) is in before
  // the clock starts. It also queues behind the stats warm-up a fresh server runs on its busiest
  // domain, which would otherwise be timed as the export's first byte.
  const weekStart = new Date(Date.parse(`${lastKey}T00:00:00Z`) - 6 * DAY).toISOString().slice(0, 10);
  for (const dataType of ["SUMMARY", "PATH", "REF"]) {
    const res = await fetch(`${server.url}/api/stats?domain=${DOMAIN}&startKey=${weekStart}&endKey=${lastKey}&dataType=${dataType}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`stats answered ${res.status}`);
    await res.arrayBuffer();
  }
  type Run = { first: number; total: number; bytes: number; growth: number };
  const exportOnce = async (format: "xlsx" | "csv", startKey: string, endKey: string): Promise<Run> => {
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
    return { first, total: performance.now() - t0, bytes, growth: status("VmHWM") - before };
  };
  const row = (format: string, run: string, r: Run) =>
    `| ${format} | ${run} | ${r.first.toFixed(0)} ms | ${seconds(r.total)} | ${(r.bytes / 1e6).toFixed(2)} MB | ${(r.growth / 1e6).toFixed(1)} MB |`;
  // NOTE: a server's first export loads the writers' libraries and grows the embedded database's
  // heap once for good (neither is given back, nor taken again): a one-day export of each format
  // pays that first, printed apart, so the goals measure what an export of the range costs.
  const rows = [row("xlsx", "first export, 1 day", await exportOnce("xlsx", lastKey, lastKey)), row("csv", "first export, 1 day", await exportOnce("csv", lastKey, lastKey))];
  let worstFirst = 0;
  let worstRss = 0;
  const shifted = (key: string, days: number) => new Date(Date.parse(`${key}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10);
  for (const [f, format] of (["xlsx", "csv"] as const).entries()) {
    // NOTE: each format's cold run asks a range one day apart from the other's, so neither finds
    // the other's answers in the stats cache.
    for (const run of ["cold", "warm"] as const) {
      const r = await exportOnce(format, shifted(firstKey, f), shifted(lastKey, f));
      worstFirst = Math.max(worstFirst, r.first);
      worstRss = Math.max(worstRss, r.growth);
      rows.push(row(format, run, r));
    }
  }
  console.log(`\nexport of ${DOMAIN}: ${HITS.toLocaleString("en")} hits, ${firstKey} … ${lastKey} (${DAYS} days; the CSV runs one day earlier), all tables; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} (2 cores shared)`);
  console.log("| format | stats cache | first byte | total | size | peak RSS growth |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  console.log(`goal first byte < ${GOAL_FIRST_BYTE_MS} ms: worst ${worstFirst.toFixed(0)} ms, ${(worstFirst / GOAL_FIRST_BYTE_MS).toFixed(2)}× the goal (${worstFirst < GOAL_FIRST_BYTE_MS ? "met" : "NOT met"})`);
  console.log(`goal peak RSS growth < ${GOAL_RSS_MB} MB: worst ${(worstRss / 1e6).toFixed(1)} MB, ${(worstRss / 1e6 / GOAL_RSS_MB).toFixed(2)}× the goal (${worstRss / 1e6 < GOAL_RSS_MB ? "met" : "NOT met"})`);
} finally {
  server.proc.kill("SIGTERM");
  await server.exited;
}
