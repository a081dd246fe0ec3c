// The backup room's database-server path (DATABASE_URL): a backup is pg_dump's custom-format dump,
// taken in the snapshot of a transaction that counts the rows in the same instant, packed in the
// embedded path's archive (./archive.ts); a restore goes only into a new, empty database, through
// pg_restore between TimescaleDB's pre- and post-restore calls, and checks the row counts after.
// pg_dump and pg_restore come from PATH and must be at least the server's major version.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres, { type Sql } from "postgres";
import { namedQuery, type Queryable } from "../db";
import { countDifferences, figuresIn, packDump, unpackDump, type Manifest, type ServerFacts } from "./archive";

type Tool = "pg_dump" | "pg_restore";
type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };
type Failed = { ok: false; error: string };

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The major version in `pg_dump --version`'s line ("pg_dump (PostgreSQL) 15.18 (Debian …)"), or null. */
const toolMajor = (versionLine: string): number | null => {
  const found = /\(PostgreSQL\)\s+(\d+)/.exec(versionLine);
  return found ? Number(found[1]) : null;
};

/**
 * Why `tool` (its `--version` line, or null when it is not on PATH) cannot work on a server of
 * `serverMajor`, or null when it can: pg_dump refuses newer servers, and an older pg_restore cannot
 * read a newer pg_dump's archive, so both must be at least the server's major.
 */
export function toolProblem(tool: Tool, versionLine: string | null, serverMajor: number): string | null {
  const install = `put ${tool} of PostgreSQL ${serverMajor} or newer on PATH (Debian: postgresql-client-${serverMajor})`;
  if (versionLine === null) return `DATABASE_URL is set and ${tool} is not on PATH: ${install}`;
  const major = toolMajor(versionLine);
  if (major === null) return `cannot read ${tool}'s version from ${JSON.stringify(versionLine)}: ${install}`;
  if (major < serverMajor) return `${tool} is PostgreSQL ${major}'s and the server runs ${serverMajor}: ${install}`;
  return null;
}

/** A connection URL without its password, and the password, which child processes get through PGPASSWORD. */
export function withoutPassword(url: string): { url: string; password: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), password };
}

async function run(cmd: string[], password: string): Promise<Outcome<string>> {
  const child = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe", env: { ...process.env, PGPASSWORD: password } });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code === 0) return { ok: true, value: out };
  return { ok: false, error: `${cmd[0]} exited ${code}: ${(err || out).trim().split("\n").slice(-3).join(" | ")}` };
}

async function checkedTool(tool: Tool, serverMajor: number): Promise<Outcome<string>> {
  const path = Bun.which(tool);
  const version = path ? await run([path, "--version"], "") : null;
  const problem = toolProblem(tool, version?.ok ? version.value.trim() : null, serverMajor);
  return problem ? { ok: false, error: problem } : { ok: true, value: path! };
}

const connect = (url: string): Sql => postgres(url, { max: 1, onnotice: () => {} });

const serverFacts = namedQuery("backup.serverFacts", async (sql) => {
  const [row] = await sql<{ major: number; postgres: string; timescaledb: string | null }[]>`
    SELECT current_setting('server_version_num')::int / 10000 AS major, current_setting('server_version') AS postgres,
           (SELECT extversion FROM pg_extension WHERE extname = 'timescaledb') AS timescaledb`;
  return row!;
});

const exportSnapshot = namedQuery("backup.exportSnapshot", async (sql: Queryable) => {
  const [row] = await sql<{ id: string }[]>`SELECT pg_export_snapshot() AS id`;
  return row!.id;
});

/**
 * A backup file's bytes: pg_dump of DATABASE_URL's database and the figures of the same instant (the
 * counts are read in a repeatable-read transaction whose snapshot pg_dump is given: both see the
 * same rows).
 */
export async function backupServer(databaseUrl: string): Promise<{ ok: true; bytes: Uint8Array; manifest: Manifest } | Failed> {
  const sql = connect(databaseUrl);
  const scratch = mkdtempSync(join(tmpdir(), "bothy-dump-"));
  try {
    const { major, ...server } = await serverFacts(sql);
    const tool = await checkedTool("pg_dump", major);
    if (!tool.ok) return tool;
    const { url, password } = withoutPassword(databaseUrl);
    const file = join(scratch, "database.pgdump");
    const dumped = await sql.begin("ISOLATION LEVEL REPEATABLE READ READ ONLY", async (tx) => {
      const snapshot = await exportSnapshot(tx);
      const figures = await figuresIn(tx);
      const done = await run([tool.value, "--format=custom", `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`], password);
      return done.ok ? { ok: true as const, value: figures } : done;
    });
    if (!dumped.ok) return dumped;
    return { ok: true, ...(await packDump(dumped.value, server, new Uint8Array(await Bun.file(file).arrayBuffer()))) };
  } catch (err) {
    return { ok: false, error: `could not back up the database at DATABASE_URL: ${message(err)}` };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await sql.end({ timeout: 5 });
  }
}

