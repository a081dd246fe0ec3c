// Applies sql/NNN_name.sql in order, each in its own transaction, recorded in schema_migrations
// and never re-applied. A failing file stops the start with its name and the database error.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Sql } from "postgres";
import { log } from "../log";

export const MIGRATIONS_DIR = join(import.meta.dir, "..", "..", "sql");

// NOTE: an advisory lock so that several app nodes booting against one server migrate once.
const LOCK_KEY = 4_245_221;

type Migration = { version: number; name: string; file: string };

export class MigrationError extends Error {}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => f.endsWith(".sql")).sort();
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
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    version int PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`;
  const applied: string[] = [];
  for (const m of migrations) {
    const body = readFileSync(join(dir, m.file), "utf8");
    const ran = await sql
      .begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(${LOCK_KEY})`;
        const [done] = await tx`SELECT 1 FROM schema_migrations WHERE version = ${m.version}`;
        if (done) return false;
        await tx.unsafe(body).simple();
        await tx`INSERT INTO schema_migrations (version, name) VALUES (${m.version}, ${m.name})`;
        return true;
      })
      .catch((err: unknown) => {
        throw new MigrationError(`Migration ${m.file} failed: ${err instanceof Error ? err.message : String(err)}`);
      });
    if (ran) {
      applied.push(m.file);
      log.info("migration applied", { file: m.file });
    }
  }
  return applied;
}
