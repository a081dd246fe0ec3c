// TimescaleDB jobs in tests: the embedded database runs no background workers, so a job's failed
// run is recorded by hand, as the server's scheduler would record it.
import type { Sql } from "postgres";

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
