// `worker:maintenance` next to an app node started with JOBS=worker, on one shared database
// (`db:serve`, or the suite's server with TEST_DATABASE_URL):
// the node runs no job, two workers never run the same job in the same interval (every run in
// maintenance_runs is one a worker logged, at most one per claim), and when one worker is killed
// the other goes on running every job.
import { expect, test } from "bun:test";
import postgres from "postgres";
import { until } from "../../helpers/collect";
import { emptyDataDir } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { sharedDatabase, spawnServer, stopChild, type Child } from "../../helpers/server";

const scratch = removedAfterAll();
const INTERVAL_S = 3;
const JOBS = ["collect.refreshIfJobsFail", "reports.weekly", "reports.alerts", "plans.retention", "usage.overLimit"];

/** Each job's runs as one worker's log says: a line per run, done or failed. */
const runsLogged = (worker: Child): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const line of worker.output().split("\n")) {
    const m = /"msg":"maintenance job (?:done|failed)","job":"([^"]+)"/.exec(line);
    if (m) out[m[1]!] = (out[m[1]!] ?? 0) + 1;
  }
  return out;
};

test("two maintenance workers share the jobs without running any twice; one killed, the other carries on", async () => {
  const db = await sharedDatabase();
  const env = { DATABASE_URL: db.url, DATABASE_POOL: "1", MAINTENANCE_INTERVAL_S: String(INTERVAL_S) };
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  const children: Child[] = [];
  try {
    const node = await spawnServer("src/server.ts", { ...env, DATA_DIR: scratch(emptyDataDir()), JOBS: "worker" }, { timeoutMs: 60_000 });
    children.push(node);
    const worker = () =>
      spawnServer("src/cli/worker-maintenance.ts", { ...env, DATA_DIR: scratch(emptyDataDir()), BASE_URL: "http://bothy.test", LOG_LEVEL: "debug" }, {
        ready: /(maintenance worker running)/,
        timeoutMs: 60_000,
      });
    const workers = await Promise.all([worker(), worker()]);
    children.push(...workers);
    const started = Date.now();
    // NOTE: the time the workers run is the scenario itself: runs are counted over it.
    await Bun.sleep(3.2 * INTERVAL_S * 1000);

    const runs = async () =>
      Object.fromEntries((await sql<{ job: string; runs: number }[]>`SELECT job, runs::int FROM maintenance_runs WHERE job = ANY(${JOBS})`).map((r) => [r.job, r.runs]));
    const before = await runs();
    const elapsedS = (Date.now() - started) / 1000;
    const logged = workers.map(runsLogged);
    for (const job of JOBS) {
      // Every run the database counted is one a worker logged: the app node ran none.
      expect(before[job]).toBe((logged[0]![job] ?? 0) + (logged[1]![job] ?? 0));
      // A claim lasts 0.9 of an interval, so two workers together run a job at most once per 0.9 interval.
      expect(before[job]).toBeGreaterThanOrEqual(2);
      expect(before[job]).toBeLessThanOrEqual(Math.floor(elapsedS / (0.9 * INTERVAL_S)) + 1);
    }
    const [beat] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM process_heartbeats WHERE kind = 'worker:maintenance'`;
    expect(beat!.n).toBe(2);

    // The worker that ran the most is killed mid-life; the other takes every job over.
    const busiest = logged[0]!["plans.retention"]! >= (logged[1]!["plans.retention"] ?? 0) ? 0 : 1;
    await stopChild(workers[busiest], "SIGKILL");
    const atKill = await runs();
    await until("the other worker running every job", async () => {
      const now = await runs();
      return JOBS.every((job) => now[job]! > atKill[job]!);
    }, 6 * INTERVAL_S * 1000, 250);
    const errors = [node, ...workers].flatMap((c) => c.output().split("\n")).filter((l) => l.includes('"level":"error"'));
    expect(errors).toEqual([]);
  } finally {
    await sql.end();
    for (const child of children.reverse()) await stopChild(child);
    await db.stop();
  }
}, 180_000);
