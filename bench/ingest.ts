// `npm run bench:ingest [-- --seconds 20 --concurrency 32]`: the real HTTP endpoints on loopback, on
// the embedded database, under a realistic payload mix from a separate load process. Prints accepted
// hits/s, p50/p99 response time, rows in the database afterwards (must equal the hits the pipeline
// accepted), and the ratio to a raw batched insert of the same rows on the same database.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { collectorOf } from "../src/collect";
import type { HitRow } from "../src/hits";
import { insertFor } from "../src/collect/copy";
import { loadConfig } from "../src/config";
import { setLogSink } from "../src/log";
import { start } from "../src/start";
import { until } from "../tests/helpers/collect";
import { removedAtExit } from "../tests/helpers/db";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "20" }, concurrency: { type: "string", default: "32" } } });
const dataDir = removedAtExit(mkdtempSync(join(tmpdir(), "bothy-bench-")));
// NOTE: the server logs at its default level, one request line per beacon included, and the lines
// go to a file as a server's stdout would; warnings and errors still reach this terminal.
const logFile = Bun.file(join(dataDir, "server.log")).writer();
let logLines = 0;
setLogSink((level, line) => {
  if (level === "warn" || level === "error") process.stderr.write(line + "\n");
  else logFile.write(line + "\n");
  logLines++;
});
// NOTE: no demo domain: its seeding would write through the same collector the bench measures.
const config = loadConfig({ PORT: "0", DATA_DIR: dataDir, DEMO_DOMAIN: "" });
const server = await start(config);
const sql = server.db.sql;
const collector = collectorOf(server.db)!;
const addDomain = async (name: string) => (await sql<{ id: number }[]>`INSERT INTO domains (name) VALUES (${name}) RETURNING id`)[0]!.id;
const site = await addDomain("bench.example");
const rawSite = await addDomain("raw.example");

/**
 * CPU milliseconds of each of this process's threads, by role: the HTTP thread (the main one), the
 * database worker, and the runtime's helpers (JIT, GC). Linux only; elsewhere nothing.
 */
function threadMs(): Record<string, number> {
  const out: Record<string, number> = {};
  let tasks: string[];
  try {
    tasks = readdirSync("/proc/self/task");
  } catch {
    return out;
  }
  for (const task of tasks) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
    } catch {
      continue; // the thread ended between the listing and the read
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // NOTE: utime and stime are fields 14 and 15 of stat(5), in clock ticks of 10 ms.
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    const role = Number(task) === process.pid ? "HTTP thread" : name === "Worker" ? "database worker" : "runtime helpers";
    out[role] = (out[role] ?? 0) + ms;
  }
  return out;
}

/** Jiffies of all CPUs from /proc/stat: busy (user, nice, system, irq, softirq), idle (+ iowait) and steal. */
function cpuTicks() {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { busy: f[0]! + f[1]! + f[2]! + f[5]! + f[6]!, idle: f[3]! + f[4]!, steal: f[7] ?? 0 };
}

console.log(`bench:ingest — ${values.seconds} s, ${values.concurrency} clients, embedded TimescaleDB, ${navigator.hardwareConcurrency} cores`);
// NOTE: CPU time is counted too: two cores shared with other work make hits/s swing 2× from run to
// run, while the CPU spent per hit (by this process, HTTP thread and database worker, and by the load
// process) does not depend on what else runs.
const ticks0 = cpuTicks();
const threads0 = threadMs();
const cpu0 = process.cpuUsage();
const load = Bun.spawn([process.execPath, join(import.meta.dir, "ingest-load.ts"), server.url, values.seconds!, values.concurrency!], {
  stdout: "pipe",
  stderr: "inherit",
});
const result = JSON.parse((await new Response(load.stdout).text()).trim().split("\n").pop()!) as {
  elapsed: number; statuses: Record<string, number>; sent: number; p50: number; p99: number;
};
const answered202 = result.statuses["202"] ?? 0;
const serverCpu = process.cpuUsage(cpu0);
const threads = threadMs();
const ticks = cpuTicks();
await load.exited;
const loadCpu = load.resourceUsage()!.cpuTime;

