// The server's failed TimescaleDB jobs, told apart: on PostgreSQL before 16 every run of a policy
// is recorded Failed with "cannot drop portal" although its work commits (the aggregate's watermark
// moves on as the run would move it). Such a failure is known and harmless; any other is real.
import type { Sql } from "postgres";
import { failingJobs } from "../db";
import { AGGREGATES } from "./aggregates";
import { aggregateWatermarks } from "./overview";
import { BUCKET_SEAL } from "./seal";

type FailedJob = Awaited<ReturnType<typeof failingJobs>>[number];

/**
 * What PostgreSQL 15 reports after a job's work committed. NOTE: portalmem.c words it with the
 * portal's state and name ("cannot drop active portal \"…\""); the state is left open here.
 */
const HARMLESS_ERROR = /^cannot drop (?:\w+ )?portal\b/;
/** server_version_num of the first PostgreSQL that does not report it. */
const FIXED_IN = 160000;
const REFRESH = "policy_refresh_continuous_aggregate";

const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

/** "2 minutes", "1 hour", "1 day" in milliseconds. */
function intervalMs(interval: string): number {
  const [, n, unit] = /^(\d+) (minute|hour|day)s?$/.exec(interval)!;
  return Number(n) * UNIT_MS[unit as keyof typeof UNIT_MS];
}

/**
 * Where a refresh of `view` that started at `started` materializes up to, as registerPolicies
 * set it: whole buckets up to the end offset (BUCKET_SEAL for a twin, a bucket for the others).
 * NOTE: TimescaleDB aligns hours and days on UTC, as the epoch is.
 */
function refreshedUpTo(view: string, started: Date): Date | null {
  const agg = AGGREGATES.find((a) => a.view === view);
  if (!agg) return null;
  const bucket = intervalMs(agg.bucket);
  const end = started.getTime() - intervalMs(agg.twin ? BUCKET_SEAL : agg.bucket);
  return new Date(Math.floor(end / bucket) * bucket);
}

/**
 * True when `job`'s failure is PostgreSQL 15's harmless one: that server, that message, and for a
 * refresh an aggregate materialized at least as far as the failed run would have taken it.
 */
export function harmlessFailure(job: FailedJob, watermark: Date | null): boolean {
  if (job.serverVersion >= FIXED_IN || !HARMLESS_ERROR.test(job.error ?? "")) return false;
  if (job.proc !== REFRESH) return true;
  const expected = job.table && job.lastRun ? refreshedUpTo(job.table, job.lastRun) : null;
  return expected !== null && watermark !== null && watermark >= expected;
}

/** The app's failed TimescaleDB jobs: `failing` the real failures, `harmless` PostgreSQL 15's known one. */
export async function jobFailures(sql: Sql): Promise<{ failing: FailedJob[]; harmless: FailedJob[] }> {
  const failed = await failingJobs(sql);
  if (!failed.length) return { failing: [], harmless: [] };
  const marks = new Map((await aggregateWatermarks(sql)).map((w) => [w.view, w.watermark]));
  const known = (job: FailedJob) => harmlessFailure(job, marks.get(job.table ?? "") ?? null);
  return { failing: failed.filter((j) => !known(j)), harmless: failed.filter(known) };
}
