// `npm run bench:inspect`: inspections per minute, p50/p95 time per inspection, peak memory (PSS
// of this process and every Chromium process under it) and CPU per inspection at concurrency 1
// and 2, on the fixture site over loopback, through the real queue, database and browser; then
// the median wall time of each step of one inspection, and of drawing a result's card (on demand,
// outside the job). Goal: ≥ 40 inspections a minute at concurrency 2.
// Usage: npm run bench:inspect [-- JOBS]   (default 16 jobs per concurrency level)
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { greenCheck } from "../src/carbon";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db";
import { setLogLevel } from "../src/log";
import { browserHost } from "../src/inspect/browser";
import { cardSource } from "../src/inspect/card";
import { databaseJobs } from "../src/inspect/jobs";
import { startQueue } from "../src/inspect/queue";
import { guardFrom, jobRunner, leaseMs, limitsFrom } from "../src/inspect/service";
import type { Steps } from "../src/inspect/steps";
import { enqueue, type Job } from "../src/inspect/store";
import { removedAtExit } from "../tests/helpers/db";
import { startFixtureSite } from "../tests/helpers/inspect-site";

const JOBS = Number(process.argv[2] ?? 16);
const GOAL_PER_MIN = 40;
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

/** The most jobs running at the same moment, from their start and finish times. */
function mostAtOnce(jobs: { start: number; end: number }[]): number {
  const edges = jobs.flatMap((j) => [{ at: j.start, d: 1 }, { at: j.end, d: -1 }]).sort((a, b) => a.at - b.at || a.d - b.d);
  let now = 0;
  let most = 0;
  for (const e of edges) most = Math.max(most, (now += e.d));
  return most;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

const rows: string[] = [];
const rates = new Map<number, number>();
/** CPU seconds the memory sampling took, per concurrency level. */
const sampling = new Map<number, number>();
/** URLs of the measured runs, for the card timing. */
const measured: string[] = [];
/** Each measured job's wall time per step, per concurrency level. */
const stepsAt = new Map<number, Steps[]>();
// NOTE: the machine is shared; a high load average before the run explains slow numbers.
const loadBefore = loadavg()[0]!.toFixed(1);
for (const concurrency of [1, 2]) {
  const browser = browserHost(config.CHROMIUM_PATH);
  const timings: Steps[] = [];
  let measuring = false;
  const runner = jobRunner({
    jobs: databaseJobs(db.sql), browser, greencheck: greenCheck("http://127.0.0.1:9"), guard: guardFrom(config), limits: limitsFrom(config),
    timed: (steps) => measuring && timings.push(steps),
  });
  // NOTE: jobs are counted as the runner finishes them (stored done or failed), not by polling
  // the database: polling would cost the embedded database CPU and add up to a poll to the wall.
  let finished = 0;
  let counted = () => {};
  const run = async (job: Job) => {
    await runner(job);
    finished++;
    counted();
  };
  const waitDone = (n: number) =>
    new Promise<void>((resolve) => {
      counted = () => finished >= n && resolve();
      counted();
    });
  const queue = startQueue({ jobs: databaseJobs(db.sql), concurrency, leaseMs: leaseMs(config), pollMs: 1000, run });
  // Warm-up: launch the browser outside the measurement.
  await enqueue(db.sql, site.url(`/?warm=${concurrency}`));
  queue.wake();
  await waitDone(1);

  const peak = { self: 0, chromium: 0, total: 0 };
  // NOTE: reading smaps_rollup makes the kernel walk each process's memory: every 200 ms that took
  // a third of a core on a busy machine. Once a second, and its CPU is counted apart.
  let samplerCpu = 0;
  const sample = () => {
    const before = process.cpuUsage();
    const m = pssMb();
    const used = process.cpuUsage(before);
    samplerCpu += (used.user + used.system) / 1e6;
    peak.self = Math.max(peak.self, m.self);
    peak.chromium = Math.max(peak.chromium, m.chromium);
    peak.total = Math.max(peak.total, m.self + m.chromium);
  };
  const sampler = setInterval(sample, 1000);
  const tag = `c${concurrency}`;
  const cpu0 = cpuSeconds();
  const t0 = performance.now();
  measuring = true;
  for (let i = 0; i < JOBS; i++) await enqueue(db.sql, site.url(`${i % 2 ? "/heavy" : "/"}?bench=${tag}-${i}`));
  queue.wake();
  await waitDone(JOBS + 1);
  const wall = (performance.now() - t0) / 1000;
  stepsAt.set(concurrency, timings);
  clearInterval(sampler);
  sample();
  await queue.stop();
  await browser.close();
  const cpuPerJob = (cpuSeconds() - cpu0 - samplerCpu) / JOBS;
  sampling.set(concurrency, samplerCpu);

  const done = await db.sql<{ ms: number; bytes: number; url: string; status: string; start: number; end: number }[]>`
    SELECT extract(epoch FROM finished_at - started_at) * 1000 AS ms, bytes::float8 AS bytes, url, status,
      extract(epoch FROM started_at)::float8 AS start, extract(epoch FROM finished_at)::float8 AS end
    FROM inspections WHERE url LIKE ${`%bench=${tag}-%`}`;
  measured.push(...done.filter((d) => d.status === "done").map((d) => d.url));
  const failed = done.filter((d) => d.status !== "done").length;
  const totals = new Set(done.filter((d) => d.status === "done").map((d) => `${new URL(d.url).pathname}:${d.bytes}`));
  const ms = done.map((d) => d.ms);
  rates.set(concurrency, (JOBS / wall) * 60);
  rows.push(
    `| ${concurrency} | ${JOBS} | ${wall.toFixed(1)} s | ${((JOBS / wall) * 60).toFixed(1)} | ${mostAtOnce(done)} | ${(pct(ms, 50) / 1000).toFixed(2)} s | ${(pct(ms, 95) / 1000).toFixed(2)} s | ${Math.round(peak.chromium)} MB | ${Math.round(peak.total)} MB | ${cpuPerJob.toFixed(2)} s | ${((navigator.hardwareConcurrency * 60) / cpuPerJob).toFixed(0)} | ${failed} | ${totals.size === 2 ? "yes" : `no (${[...totals].join(", ")})`} |`,
  );
}

console.log(`\nInspector bench: ${JOBS} jobs per level, alternating / and /heavy; quiet window ${config.INSPECT_QUIET_MS} ms; ${navigator.hardwareConcurrency} cores; load average ${loadBefore} before, ${loadavg()[0]!.toFixed(1)} after`);
console.log("| concurrency | jobs | wall | inspections/min | most at once | p50 | p95 | peak PSS Chromium | peak PSS all (with app + embedded DB) | CPU per inspection | CPU-bound capacity/min | failed | same bytes every run |");
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
for (const r of rows) console.log(r);
console.log("CPU per inspection counts this process (queue, proxy, embedded DB) and Chromium, not the fixture site nor the memory sampling");
console.log(`(once a second: ${[...sampling].map(([c, s]) => `${s.toFixed(1)} s at concurrency ${c}`).join(", ")});`);
console.log("capacity = all cores' seconds per minute / CPU per inspection: the rate on an otherwise idle machine if CPU-bound.");
// NOTE: medians per step, so one slow job on the shared machine does not hide where time goes.
const names = [...new Set([...stepsAt.values()].flat().flatMap((s) => Object.keys(s)))];
const levels = [...stepsAt.keys()];
const median = (c: number, name: string) => pct(stepsAt.get(c)!.map((s) => s[name] ?? 0), 50);
console.log("\nWall time per step of one inspection, median ms:");
console.log(`| step | ${levels.map((c) => `concurrency ${c}`).join(" | ")} |`);
console.log(`|---|${levels.map(() => "---:").join("|")}|`);
for (const name of names) console.log(`| ${name} | ${levels.map((c) => median(c, name).toFixed(0)).join(" | ")} |`);
console.log(`| sum of the medians | ${levels.map((c) => names.reduce((a, n) => a + median(c, n), 0).toFixed(0)).join(" | ")} |`);

// The Open Graph card is drawn on its first request, outside any job: what that request costs.
const cardBrowser = browserHost(config.CHROMIUM_PATH);
const card = cardSource(db.sql, cardBrowser);
await card(measured[0]!); // launches the browser
const cardMs: number[] = [];
for (const url of measured.slice(1, 9)) {
  const t = performance.now();
  await card(url);
  cardMs.push(performance.now() - t);
}
await cardBrowser.close();
console.log(`\nOpen Graph card, drawn and stored on its first request (not in the job): median ${pct(cardMs, 50).toFixed(0)} ms over ${cardMs.length}`);
const rate = rates.get(2)!;
console.log(`Goal: ≥ ${GOAL_PER_MIN} inspections/min at concurrency 2: ${rate.toFixed(1)} (${rate >= GOAL_PER_MIN ? "met" : "MISSED"}); ${(rate / rates.get(1)!).toFixed(2)}× concurrency 1`);
await db.close();
await site.stop();
