// Health room: /healthz says the process is alive and never touches the database (it must
// answer while a long query runs); /readyz says the database (and the read replica the stats read
// from, when there is one) answers in time and is fully migrated, and lists the TimescaleDB jobs
// whose last run failed, PostgreSQL 15's harmless failures apart.
import { Elysia } from "elysia";
import { statfsSync } from "node:fs";
import { appliedMigrations, listMigrations, timescaleVersion, type Database } from "../db";
import { jobFailures } from "../hits";
import { errorBody } from "../http/errors";
import { log } from "../log";
import type { Lifecycle } from "../lifecycle";
import { startHeartbeat } from "./heartbeat";

export { listProcesses, startHeartbeat, STALE_AFTER_MS } from "./heartbeat";

/** Registers this app node among the processes sharing the database (it runs maintenance when embedded). */
export function registerAppNode(db: Database, lifecycle: Lifecycle): void {
  const heartbeat = startHeartbeat(db.sql, db.maintenance ? "app + maintenance" : "app");
  lifecycle.onShutdown("heartbeat", () => heartbeat.stop());
}

/** A database that has not answered in this long is not ready (a stopped server accepts and hangs). */
const READY_TIMEOUT_MS = 3_000;

const withinTimeout = <T>(work: Promise<T>) => {
  let timer: Timer | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

// NOTE: below one WAL segment (16 MiB) of free space the embedded database cannot go on writing.
const MIN_FREE_BYTES = 16 * 1024 * 1024;

/** The embedded database's disk: a message when DATA_DIR has too little space left, else null. */
function diskProblem(db: Database, dataDir: string): string | null {
  if (db.mode !== "embedded") return null;
  const fs = statfsSync(dataDir);
  const free = fs.bavail * fs.bsize;
  return free < MIN_FREE_BYTES ? `Disk full: ${(free / 1024 / 1024).toFixed(1)} MiB free in DATA_DIR` : null;
}

/**
 * True when the read database answers, or there is none apart from the primary. NOTE: the stats
 * read from it (DATABASE_READ_URL), so without it every dashboard answers 503 while the node serves.
 */
const replicaAnswers = (db: Database): Promise<boolean> =>
  db.read === db.sql
    ? Promise.resolve(true)
    : timescaleVersion(db.read).then(
        () => true,
        (err: unknown) => {
          log.warn("readyz: read database unreachable", { error: err instanceof Error ? err.message : String(err) });
          return false;
        },
      );

export const healthRoutes = (db: Database, dataDir: string) =>
  new Elysia({ name: "health" })
    .get("/healthz", () => ({ status: "ok" as const }))
    .get("/readyz", async ({ set }) => {
      const disk = diskProblem(db, dataDir);
      if (disk) {
        set.status = 503;
        return errorBody(503, disk);
      }
      try {
        const [version, applied, jobs, replica] = await withinTimeout(
          Promise.all([timescaleVersion(db.sql), appliedMigrations(db.sql), jobFailures(db.sql), replicaAnswers(db)]),
        );
        if (!replica) {
          set.status = 503;
          return errorBody(503, "Read database unreachable");
        }
        const expected = listMigrations().map((m) => m.version);
        const missing = expected.filter((v) => !applied.includes(v));
        if (!version || missing.length) {
          set.status = 503;
          return errorBody(503, version ? `Migrations not applied: ${missing.join(", ")}` : "TimescaleDB is not installed");
        }
        // NOTE: failing jobs leave the node ready (it serves; the app refreshes aggregates itself,
        // src/hits/jobs.ts), but are listed so that monitoring sees them: `failing` the real
        // failures, `harmless` PostgreSQL 15's known one, whose work committed.
        return {
          status: "ready" as const,
          database: { mode: db.mode, timescaledb: version, migrations: applied.length },
          jobs,
        };
      } catch (err) {
        // NOTE: the answer is public (load balancers read it): the cause, which can name hosts,
        // sockets and queries, goes to the log only.
        log.warn("readyz: database unreachable", { error: err instanceof Error ? err.message : String(err) });
        set.status = 503;
        return errorBody(503, "Database unreachable");
      }
    });
