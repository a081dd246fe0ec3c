// TimescaleDB jobs in tests: the embedded database runs no background workers, so a job's failed
// run is recorded by hand, as the server's scheduler would record it; one pass of the collect jobs
// on either kind of database; and on a server, the scheduler kept from running them meanwhile.
import type { Sql } from "postgres";
import { POLICY_JOBS } from "../../src/hits";
import type { Database } from "../../src/db";
import { until } from "./collect";

/** A refresh job made to look failed, and how to put it back. */
export type FailingJob = { id: number; restore(): Promise<void> };

/**
 * Makes `view`'s refresh policy look failed, as the server's scheduler records a failed run (with
 * `error` in its history): the policy the app registered (a server app registers one per
 * aggregate), else one added here. It is not scheduled meanwhile, so that no run of the server's
 * own records a success over the failure. restore() deletes an added policy, or schedules the
 * app's again with its run history cleared.
 */
export async function failingRefreshJob(sql: Sql, view: string, error = "could not refresh"): Promise<FailingJob> {
  const found = await sql.begin(async (tx) => {
    // NOTE: a refresh policy's hypertable_name is its aggregate's name.
    const [own] = await tx<{ id: number }[]>`
      SELECT job_id AS id FROM timescaledb_information.jobs
      WHERE proc_name = 'policy_refresh_continuous_aggregate' AND hypertable_name = ${view}`;
    // NOTE: added and paused in one transaction, so the scheduler never sees it scheduled.
    const [added] = own
      ? []
      : await tx<{ id: number }[]>`SELECT add_continuous_aggregate_policy(${view}::regclass, start_offset => NULL,
          end_offset => INTERVAL '1 hour', schedule_interval => INTERVAL '5 minutes') AS id`;
    await tx`SELECT alter_job(${(own ?? added)!.id}, scheduled => false)`;
    return { id: (own ?? added)!.id, added: !own };
  });
  const { id } = found;
  await until(`job ${id}'s run under way to end`, async () => !(await runningJobs(sql, [id])), 30_000, 100);
  await sql`
    INSERT INTO _timescaledb_internal.bgw_job_stat (job_id, last_start, last_finish, next_start, last_successful_finish,
      last_run_success, total_runs, total_duration, total_duration_failures, total_successes, total_failures,
      total_crashes, consecutive_failures, consecutive_crashes, flags)
    VALUES (${id}, now(), now(), now() + interval '5 minutes', '-infinity', false, 1, '1 second', '1 second', 0, 1, 0, 1, 0, 0)
    ON CONFLICT (job_id) DO UPDATE SET last_start = excluded.last_start, last_finish = excluded.last_finish,
      next_start = excluded.next_start, last_successful_finish = excluded.last_successful_finish,
      last_run_success = false, total_runs = 1, total_duration = excluded.total_duration,
      total_duration_failures = excluded.total_duration_failures, total_successes = 0, total_failures = 1,
      total_crashes = 0, consecutive_failures = 1, consecutive_crashes = 0`;
  await sql`
    INSERT INTO _timescaledb_internal.bgw_job_stat_history (job_id, pid, execution_start, execution_finish, succeeded, data)
    VALUES (${id}, 1, now(), now(), false, ${sql.json({ error_data: { message: error, sqlerrcode: "XX000" } })})`;
  return {
    id,
    restore: async () => {
      await sql`DELETE FROM _timescaledb_internal.bgw_job_stat_history WHERE job_id = ${id}`;
      if (found.added) {
        await sql`SELECT delete_job(${id})`;
        return;
      }
      await sql`DELETE FROM _timescaledb_internal.bgw_job_stat WHERE job_id = ${id}`;
      await sql`SELECT alter_job(${id}, scheduled => true)`;
    },
  };
}

/** How many of the jobs `ids` the server's scheduler is running now. */
async function runningJobs(sql: Sql, ids: number[]): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM timescaledb_information.job_stats WHERE job_id = ANY(${ids}) AND job_status = 'Running'`;
  return row!.n;
}

// NOTE: the order of the embedded maintenance pass: retention, then the refresh that also clears
// what it deleted, then compression.
const JOB_ORDER = ["bothy_retention", "policy_refresh_continuous_aggregate", "policy_retention", "policy_compression"];

/**
 * One pass of aggregate refresh, compression and retention, as the platform runs them: the embedded
 * maintenance timer, or on a server each TimescaleDB job the collect room registered, run now.
 */
export async function runCollectJobs(db: Database): Promise<void> {
  if (db.mode === "embedded") return db.maintenance!.runOnce();
  // NOTE: the server's scheduler may be running the same job (a refresh refuses to run beside another
  // of the same aggregate): it is tried again until this run of it has gone through.
  for (const { id } of await registeredCollectJobs(db)) await until(`job ${id} run`, async () => Boolean(await db.sql`CALL run_job(${id})`), 30_000, 200);
}

/**
 * The collect jobs an app on a server registers, in the order a pass runs them, once it registered
 * them all; none on the embedded database, which runs the same work on its own timer.
 */
export async function registeredCollectJobs(db: Database): Promise<{ id: number }[]> {
  if (db.mode === "embedded") return [];
  // NOTE: an app registers them after it started (keepPolicies is not awaited), all in one transaction.
  const jobs = () => db.sql<{ id: number }[]>`
    SELECT job_id AS id FROM timescaledb_information.jobs WHERE proc_name = ANY(${JOB_ORDER})
    ORDER BY array_position(${JOB_ORDER}::text[], proc_name::text), job_id`;
  await until("the collect policies registered", async () => (await jobs()).length === POLICY_JOBS);
  return jobs();
}

/**
 * On a server, stops the scheduler from running the collect jobs by itself and waits for a run
 * under way to end, so that the test's own runs (runCollectJobs) are the only ones, as on the
 * embedded database; run_job still runs a job that is not scheduled. Embedded: nothing to do.
 */
export async function pauseCollectJobs(db: Database): Promise<void> {
  const ids = await registeredCollectJobs(db);
  for (const { id } of ids) await db.sql`SELECT alter_job(${id}, scheduled => false)`;
  await until("the collect jobs' runs under way to end", async () => !(await runningJobs(db.sql, ids.map((j) => j.id))), 30_000, 100);
}
