// The job timer: every MAINTENANCE_INTERVAL_S a pass runs each job once, in order. On the embedded
// database it also checkpoints and analyzes (PGlite runs no checkpointer, no autovacuum, no
// TimescaleDB job scheduler), and collection adds its aggregate refresh, compression and retention.
// On a server the same timer runs the app's own jobs (reports, usage mails, plan retention) in every
// process that has one (app nodes with JOBS=here, `worker:maintenance`): there a job runs only once
// claimed in maintenance_runs, so two processes never run the same job in the same interval.
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
  await sql`INSERT INTO maintenance_runs AS m (job, started, duration_ms, error, runs) VALUES (${job}, ${started}, ${ms}, ${error}, 1)
    ON CONFLICT (job) DO UPDATE SET started = excluded.started, duration_ms = excluded.duration_ms, error = excluded.error, runs = m.runs + 1`;
});

/**
 * True when this process may run `job` now: nobody holds it, or the last claim ran out. One
 * statement, so of two processes asking at once exactly one gets it. TRICKY: the claim lasts a
 * little less than an interval, so the claimer's own next pass finds it free again.
 */
const claim = namedQuery("maintenance.claim", async (sql, job: string, forMs: number) => {
  const rows = await sql`INSERT INTO maintenance_runs AS m (job, started, duration_ms, claimed_until)
      VALUES (${job}, now(), 0, now() + ${forMs} * interval '1 millisecond')
    ON CONFLICT (job) DO UPDATE SET claimed_until = excluded.claimed_until
      WHERE m.claimed_until IS NULL OR m.claimed_until <= now()
    RETURNING job`;
  return rows.length === 1;
});

/** The share of an interval a claim lasts. */
const CLAIM_SHARE = 0.9;

type MaintenanceRun = { job: string; started: Date | null; durationMs: number | null; error: string | null; jobId: number | null };

/**
 * The last run of every maintenance job: the embedded timer's (maintenance_runs) and, on a server,
 * TimescaleDB's own jobs (job_stats, with their `jobId`), which run the same work as policies.
 * TRICKY: TimescaleDB starts a job it has not run yet at -infinity, which no Date holds: not run yet (null).
 */
export const maintenanceRuns = namedQuery("maintenance.runs", (sql) =>
  sql<MaintenanceRun[]>`
    SELECT job, CASE WHEN isfinite(started) THEN started END AS started, "durationMs", error, "jobId" FROM (
      SELECT job, started, duration_ms AS "durationMs", error, NULL::int AS "jobId" FROM maintenance_runs
      UNION ALL
      SELECT concat_ws(' ', j.proc_name, j.hypertable_name), s.last_run_started_at,
        (extract(epoch FROM s.last_run_duration) * 1000)::int,
        CASE WHEN s.last_run_status = 'Failed' THEN 'failed' END, j.job_id
      FROM timescaledb_information.jobs j JOIN timescaledb_information.job_stats s USING (job_id)
    ) runs
    ORDER BY 1`,
);

/**
 * `owner`: this process owns the database (embedded, db:serve): it also checkpoints and analyzes,
 * and runs every job without claiming it. Otherwise each job is claimed first.
 */
export function startMaintenance(sql: Sql, intervalMs: number, opts: { owner: boolean }): Maintenance {
  const jobs = opts.owner ? [...BASE_JOBS] : [];
  let running: Promise<void> = Promise.resolve();

  const mine = (job: MaintenanceJob) => (opts.owner ? Promise.resolve(true) : claim(sql, job.name, intervalMs * CLAIM_SHARE));
  const pass = async () => {
    for (const job of jobs) {
      const claimed = await mine(job).catch((err: unknown) => {
        log.warn("maintenance job not claimed", { job: job.name, error: err instanceof Error ? err.message : String(err) });
        return false;
      });
      if (!claimed) continue;
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
