// The doctor's database steps: reachable, its PostgreSQL and TimescaleDB versions, fully migrated;
// on a server, its TimescaleDB jobs' failed runs and the background workers they need. The embedded
// database belongs to one process: when the configured server runs, it is asked through /readyz
// instead of opened.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import postgres, { type Sql } from "postgres";
import type { Config } from "../config";
import { appliedMigrations, embeddedClient, listMigrations, namedQuery, startEmbedded } from "../db";
import { jobFailures, MAINTAINED_BY, POLICY_JOBS } from "../hits";
import { listenUrl } from "../origin";
import { fetchWithin, reason, type Check, type JobList, type Probe, type Ready, type Verdict } from "./probe";

/** PostgreSQL majors: 15 runs, but records every TimescaleDB job run Failed; older is not supported. */
const OLDEST_MAJOR = 15;
const RECOMMENDED_MAJOR = 16;
/** TimescaleDB's own jobs on every database: telemetry and its job history's retention. */
const TIMESCALE_OWN_JOBS = 2;
/** PostgreSQL's own background workers beside TimescaleDB's and the parallel ones: its launchers. */
const LAUNCHERS = 2;

const serverFacts = namedQuery("doctor.serverFacts", async (sql) => {
  const [row] = await sql<{ versionNum: number; version: string; timescaledb: string | null; installed: string | null; migrated: boolean }[]>`
    SELECT current_setting('server_version_num')::int AS "versionNum", current_setting('server_version') AS version,
           (SELECT extversion FROM pg_extension WHERE extname = 'timescaledb') AS timescaledb,
           (SELECT default_version FROM pg_available_extensions WHERE name = 'timescaledb') AS installed,
           to_regclass('schema_migrations') IS NOT NULL AS migrated`;
  const { migrated, ...facts } = row!;
  return { ...facts, applied: migrated ? await appliedMigrations(sql) : [] };
});

type Facts = Awaited<ReturnType<typeof serverFacts>>;

/** The versions and migrations a database reports, judged; `where` names it in the line. */
export function versionsVerdict(facts: Facts, where: string, expected = listMigrations().map((m) => m.version)): Verdict {
  const major = Math.floor(facts.versionNum / 10000);
  const unknown = facts.applied.filter((v) => !expected.includes(v));
  const missing = expected.filter((v) => !facts.applied.includes(v));
  const pg = `PostgreSQL ${facts.version}`;
  if (major < OLDEST_MAJOR) return { status: "FAIL", found: `${pg} (${where}) is not supported`, fix: `use PostgreSQL ${RECOMMENDED_MAJOR} or 17` };
  if (!facts.timescaledb && !facts.installed) {
    return { status: "FAIL", found: `${pg} (${where}) has no TimescaleDB`, fix: `install TimescaleDB for PostgreSQL ${major} and add it to shared_preload_libraries` };
  }
  if (unknown.length) {
    return { status: "FAIL", found: `migrations ${unknown.join(", ")} (${where}) are from a newer Bothy`, fix: "run the Bothy that applied them, or restore a backup taken before" };
  }
  const found = `${pg}, TimescaleDB ${facts.timescaledb ?? `${facts.installed} (not created yet)`}, ${facts.applied.length} of ${expected.length} migrations (${where})`;
  if (missing.length) return { status: "warn", found, fix: `the server applies ${missing.join(", ")} at its next start: back up first` };
  if (major < RECOMMENDED_MAJOR) {
    return { status: "warn", found: `${found}; PostgreSQL ${major} records every TimescaleDB job run Failed ("cannot drop portal") although its work commits`, fix: `move to PostgreSQL ${RECOMMENDED_MAJOR} or 17` };
  }
  return { status: "ok", found };
}

/** The server as its own process reaches it, with PORT: null when the port is picked at start (0). */
function localUrl(config: Pick<Config, "HOST" | "PORT">): string | null {
  if (!config.PORT) return null;
  const anyAddress = config.HOST === "0.0.0.0" || config.HOST === "::";
  return listenUrl(anyAddress ? (config.HOST === "::" ? "::1" : "127.0.0.1") : config.HOST, config.PORT);
}

