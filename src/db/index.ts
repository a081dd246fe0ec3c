// The database room: one `postgres` client for the whole app, whether the data lives in the
// embedded TimescaleDB (a worker in this process) or on a server named by DATABASE_URL.
import type { Sql } from "postgres";
import { ConfigError, type Config } from "../config";
import { log } from "../log";
import { resettableClient } from "./client";
import { startEmbedded, type EmbeddedServer } from "./embedded";
import { startMaintenance, type Maintenance } from "./maintenance";
import { listMigrations, migrate, MigrationError, MIGRATIONS_DIR } from "./migrate";
import { namedQuery } from "./query";
import { SESSION_SETTINGS } from "./settings";

export { namedQuery, QueryError, refusedBy, type Queryable } from "./query";
export { maintenanceRuns, startMaintenance, type MaintenanceJob } from "./maintenance";
export { listMigrations, MigrationError, SCHEMA_PATH } from "./migrate";
export { BlobError, EmbeddedDatabaseError, pgDataDir, servedNow, socketDir, startEmbedded, type Snapshot } from "./embedded";
export { schemaSnapshot } from "./schema";

type DatabaseMode = "embedded" | "server";

export type Database = {
  mode: DatabaseMode;
  /** Writes and reads that must see them. */
  sql: Sql;
  /** Dashboard reads: the replica from DATABASE_READ_URL, or `sql`. */
  read: Sql;
  /**
   * Embedded only (null on a server): statements run in the database's own thread with `data` at
   * '/dev/blob', so bulk writes can COPY without the socket (COPY FROM STDIN over it kills PGlite).
   */
  execBlob: EmbeddedServer["execBlob"] | null;
  /** Embedded only (null on a server): a consistent copy of the data dir (src/db/embedded.ts). */
  snapshot: EmbeddedServer["snapshot"] | null;
  /**
   * The job timer rooms add their scheduled jobs to (src/db/maintenance.ts); null on a server with
   * JOBS=worker, where `npm run worker:maintenance` runs them.
   */
  maintenance: Maintenance | null;
  /** Flushes (CHECKPOINT on the embedded database) and closes every connection. */
  close(): Promise<void>;
};

/** A server's sessions get SESSION_SETTINGS as startup parameters (the embedded one SETs them). */
const session = { onnotice: () => {}, connection: SESSION_SETTINGS };

/** A client through resettableClient (./client.ts), which logs every reset of its connections. */
const client = (url: string | undefined, options: Parameters<typeof resettableClient>[1]): Sql =>
  resettableClient(url, { ...session, ...options }, {
    reset: (reason) => log.error("db.reset", { reason: reason instanceof Error ? reason.message : String(reason) }),
    refused: (reason) => log.warn("db.unserializable", { reason: reason instanceof Error ? reason.message : String(reason) }),
  });

// TRICKY: postgres.js retries a refused connection after a backoff that grows to 20 s, and queued
// queries fail one per attempt, so during an outage a page or a readiness check waited minutes for
// its error. Capped at 0.5 s, every query gets its answer (an error, a 503 at the edge) in seconds.
const serverBackoff = (retries: number) => Math.min(0.05 * 2 ** retries, 0.5);

/** Connection options for the embedded socket: one session serves everything, so one connection. */
export const embeddedClient = (server: Pick<EmbeddedServer, "socket" | "password">): Sql =>
  client(undefined, { path: server.socket, user: "postgres", password: server.password, database: "postgres", max: 1 });

/**
 * Before an embedded database applies pending migrations: keeps a copy of it as it is (the backup
 * room's snapshots), and answers the way back a failing migration's line ends with, or why it could not.
 */
export type BeforeMigrate = (
  dataDir: string,
  pending: string[],
  snapshot: EmbeddedServer["snapshot"],
) => Promise<{ ok: true; wayBack: string } | { ok: false; error: string }>;

// NOTE: a server's own backups are the operator's (pg_dump before upgrading, the self-hosting docs).
const SERVER_WAY_BACK = "restore the backup taken before upgrading (pg_restore) and run the version before";

