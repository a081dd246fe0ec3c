// The maintenance scheduler for the embedded database. PGlite runs no background workers
// (no checkpointer, no autovacuum, no TimescaleDB job scheduler), so the process that owns it
// runs these jobs on its own timer. Later features add jobs (aggregate refresh, compression,
// retention) with `add`. Against a server the same work is registered as TimescaleDB policies.
import type { Sql } from "postgres";
import { log } from "../log";

export type MaintenanceJob = { name: string; run: (sql: Sql) => Promise<unknown> };

export type Maintenance = {
  add(job: MaintenanceJob): void;
  /** Runs every job once, in order; a failing job is logged and the others still run. */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a running pass to end. */
  stop(): Promise<void>;
};

const BASE_JOBS: MaintenanceJob[] = [
  // NOTE: pg_wal only shrinks at a checkpoint, and crash recovery replays everything after the last one.
  { name: "checkpoint", run: (sql) => sql`CHECKPOINT` },
  // NOTE: without autovacuum the planner never learns table sizes unless we ANALYZE.
  { name: "analyze", run: (sql) => sql`ANALYZE` },
];

export function startMaintenance(sql: Sql, intervalMs: number): Maintenance {
  const jobs = [...BASE_JOBS];
  let running: Promise<void> = Promise.resolve();

  const pass = async () => {
    for (const job of jobs) {
      const started = performance.now();
      try {
        await job.run(sql);
        log.debug("maintenance job done", { job: job.name, ms: Math.round(performance.now() - started) });
      } catch (err) {
        log.error("maintenance job failed", { job: job.name, error: err instanceof Error ? err.message : String(err) });
      }
    }
  };
  // NOTE: passes are chained, so a slow pass delays the next instead of overlapping it.
  const runOnce = () => (running = running.then(pass));
  const timer = setInterval(runOnce, intervalMs);
  timer.unref();

  return {
    add: (job) => void jobs.push(job),
    runOnce,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
