// The maintenance scheduler for the embedded database. PGlite runs no background workers
// (no checkpointer, no autovacuum, no TimescaleDB job scheduler), so the process that owns it
// runs these jobs on its own timer. Later features add jobs (aggregate refresh, compression,
// retention) with `add`. Against a server the same work is registered as TimescaleDB policies.
import type { Sql } from "postgres";
import { log } from "../log";
import { namedQuery } from "./query";

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

/** Keeps the last run of each job, for the admin's monitoring page. */
const recordRun = namedQuery("maintenance.recordRun", async (sql, job: string, started: Date, ms: number, error: string | null) => {
  await sql`INSERT INTO maintenance_runs (job, started, duration_ms, error) VALUES (${job}, ${started}, ${ms}, ${error})
    ON CONFLICT (job) DO UPDATE SET started = excluded.started, duration_ms = excluded.duration_ms, error = excluded.error`;
});

type MaintenanceRun = { job: string; started: Date | null; durationMs: number | null; error: string | null };

/**
 * The last run of every maintenance job: the embedded timer's (maintenance_runs) and, on a server,
 * TimescaleDB's own jobs (job_stats), which run the same work as policies.
 */
export const maintenanceRuns = namedQuery("maintenance.runs", (sql) =>
  sql<MaintenanceRun[]>`
    SELECT job, started, duration_ms AS "durationMs", error FROM maintenance_runs
    UNION ALL
    SELECT coalesce(j.proc_name || ' ' || coalesce(j.hypertable_name, ''), j.job_id::text), s.last_run_started_at,
      (extract(epoch FROM s.last_run_duration) * 1000)::int,
      CASE WHEN s.last_run_status = 'Failed' THEN 'failed' END
    FROM timescaledb_information.jobs j JOIN timescaledb_information.job_stats s USING (job_id)
    ORDER BY 1`,
);

export function startMaintenance(sql: Sql, intervalMs: number): Maintenance {
  const jobs = [...BASE_JOBS];
  let running: Promise<void> = Promise.resolve();

  const pass = async () => {
    for (const job of jobs) {
      const at = new Date();
      const started = performance.now();
      let error: string | null = null;
      try {
        await job.run(sql);
        log.debug("maintenance job done", { job: job.name, ms: Math.round(performance.now() - started) });
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        log.error("maintenance job failed", { job: job.name, error });
      }
      await recordRun(sql, job.name, at, Math.round(performance.now() - started), error).catch((err: unknown) =>
        log.warn("maintenance run not recorded", { job: job.name, error: err instanceof Error ? err.message : String(err) }),
      );
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