export async function openDatabase(
  config: Pick<Config, "DATA_DIR" | "DATABASE_URL" | "DATABASE_READ_URL" | "DATABASE_POOL" | "MAINTENANCE_INTERVAL_S"> & Partial<Pick<Config, "JOBS">>,
  upgrade: { beforeMigrate?: BeforeMigrate; migrations?: string } = {},
): Promise<Database> {
  const migrations = upgrade.migrations ?? MIGRATIONS_DIR;
  const intervalMs = config.MAINTENANCE_INTERVAL_S * 1000;
  if (config.DATABASE_URL) {
    // TRICKY: `npm run db:serve` is one PGlite backend session for every client, so concurrent
    // connections would interleave their transactions; DATABASE_POOL=1 serialises this process.
    const sql = client(config.DATABASE_URL, { max: config.DATABASE_POOL, backoff: serverBackoff });
    const read = config.DATABASE_READ_URL ? client(config.DATABASE_READ_URL, { max: config.DATABASE_POOL, backoff: serverBackoff }) : sql;
    await migrateOrClose(sql, migrations, async () => SERVER_WAY_BACK, () => Promise.all([sql.end(), read.end()]));
    const maintenance = config.JOBS !== "worker" ? startMaintenance(sql, intervalMs, { owner: false }) : null;
    return {
      mode: "server",
      sql,
      read,
      execBlob: null,
      snapshot: null,
      maintenance,
      close: async () => {
        await maintenance?.stop();
        await Promise.all([sql.end({ timeout: 5 }), read === sql ? null : read.end({ timeout: 5 })]);
      },
    };
  }

  if (config.JOBS === "worker") {
    throw new ConfigError("JOBS=worker needs DATABASE_URL: the embedded database belongs to this process, so its jobs run here.");
  }
  const server = await startEmbedded(config.DATA_DIR);
  const sql = embeddedClient(server);
  const beforeMigrate = upgrade.beforeMigrate;
  const keep = async (pending: string[]) => {
    if (!beforeMigrate) return null;
    const kept = await beforeMigrate(config.DATA_DIR, pending, server.snapshot);
    if (!kept.ok) throw new MigrationError(`no snapshot before migrating (${kept.error}), so no migration was applied`);
    return kept.wayBack;
  };
  await migrateOrClose(sql, migrations, keep, async () => {
    await sql.end();
    await server.stop();
  });
  const maintenance = startMaintenance(sql, intervalMs, { owner: true });
  return {
    mode: "embedded",
    sql,
    read: sql,
    execBlob: server.execBlob,
    snapshot: server.snapshot,
    maintenance,
    close: async () => {
      await maintenance.stop();
      await sql`CHECKPOINT`;
      await sql.end({ timeout: 5 });
      await server.stop();
    },
  };
}

const appliedVersions = namedQuery("db.appliedVersions", async (sql) => {
  const [table] = await sql<{ exists: boolean }[]>`SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`;
  if (!table!.exists) return null;
  const rows = await sql<{ version: number }[]>`SELECT version FROM schema_migrations`;
  return new Set(rows.map((r) => r.version));
});

/**
 * Migrates, after `keep` had the files about to be applied to a database that holds some already (a
 * new one has nothing to keep); a failing file's line ends with the way back `keep` answered.
 */
async function migrateOrClose(sql: Sql, dir: string, keep: (pending: string[]) => Promise<string | null>, close: () => Promise<unknown>): Promise<void> {
  try {
    const applied = await appliedVersions(sql);
    const pending = applied ? listMigrations(dir).filter((m) => !applied.has(m.version)).map((m) => m.file) : [];
    const wayBack = pending.length > 0 ? await keep(pending) : null;
    await migrate(sql, dir).catch((err: unknown) => {
      throw err instanceof MigrationError && wayBack ? new MigrationError(`${err.message}. The way back: ${wayBack}`) : err;
    });
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

export const timescaleVersion = namedQuery("db.timescaleVersion", async (sql) => {
  const [row] = await sql<{ version: string }[]>`
    SELECT extversion AS version FROM pg_extension WHERE extname = 'timescaledb'`;
  return row?.version ?? null;
});

export const appliedMigrations = namedQuery("db.appliedMigrations", async (sql) => {
  const rows = await sql<{ version: number }[]>`SELECT version FROM schema_migrations ORDER BY version`;
  return rows.map((r) => r.version);
});

/** The database's size and its write-ahead log's, in bytes (the WAL null where it cannot be read). */
export const databaseSize = namedQuery("db.size", async (sql) => {
  const [db] = await sql<{ bytes: number }[]>`SELECT pg_database_size(current_database())::float8 AS bytes`;
  // NOTE: pg_ls_waldir needs superuser or pg_monitor, which a managed server may not grant.
  const wal = await sql<{ bytes: number }[]>`SELECT coalesce(sum(size), 0)::float8 AS bytes FROM pg_ls_waldir()`.catch(() => null);
  return { databaseBytes: db!.bytes, walBytes: wal?.[0]?.bytes ?? null };
});

/**
 * The app's TimescaleDB jobs (ids ≥ 1000; lower ids are TimescaleDB's own) whose last run failed,
 * with the last error a run of it recorded and the server's version: src/hits/job-health.ts tells
 * PostgreSQL 15's known harmless failure from a real one by them.
 * TRICKY: a job the scheduler has seen but not yet run starts at -infinity, which no Date holds:
 * read as not run yet (null).
 */
export const failingJobs = namedQuery("db.failingJobs", async (sql) =>
  sql<{ id: number; proc: string; table: string | null; failures: number; lastRun: Date | null; error: string | null; serverVersion: number }[]>`
    SELECT s.job_id AS id, j.proc_name AS proc, j.hypertable_name AS table, s.total_failures::int AS failures,
           CASE WHEN isfinite(s.last_run_started_at) THEN s.last_run_started_at END AS "lastRun",
           (SELECT e.err_message FROM timescaledb_information.job_errors e
            WHERE e.job_id = s.job_id ORDER BY e.start_time DESC LIMIT 1) AS error,
           current_setting('server_version_num')::int AS "serverVersion"
    FROM timescaledb_information.job_stats s JOIN timescaledb_information.jobs j USING (job_id)
    WHERE s.job_id >= 1000 AND s.last_run_status = 'Failed'
    ORDER BY s.job_id`,
);