/** The running server's /readyz: ready, its refusal's message, or null when no Bothy answers there. */
async function askServer(probe: Probe, url: string): Promise<{ ready: Ready } | { refused: string } | null> {
  const res = await fetchWithin(probe, 10, `${url}/readyz`).catch(() => null);
  const body = (await res?.json().catch(() => null)) as (Ready & { error?: { message?: string } }) | null;
  if (body?.status === "ready" && body.database) return { ready: body };
  return body?.error?.message ? { refused: body.error.message } : null;
}

async function embeddedDatabase(probe: Probe): Promise<Verdict> {
  const dir = resolve(probe.config.DATA_DIR);
  if (!existsSync(join(dir, "pgdata"))) {
    probe.db = { via: "none", why: "no database yet" };
    return { status: "warn", found: `no embedded database in ${dir} yet`, fix: "the server makes one at its first start; set DATA_DIR if your data lives elsewhere" };
  }
  const local = localUrl(probe.config);
  const held = local ? await askServer(probe, local) : null;
  if (held && "refused" in held) {
    probe.db = { via: "none", why: "the server's database is not ready" };
    return { status: "FAIL", found: `the server at ${local} holds ${dir} and is not ready: ${held.refused}`, fix: "read the server's log" };
  }
  if (held) {
    probe.db = { via: "readyz", ready: held.ready };
    const expected = listMigrations().length;
    const found = `embedded in ${dir}, held by the server at ${local}: TimescaleDB ${held.ready.database.timescaledb}, ${held.ready.database.migrations} of ${expected} migrations (its /readyz)`;
    return held.ready.database.migrations === expected ? { status: "ok", found } : { status: "warn", found, fix: "restart the server to apply them: back up first" };
  }
  try {
    const server = await startEmbedded(dir);
    probe.closers.push(() => server.stop());
    const sql = embeddedClient(server);
    probe.closers.push(() => sql.end({ timeout: 1 }));
    probe.db = { via: "sql", sql, mode: "embedded" };
    return versionsVerdict(await serverFacts(sql), `embedded in ${dir}`);
  } catch (err) {
    probe.db = { via: "none", why: "DATA_DIR did not open" };
    return { status: "FAIL", found: reason(err), fix: `stop the process that holds ${dir}, or set PORT to its server's so the doctor asks it` };
  }
}

async function serverDatabase(probe: Probe, url: string): Promise<Verdict> {
  const parsed = new URL(url);
  const where = `${parsed.host}${parsed.pathname}`;
  // NOTE: one connection, no retries: the doctor wants the first error, not a backoff.
  const sql = postgres(url, { max: 1, connect_timeout: 10 * probe.timeScale, onnotice: () => {} });
  probe.closers.push(() => sql.end({ timeout: 1 }));
  try {
    const facts = await serverFacts(sql);
    probe.db = { via: "sql", sql, mode: "server" };
    return versionsVerdict(facts, where);
  } catch (err) {
    probe.db = { via: "none", why: "the database is unreachable" };
    return { status: "FAIL", found: `cannot reach ${where}: ${reason(err)}`, fix: "check DATABASE_URL, and that the server runs and accepts this host" };
  }
}

export const databaseCheck: Check = {
  name: "database",
  timeoutS: 60,
  slowFix: "check that the database server runs, or that DATA_DIR is on a working disk",
  run: (probe) => (probe.config.DATABASE_URL ? serverDatabase(probe, probe.config.DATABASE_URL) : embeddedDatabase(probe)),
};

/** The database's server connection, or the verdict of a step that has nothing to check there: `embedded` on the embedded database. */
function onServer(probe: Probe, embedded: string): { sql: Sql } | Verdict {
  const db = probe.db;
  if (!db || db.via === "none") return { status: "warn", found: `not checked: ${db?.why ?? "no database"}` };
  if (db.via === "readyz" || db.mode === "embedded") return { status: "ok", found: `embedded: ${embedded}` };
  return { sql: db.sql };
}

const maintainedBy = namedQuery("doctor.maintainedBy", async (sql) => {
  const [row] = await sql<{ by: string | null }[]>`SELECT nullif(current_setting(${MAINTAINED_BY}, true), '') AS by`;
  return row!.by;
});

