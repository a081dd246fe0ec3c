// Aggregate refresh, compression and retention for `hits`. On the embedded database they join the
// platform's maintenance timer; on a server they are registered as TimescaleDB policies and jobs.
import type { Sql } from "postgres";
import type { Database, MaintenanceJob } from "../db";
import { failingJobs, namedQuery } from "../db";
import { log } from "../log";
import { AGGREGATES, TWIN_KEEP } from "./aggregates";
import { BUCKET_SEAL } from "./seal";

/** The TimescaleDB jobs registerPolicies makes on a server: a refresh per aggregate, a drop per twin, compression and retention. */
export const POLICY_JOBS = AGGREGATES.length + AGGREGATES.filter((a) => a.twin).length + 2;

// NOTE: chunks are compressed once no more hits will land in them; writes are at most a few seconds
// late (a retried batch), so three days leaves a wide margin and keeps "today" cheap to write.
const COMPRESS_AFTER = "3 days";

// TRICKY: on a server an aggregate's refresh policy may be running when the app refreshes it (after
// seeding the demo, or when the jobs fail), and TimescaleDB refuses an overlapping refresh at once
// (lock_not_available) rather than waiting for it; the refresh is tried again until the other ended.
const CONCURRENT_REFRESH = "55P03";
const REFRESH_RETRY_MS = 250;
const REFRESH_TRIES = 240;

async function whenNotRefreshing(refresh: () => Promise<unknown>): Promise<void> {
  for (let tried = 1; ; tried++) {
    try {
      await refresh();
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== CONCURRENT_REFRESH || tried >= REFRESH_TRIES) throw err;
      await Bun.sleep(REFRESH_RETRY_MS);
    }
  }
}

// NOTE: whole buckets up to BUCKET_SEAL ago (./seal.ts). The start is NULL: a refresh re-reads only
// invalidated ranges (late rows, retention deletes), so it stays cheap.
export const refreshAggregates = namedQuery("collect.refreshAggregates", async (sql) => {
  for (const { view, bucket, twin } of AGGREGATES) {
    // NOTE: a twin starts TWIN_KEEP back: what is older it has dropped, and no read asks it for that.
    const [row] = await sql<{ start: Date; end: Date }[]>`
      SELECT now() - ${TWIN_KEEP}::interval AS start, time_bucket(${bucket}::interval, now() - ${BUCKET_SEAL}::interval) AS end`;
    await whenNotRefreshing(() => sql`CALL refresh_continuous_aggregate(${view}::regclass, ${twin ? row!.start : null}::timestamptz, ${row!.end})`);
  }
});

/** Drops the twins' hours older than TWIN_KEEP (a server does it with a retention policy per twin). */
const dropOldHours = namedQuery("collect.dropOldHours", async (sql) => {
  for (const { view } of AGGREGATES.filter((a) => a.twin)) {
    await sql`SELECT drop_chunks(${view}::regclass, older_than => ${TWIN_KEEP}::interval)`;
  }
});

const compressOldChunks = namedQuery("collect.compressOldChunks", (sql) =>
  sql`SELECT compress_chunk(c, if_not_compressed => true)
      FROM show_chunks('hits', older_than => ${COMPRESS_AFTER}::interval) c`,
);

const applyRetention = namedQuery("collect.applyRetention", (sql) => sql`CALL bothy_retention()`);

/** Embedded: retention first, so the refresh that follows also clears the deleted buckets. */
const MAINTENANCE_JOBS: MaintenanceJob[] = [
  { name: "collect.retention", run: applyRetention },
  { name: "collect.refresh", run: refreshAggregates },
  { name: "collect.dropOldHours", run: dropOldHours },
  { name: "collect.compress", run: compressOldChunks },
];

// NOTE: if_not_exists is checked without a lock, so nodes booting together each add a policy;
// one transaction under an advisory lock registers every job once.
const POLICIES_LOCK_KEY = 4_245_222;

