// Applies sql/NNN_name.sql in order, each in its own transaction, recorded in schema_migrations
// and never re-applied. A failing file stops the start with its name and the database error.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Sql } from "postgres";
import { log } from "../log";
import { SCHEMA_FILE } from "./schema";

export const MIGRATIONS_DIR = join(import.meta.dir, "..", "..", "sql");
/** Where the schema the migrations build is kept whole, for people to read (./schema.ts). */
export const SCHEMA_PATH = join(MIGRATIONS_DIR, SCHEMA_FILE);

// NOTE: an advisory lock so that several app nodes booting against one server migrate once.
const LOCK_KEY = 4_245_221;

type Migration = { version: number; name: string; file: string };

export class MigrationError extends Error {}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  // NOTE: the schema snapshot lives beside the migrations for people to find; it is not one.
  const files = readdirSync(dir).filter((f) => f.endsWith(".sql") && f !== SCHEMA_FILE).sort();
  const seen = new Set<number>();
  return files.map((file) => {
    const m = /^(\d{3})_([a-z0-9_]+)\.sql$/.exec(file);
    if (!m) throw new MigrationError(`Migration file ${file} must be named NNN_name.sql`);
    const version = Number(m[1]);
    if (seen.has(version)) throw new MigrationError(`Migration ${file} reuses version ${m[1]}`);
    seen.add(version);
    return { version, name: m[2]!, file };
  });
}

/** Returns the files applied by this call. */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = listMigrations(dir);
  // TRICKY: one connection holds a session lock from the first statement to the last, so nodes
  // booting together on one empty database wait for each other even on CREATE TABLE IF NOT EXISTS,
  // which races on the catalog when two sessions run it at once. On that connection each file is
  // its own transaction, opened by hand: the pool may have a single connection, which is this one.
  const conn = await sql.reserve();
  try {
    await conn`SELECT pg_advisory_lock(${LOCK_KEY})`;
    try {
      return await applyAll(conn, migrations, dir);
    } finally {
      await conn`SELECT pg_advisory_unlock(${LOCK_KEY})`.catch(() => {});
    }
  } finally {
    conn.release();
  }
}

async function applyAll(conn: Sql, migrations: Migration[], dir: string): Promise<string[]> {
  await conn`CREATE TABLE IF NOT EXISTS schema_migrations (
    version int PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`;
  const applied: string[] = [];
  for (const m of migrations) {
    const body = readFileSync(join(dir, m.file), "utf8");
    await conn.unsafe("BEGIN");
    try {
      // NOTE: checked inside the transaction too: the embedded database serves every client from one
      // session, where the advisory lock cannot exclude, but a client's open transaction runs alone.
      const [done] = await conn`SELECT 1 FROM schema_migrations WHERE version = ${m.version}`;
      if (done) {
        await conn.unsafe("COMMIT");
        continue;
      }
      await conn.unsafe(body).simple();
      await conn`INSERT INTO schema_migrations (version, name) VALUES (${m.version}, ${m.name})`;
      await conn.unsafe("COMMIT");
    } catch (err) {
      await conn.unsafe("ROLLBACK").catch(() => {});
      // NOTE: one line, since the start's failure is one line (src/cli/index.ts exitWith).
      const why = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, " ");
      throw new MigrationError(`Migration ${m.file} failed: ${why}`);
    }
    applied.push(m.file);
    log.info("migration applied", { file: m.file });
  }
  return applied;
}
