// `npm run bench:inspect`: inspections per minute, p50/p95 time per inspection and peak memory
// (PSS of this process and every Chromium process under it) at concurrency 1 and 2, on the
// fixture site over loopback, through the real queue, database and browser.
// Usage: npm run bench:inspect [-- JOBS]   (default 16 jobs per concurrency level)
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { greenCheck } from "../src/carbon";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db";
import { setLogLevel } from "../src/log";
import { browserHost } from "../src/inspect/browser";
import { startQueue } from "../src/inspect/queue";
import { guardFrom, jobRunner, leaseMs, limitsFrom } from "../src/inspect/service";
import { enqueue } from "../src/inspect/store";
import { until } from "../tests/helpers/collect";
import { removedAtExit } from "../tests/helpers/db";
import { startFixtureSite } from "../tests/helpers/inspect-site";

const JOBS = Number(process.argv[2] ?? 16);
setLogLevel("warn");
const site = await startFixtureSite();
const config = loadConfig({ ...process.env, ...site.env, DATA_DIR: removedAtExit(mkdtempSync(join(tmpdir(), "bothy-bench-"))), DATABASE_URL: "" });
const db = await openDatabase(config);

/** PSS in MB from /proc: this process (app code plus the embedded database) and Chromium (its descendants). */
function pssMb(): { self: number; chromium: number } {
  const parent = new Map<number, number>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {}
  }
  const ours = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 50; p = parent.get(p) ?? 0, hops++) if (p === process.pid) return true;
    return false;
  };
  const out = { self: 0, chromium: 0 };
  for (const pid of parent.keys()) {
    if (!ours(pid) || pid === site.pid) continue;
    try {
      const kb = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
      if (pid === process.pid) out.self += kb / 1024;
      else out.chromium += kb / 1024;
    } catch {}
  }
  return out;
}

/**
 * CPU seconds used so far by this process and every live descendant except the fixture site.
 * Children that exited (closed browsers, renderers) are in their reaper's cutime/cstime. It does
 * not depend on what else the shared machine runs, unlike wall time.
 */
function cpuSeconds(): number {
  let ticks = 0;
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d) || Number(d) === site.pid) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // f[1] is ppid; f[11..14] are utime, stime, cutime, cstime (fields 14–17 of proc(5)).
      const mine = Number(d) === process.pid || descends(Number(d));
      if (mine) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {}
  }
  return ticks / 100; // USER_HZ
}

function descends(pid: number): boolean {
  for (let p = pid, hops = 0; p > 1 && hops < 50; hops++) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      p = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      return false;
    }
    if (p === process.pid) return true;
  }
  return false;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

const rows: string[] = [];
// NOTE: the machine is shared; a high load average before the run explains slow numbers.
const loadBefore = loadavg()[0]!.toFixed(1);
let run = 0;
for (const concurrency of [1, 2]) {
  const browser = browserHost(config.CHROMIUM_PATH);
  const runner = jobRunner({
    sql: db.sql, browser, greencheck: greenCheck("http://127.0.0.1:9"), guard: guardFrom(config), limits: limitsFrom(config),
  });
  const queue = startQueue({ sql: db.sql, concurrency, leaseMs: leaseMs(config), pollMs: 1000, run: runner });
  const finished = async (pattern: string) =>
    (await db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM inspections WHERE url LIKE ${pattern} AND status IN ('done', 'failed')`)[0]!.n;
  const waitDone = (pattern: string, n: number) =>
    until(`${n} finished inspections of ${pattern}`, async () => (await finished(pattern)) >= n, 600_000, 100);
  // Warm-up: launch the browser outside the measurement.
  run++;
  await enqueue(db.sql, site.url(`/?warm=${run}`));
  queue.wake();
  await waitDone(`${site.url(`/?warm=${run}`)}%`, 1);

  const peak = { self: 0, chromium: 0, total: 0 };
  const sample = () => {
    const m = pssMb();
    peak.self = Math.max(peak.self, m.self);
    peak.chromium = Math.max(peak.chromium, m.chromium);
    peak.total = Math.max(peak.total, m.self + m.chromium);
  };
  const sampler = setInterval(sample, 200);
  const tag = `c${concurrency}-${run}`;
  const cpu0 = cpuSeconds();
  const t0 = performance.now();
  for (let i = 0; i < JOBS; i++) await enqueue(db.sql, site.url(`${i % 2 ? "/heavy" : "/"}?bench=${tag}-${i}`));
  queue.wake();
  await waitDone(`%bench=${tag}-%`, JOBS);
  const wall = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  sample();
  await queue.stop();
  await browser.close();
  const cpuPerJob = (cpuSeconds() - cpu0) / JOBS;

  const done = await db.sql<{ ms: number; bytes: number; url: string; status: string }[]>`
    SELECT extract(epoch FROM finished_at - started_at) * 1000 AS ms, bytes::float8 AS bytes, url, status
    FROM inspections WHERE url LIKE ${`%bench=${tag}-%`}`;
  const failed = done.filter((d) => d.status !== "done").length;
  const totals = new Set(done.filter((d) => d.status === "done").map((d) => `${new URL(d.url).pathname}:${d.bytes}`));
  const ms = done.map((d) => d.ms);
  rows.push(
    `| ${concurrency} | ${JOBS} | ${wall.toFixed(1)} s | ${((JOBS / wall) * 60).toFixed(1)} | ${(pct(ms, 50) / 1000).toFixed(2)} s | ${(pct(ms, 95) / 1000).toFixed(2)} s | ${Math.round(peak.chromium)} MB | ${Math.round(peak.total)} MB | ${cpuPerJob.toFixed(2)} s | ${((navigator.hardwareConcurrency * 60) / cpuPerJob).toFixed(0)} | ${failed} | ${totals.size === 2 ? "yes" : `no (${[...totals].join(", ")})`} |`,
  );
}

console.log(`\nInspector bench: ${JOBS} jobs per level, alternating / and /heavy; quiet window ${config.INSPECT_QUIET_MS} ms; ${navigator.hardwareConcurrency} cores; load average ${loadBefore} before, ${loadavg()[0]!.toFixed(1)} after`);
console.log("| concurrency | jobs | wall | inspections/min | p50 | p95 | peak PSS Chromium | peak PSS all (with app + embedded DB) | CPU per inspection | CPU-bound capacity/min | failed | same bytes every run |");
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
for (const r of rows) console.log(r);
console.log("CPU per inspection counts this process (queue, proxy, embedded DB) and Chromium, not the fixture site;");
console.log("capacity = all cores' seconds per minute / CPU per inspection: the rate on an otherwise idle machine if CPU-bound.");
await db.close();
await site.stop();