/** Server: the same work as TimescaleDB policies, registered once per aggregate. */
const registerPolicies = namedQuery("collect.registerPolicies", (sql: Sql) =>
  sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${POLICIES_LOCK_KEY})`;
    for (const { view, bucket, twin } of AGGREGATES) {
      // NOTE: a twin's closed hours are its point, so it refreshes up to BUCKET_SEAL ago, as the embedded pass.
      await tx`SELECT add_continuous_aggregate_policy(${view}::regclass, start_offset => ${twin ? TWIN_KEEP : null}::interval,
        end_offset => ${twin ? BUCKET_SEAL : bucket}::interval, schedule_interval => INTERVAL '5 minutes', if_not_exists => true)`;
      if (twin) await tx`SELECT add_retention_policy(${view}::regclass, drop_after => ${TWIN_KEEP}::interval, if_not_exists => true)`;
    }
    await tx`SELECT add_compression_policy('hits', ${COMPRESS_AFTER}::interval, if_not_exists => true)`;
    const [job] = await tx`SELECT 1 FROM timescaledb_information.jobs WHERE proc_name = 'bothy_retention'`;
    if (!job) await tx`SELECT add_job('bothy_retention', INTERVAL '1 hour')`;
  }),
);

/** The database setting by which a process that runs these jobs itself (db:serve) says so. */
export const MAINTAINED_BY = "bothy.maintained_by";

const maintainedBy = namedQuery("collect.maintainedBy", async (sql: Sql) => {
  const [row] = await sql<{ by: string | null }[]>`SELECT nullif(current_setting(${MAINTAINED_BY}, true), '') AS by`;
  return row!.by;
});

// NOTE: one node refreshes at a time; the others find the lock taken and skip their turn.
const SELF_REFRESH_LOCK_KEY = 4_245_223;

/**
 * Server: when the server's refresh policies fail (PostgreSQL 15.20 with TimescaleDB ≤ 2.29 records
 * every run Failed and backs off), refreshes the aggregates here, under a session advisory lock so
 * that one node does it. True when this call refreshed.
 */
export async function refreshIfJobsFail(sql: Sql): Promise<boolean> {
  const failing = (await failingJobs(sql)).filter((j) => j.proc === "policy_refresh_continuous_aggregate");
  if (!failing.length) return false;
  // TRICKY: a session lock and its unlock must run on one connection, and refresh_continuous_aggregate
  // refuses to run inside a transaction, so the connection is reserved rather than a transaction opened.
  const conn = await sql.reserve();
  try {
    const [row] = await conn<{ locked: boolean }[]>`SELECT pg_try_advisory_lock(${SELF_REFRESH_LOCK_KEY}) AS locked`;
    if (!row!.locked) return false;
    try {
      log.warn("the database's refresh jobs fail; refreshing aggregates here", { jobs: failing.map((j) => j.id).join(", ") });
      await refreshAggregates(conn);
      return true;
    } finally {
      await conn`SELECT pg_advisory_unlock(${SELF_REFRESH_LOCK_KEY})`;
    }
  } finally {
    conn.release();
  }
}

/** Server: each pass checks the server's refresh jobs, unless db:serve runs the work itself. */
const selfRefresh: MaintenanceJob = {
  name: "collect.refreshIfJobsFail",
  run: async (sql) => ((await maintainedBy(sql)) ? false : refreshIfJobsFail(sql)),
};

/**
 * The jobs of a job timer over `hits`: the work itself on the embedded database (the app's, or
 * db:serve's), the check on a server.
 */
export const hitsJobs = (mode: Database["mode"]): MaintenanceJob[] => (mode === "embedded" ? MAINTENANCE_JOBS : [selfRefresh]);

/** On a server, registers the policies (unless db:serve runs the work), retrying until it works. */
export function keepPolicies(db: Database, retryMs = 60_000): void {
  if (db.mode === "embedded") return;
  // NOTE: a database that is down at boot must not leave a server without refresh and retention.
  // The retry timer is unref'd, so it never keeps a stopping process alive.
  const attempt = () =>
    maintainedBy(db.sql)
      .then(async (by) => {
        if (by) return log.info("collect jobs run in the database's own process", { by });
        await registerPolicies(db.sql);
        log.info("collect policies registered");
      })
      .catch((err) => {
        log.warn("collect policies not registered yet; retrying", { error: err instanceof Error ? err.message : String(err) });
        setTimeout(attempt, retryMs).unref();
      });
  void attempt();
}
