// TimescaleDB jobs in tests: the embedded database runs no background workers, so a job's failed
// run is recorded by hand, as the server's scheduler would record it; and one pass of the collect
// jobs on either kind of database.
import type { Sql } from "postgres";
import { POLICY_JOBS } from "../../src/collect/jobs";
import type { Database } from "../../src/db";
import { until } from "./collect";

/** Adds a refresh policy for `view` and records one failed run of it; returns the job id. */
export async function failingRefreshJob(sql: Sql, view: string): Promise<number> {
  const [job] = await sql<{ id: number }[]>`
    SELECT add_continuous_aggregate_policy(${view}::regclass, start_offset => NULL, end_offset => INTERVAL '1 hour',
      schedule_interval => INTERVAL '5 minutes') AS id`;
  await sql`
    INSERT INTO _timescaledb_internal.bgw_job_stat (job_id, last_start, last_finish, next_start, last_successful_finish,
      last_run_success, total_runs, total_duration, total_duration_failures, total_successes, total_failures,
      total_crashes, consecutive_failures, consecutive_crashes, flags)
    VALUES (${job!.id}, now(), now(), now() + interval '5 minutes', '-infinity', false, 1, '1 second', '1 second', 0, 1, 0, 1, 0, 0)`;
  return job!.id;
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
  // NOTE: the nodes register them while booting (keepPolicies), all in one transaction.
  const jobs = () => db.sql<{ id: number }[]>`
    SELECT job_id AS id FROM timescaledb_information.jobs WHERE proc_name = ANY(${JOB_ORDER})
    ORDER BY array_position(${JOB_ORDER}::text[], proc_name::text), job_id`;
  await until("the collect policies registered", async () => (await jobs()).length === POLICY_JOBS);
  // NOTE: the server's scheduler may be running the same job (a refresh refuses to run beside another
  // of the same aggregate): it is tried again until this run of it has gone through.
  for (const { id } of await jobs()) await until(`job ${id} run`, async () => Boolean(await db.sql`CALL run_job(${id})`), 30_000, 200);
}
