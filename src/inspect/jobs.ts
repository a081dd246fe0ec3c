// Where a worker takes inspection jobs and hands back their outcome. The same four steps either
// straight on the database (a worker holding DATABASE_URL, or the app's own queue) or over the
// app's internal API (remote.ts, for a worker that holds no database credentials; the app serves
// that API from these same steps, internal.ts).
import type { Sql } from "postgres";
import { metricsOf } from "../metrics";
import { claim, complete, fail, release, type FinishedRun, type Job } from "./store";

/** "error": the run broke (the product's sentence); the others: the page could not be inspected. */
type FailureType = "error" | "generic_error" | "forbidden";

export type JobSource = {
  /** Takes the next job for leaseMs, or null when none waits. */
  claim(leaseMs: number): Promise<Job | null>;
  /** Hands a claimed job back to the queue, as if it had never been claimed. */
  release(id: string): Promise<void>;
  /** Stores a run's result; false when the job is no longer running. */
  done(id: string, run: FinishedRun): Promise<boolean>;
  /** Ends a run as failed; false when the job is no longer running. */
  failed(id: string, error: string, errorType: FailureType): Promise<boolean>;
};

/** The steps on the database; outcomes are counted for Prometheus where they are stored. */
export function databaseJobs(sql: Sql): JobSource {
  const counter = metricsOf(sql).inspectJobs;
  return {
    claim: (leaseMs) => claim(sql, leaseMs),
    release: (id) => release(sql, id),
    done: async (id, run) => {
      const stored = await complete(sql, id, run);
      if (stored) counter.inc({ outcome: "done" });
      return stored;
    },
    failed: async (id, error, errorType) => {
      const stored = await fail(sql, id, error, errorType);
      if (stored) counter.inc({ outcome: errorType === "error" ? "failed" : "refused" });
      return stored;
    },
  };
}