// NOTE: an extension's own tables (TimescaleDB's catalog, where a server makes new databases with
// the extension already in them) do not make a database used.
const usedBy = namedQuery("backup.usedBy", async (sql) => {
  const rows = await sql<{ name: string }[]>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\_%'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
    ORDER BY 1 LIMIT 3`;
  return rows.map((r) => r.name);
});

const offeredTimescale = namedQuery("backup.offeredTimescale", async (sql) => {
  const [row] = await sql<{ available: string | null; installed: string | null }[]>`
    SELECT (SELECT string_agg(version, ',') FROM pg_available_extension_versions WHERE name = 'timescaledb') AS available,
           (SELECT extversion FROM pg_extension WHERE extname = 'timescaledb') AS installed`;
  return { available: row!.available?.split(",") ?? [], installed: row!.installed };
});

// TRICKY: TimescaleDB's restore mode stops its background jobs and its triggers on the catalog while
// pg_restore writes it; without it the restored hypertables' catalog comes out inconsistent.
const preRestore = namedQuery("backup.preRestore", async (sql, version: string) => {
  // NOTE: CREATE EXTENSION takes no parameters; `version` is one of the server's own (restoreProblem).
  await sql.unsafe(`CREATE EXTENSION IF NOT EXISTS timescaledb VERSION '${version}'`);
  await sql`SELECT timescaledb_pre_restore()`;
});
const postRestore = namedQuery("backup.postRestore", async (sql) => {
  await sql`SELECT timescaledb_post_restore()`;
});

/** Why DATABASE_URL's database cannot take a restore of a dump from `from`, or null. */
async function restoreProblem(sql: Sql, from: ServerFacts): Promise<string | null> {
  const used = await usedBy(sql);
  if (used.length > 0) return `the database at DATABASE_URL is not empty (it holds ${used.join(", ")}): restore only into a new, empty one`;
  if (!from.timescaledb) return null;
  const offered = await offeredTimescale(sql);
  if (offered.installed && offered.installed !== from.timescaledb) {
    return `the backup needs TimescaleDB ${from.timescaledb} and the database has ${offered.installed}: restore into a database made without it, on a server that offers ${from.timescaledb}`;
  }
  if (!offered.available.includes(from.timescaledb)) {
    return `the backup needs TimescaleDB ${from.timescaledb}, which the server does not offer (it has ${offered.available.join(", ") || "none"}): restore on a server with ${from.timescaledb}, then ALTER EXTENSION timescaledb UPDATE`;
  }
  return null;
}

/** Restores a server's backup `file` into DATABASE_URL's new, empty database; checks the figures after. */
export async function restoreServer(databaseUrl: string, file: string, bytes: Uint8Array): Promise<{ ok: true; manifest: Manifest } | Failed> {
  const unpacked = await unpackDump(file, bytes);
  if (!unpacked.ok) return unpacked;
  const { manifest, server: from, dump } = unpacked;
  const sql = connect(databaseUrl);
  const scratch = mkdtempSync(join(tmpdir(), "bothy-restore-"));
  try {
    const { major } = await serverFacts(sql);
    const tool = await checkedTool("pg_restore", major);
    if (!tool.ok) return tool;
    const problem = await restoreProblem(sql, from);
    if (problem) return { ok: false, error: problem };
    const dumpFile = join(scratch, "database.pgdump");
    await Bun.write(dumpFile, dump);
    if (from.timescaledb) await preRestore(sql, from.timescaledb);
    const { url, password } = withoutPassword(databaseUrl);
    // NOTE: objects belong to DATABASE_URL's user, whatever role owned them where the dump was taken.
    const restored = await run([tool.value, "--exit-on-error", "--no-owner", "--no-privileges", `--dbname=${url}`, dumpFile], password);
    if (from.timescaledb) await postRestore(sql);
    const partial = "the database holds a partial restore: drop it and create it anew before trying again";
    if (!restored.ok) return { ok: false, error: `${restored.error}; ${partial}` };
    const actual = await figuresIn(sql);
    const differences = countDifferences(manifest.counts, actual.counts);
    if (differences.length > 0) return { ok: false, error: `restored other row counts than the backup's manifest: ${differences.join(", ")}; ${partial}` };
    if (actual.migrations.join(",") !== manifest.migrations.join(",")) return { ok: false, error: `restored other migrations than the backup's manifest; ${partial}` };
    return { ok: true, manifest };
  } catch (err) {
    return { ok: false, error: `could not restore into the database at DATABASE_URL: ${message(err)}` };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await sql.end({ timeout: 5 });
  }
}