/** Failed runs judged: a real failure fails; PostgreSQL 15's harmless one warns. */
export function jobsVerdict(jobs: JobList): Verdict {
  if (jobs.failing.length) {
    const list = jobs.failing.map((j) => `${j.id} ${j.proc}: ${j.error ?? "no error recorded"}`).join("; ");
    return { status: "FAIL", found: `${jobs.failing.length} TimescaleDB jobs failing (${list})`, fix: "read timescaledb_information.job_errors on the server" };
  }
  if (jobs.harmless.length) {
    return { status: "warn", found: `${jobs.harmless.length} TimescaleDB jobs recorded Failed with PostgreSQL 15's harmless "cannot drop portal"; their work committed`, fix: `move to PostgreSQL ${RECOMMENDED_MAJOR} or 17` };
  }
  return { status: "ok", found: "no failed TimescaleDB job runs" };
}

export const jobsCheck: Check = {
  name: "jobs",
  timeoutS: 10,
  slowFix: "the database answers too slowly: look at its load",
  run: async (probe) => {
    const db = probe.db;
    if (db?.via === "readyz") return jobsVerdict(db.ready.jobs);
    const server = onServer(probe, "the app runs its jobs on its own timer");
    if (!("sql" in server)) return server;
    const by = await maintainedBy(server.sql);
    if (by) return { status: "ok", found: `the database's own process (${by}) runs the jobs` };
    return jobsVerdict(await jobFailures(server.sql));
  },
};

type WorkerSettings = { maxWorkerProcesses: number; backgroundWorkers: number; parallelWorkers: number; jobs: number };

/**
 * Whether a server's workers run `jobs` TimescaleDB jobs at once: a background worker each and the
 * database's scheduler, and max_worker_processes for those, the parallel workers and the launchers.
 */
export function workersVerdict(s: WorkerSettings): Verdict {
  const background = s.jobs + 1;
  const processes = Math.max(s.backgroundWorkers, background) + s.parallelWorkers + LAUNCHERS;
  const found = `max_worker_processes ${s.maxWorkerProcesses}, timescaledb.max_background_workers ${s.backgroundWorkers}, for ${s.jobs} TimescaleDB jobs and ${s.parallelWorkers} parallel workers`;
  if (s.backgroundWorkers >= background && s.maxWorkerProcesses >= processes) return { status: "ok", found };
  const low = [
    s.backgroundWorkers < background ? `timescaledb.max_background_workers below ${background}` : null,
    s.maxWorkerProcesses < processes ? `max_worker_processes below ${processes}` : null,
  ].filter(Boolean);
  return {
    status: "FAIL",
    found: `${found}: ${low.join(", ")}; jobs wait for a worker ("out of background workers") and aggregates fall behind`,
    fix: `set timescaledb.max_background_workers = ${Math.max(s.backgroundWorkers, background)} and max_worker_processes = ${processes} (ALTER SYSTEM SET …), then restart PostgreSQL`,
  };
}

const workerSettings = namedQuery("doctor.workerSettings", async (sql) => {
  const [row] = await sql<(WorkerSettings & { maintainedBy: string | null })[]>`
    SELECT current_setting('max_worker_processes')::int AS "maxWorkerProcesses",
           current_setting('max_parallel_workers')::int AS "parallelWorkers",
           coalesce(current_setting('timescaledb.max_background_workers', true), '16')::int AS "backgroundWorkers",
           (SELECT count(*)::int FROM timescaledb_information.jobs) AS jobs,
           nullif(current_setting(${MAINTAINED_BY}, true), '') AS "maintainedBy"`;
  return row!;
});

export const workersCheck: Check = {
  name: "workers",
  timeoutS: 10,
  slowFix: "the database answers too slowly: look at its load",
  run: async (probe) => {
    const server = onServer(probe, "no TimescaleDB background workers needed");
    if (!("sql" in server)) return server;
    const { maintainedBy: by, ...settings } = await workerSettings(server.sql);
    if (by) return { status: "ok", found: `the database's own process (${by}) runs the jobs: no background workers needed` };
    // NOTE: before the app first started on it, the server holds fewer jobs than it will.
    return workersVerdict({ ...settings, jobs: Math.max(settings.jobs, POLICY_JOBS + TIMESCALE_OWN_JOBS) });
  },
};