// Everything accepted must reach the table; wait for the writer to drain.
const drainStart = performance.now();
const { counts } = collector.metrics;
await until("the writer to drain", () => collector.writer.buffered === 0 && counts.written >= counts.accepted, 300_000, 50);
const drainMs = performance.now() - drainStart;
const rows = (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM hits WHERE site_id = ${site}`)[0]!.n;
const drops = Object.values(collector.metrics.drops).reduce((a, b) => a + b, 0);

// The same rows, inserted raw: the batch writer's own insert (COPY on the embedded database), no HTTP, no pipeline.
// NOTE: the first RAW_ROWS of them at most: a rate needs no more, and a 60 s run stores ~1.4M rows,
// too many to hold as objects in this process.
const RAW_ROWS = 300_000;
const stored = await sql`SELECT * FROM hits WHERE site_id = ${site} ORDER BY time LIMIT ${RAW_ROWS}`;
const same: HitRow[] = stored.map((r) => ({
  time: (r.time as Date).getTime(), siteId: rawSite, kind: r.kind, localDay: (r.local_day as Date).toISOString().slice(0, 10),
  localHour: r.local_hour, path: r.path, referrerHost: r.referrer_host, source: r.source, utmSource: r.utm_source,
  utmMedium: r.utm_medium, utmCampaign: r.utm_campaign, country: r.country, language: r.language, browser: r.browser,
  os: r.os, device: r.device, screen: r.screen, isUnique: r.is_unique, isBounce: r.is_bounce, durationMs: r.duration_ms,
  loadMs: r.load_ms, transferBytes: r.transfer_bytes === null ? null : Number(r.transfer_bytes), eventName: r.event_name,
  eventValue: r.event_value, referrerPost: r.referrer_post, scrollPct: r.scroll_pct, fromPath: r.from_path,
  lcpMs: r.lcp_ms, inpMs: r.inp_ms, cls: r.cls, fcpMs: r.fcp_ms, ttfbMs: r.ttfb_ms,
}));
const insert = insertFor(server.db);
const t0 = performance.now();
for (let i = 0; i < same.length; i += config.COLLECT_BATCH_SIZE) {
  await insert(crypto.randomUUID(), same.slice(i, i + config.COLLECT_BATCH_SIZE));
}
const rawS = (performance.now() - t0) / 1000;
const rawRate = same.length / rawS;
const httpRate = answered202 / result.elapsed;

const fmt = (n: number) => Math.round(n).toLocaleString("en");
console.log(`requests sent           ${fmt(result.sent)} (${JSON.stringify(result.statuses)})`);
console.log(`accepted (202) hits/s   ${fmt(httpRate)}  (sustained over ${result.elapsed.toFixed(1)} s)`);
console.log(`response time           p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms`);
console.log(`dropped by the pipeline ${fmt(drops)} ${JSON.stringify(collector.metrics.drops)}`);
console.log(`rows in the database    ${fmt(rows)} (accepted ${fmt(answered202)} − dropped ${fmt(drops)} = ${fmt(answered202 - drops)}) ${rows === answered202 - drops ? "OK, 0 lost" : "MISMATCH"}`);
console.log(`server log lines        ${fmt(logLines)} (level ${config.LOG_LEVEL}, to ${join(dataDir, "server.log")})`);
console.log(`writer drained in       ${fmt(drainMs)} ms after the load stopped`);
console.log(`raw batched insert      ${fmt(rawRate)} rows/s (${fmt(same.length)} rows, batches of ${config.COLLECT_BATCH_SIZE}, the writer's ${server.db.execBlob ? "COPY" : "unnest"}, no HTTP)`);
// NOTE: this VM's neighbours change its speed: in a busy hour the same work takes up to ~1.8× the
// CPU (the raw rate went from ~100,000 to ~45,000 rows/s), so compare runs made close together.
console.log(`ratio HTTP / raw        ${(httpRate / rawRate).toFixed(2)}`);
// Whole-machine accounting over the load phase: what this bench used, what other processes used, steal.
const perHit = (us: number | bigint) => (Number(us) / answered202).toFixed(1);
const jiffies = (ticks.busy - ticks0.busy) + (ticks.idle - ticks0.idle) + (ticks.steal - ticks0.steal);
const share = (n: number) => `${Math.round((100 * n) / jiffies)} %`;
const ours = (serverCpu.user + serverCpu.system + Number(loadCpu.user + loadCpu.system)) / 1e6; // seconds
const hz = jiffies / result.elapsed / navigator.hardwareConcurrency; // jiffies per second per CPU
const split = Object.entries(threads).map(([role, ms]) => `${role} ${perHit((ms - (threads0[role] ?? 0)) * 1000)}`).join(", ");
console.log(`CPU per accepted hit    server ${perHit(serverCpu.user + serverCpu.system)} µs (${split}), load generator ${perHit(loadCpu.user + loadCpu.system)} µs (${perHit(loadCpu.system)} of it in the kernel)`);
// NOTE: /proc/stat samples by tick and the processes' clocks are exact, so under heavy steal the two
// disagree by a few points; what matters is whether the bench had the cores to itself.
console.log(`machine during the load busy ${share(ticks.busy - ticks0.busy)}, idle ${share(ticks.idle - ticks0.idle)}, stolen by the host ${share(ticks.steal - ticks0.steal)}; this bench's processes ${share(ours * hz)}`);

await server.stop();
await logFile.end();
process.exit(rows === answered202 - drops ? 0 : 1);
