import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Sql } from "postgres";
import { listMigrations, migrate, MigrationError, MIGRATIONS_DIR } from "../../../src/db/migrate";
import { openFreshDatabase } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";

const scratch = removedAfterAll();
let db: Awaited<ReturnType<typeof openFreshDatabase>>;
let sql: Sql;
beforeEach(async () => {
  db = await openFreshDatabase();
  sql = db.sql;
});
afterEach(() => db.close());

const migrationsWith = (files: Record<string, string>) => {
  const dir = scratch(mkdtempSync(join(tmpdir(), "bothy-sql-")));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
};

const tableExists = async (name: string) =>
  (await sql`SELECT to_regclass(${name}) IS NOT NULL AS ok`)[0]!.ok as boolean;

describe("migrate", () => {
  // NOTE: test files are numbered 9xx so they run after every migration the repository has.
  const repo = listMigrations();

  test("applies files in order once, records them, and never re-applies", async () => {
    const dir = migrationsWith({
      "901_b.sql": "INSERT INTO a SELECT n + 1 FROM a;",
      "900_a.sql": "CREATE TABLE a (n int); INSERT INTO a VALUES (1);",
    });
    expect(await migrate(sql, dir)).toEqual([...repo.map((m) => m.file), "900_a.sql", "901_b.sql"]);
    expect(await migrate(sql, dir)).toEqual([]);
    expect((await sql`SELECT n FROM a ORDER BY n`).map((r) => r.n)).toEqual([1, 2]);
    const recorded = await sql`SELECT version, name FROM schema_migrations ORDER BY version`;
    expect(recorded.map((r) => [r.version, r.name])).toEqual([
      ...repo.map((m) => [m.version, m.name]),
      [900, "a"],
      [901, "b"],
    ]);
  });

  test("a failing file is named and leaves the database unchanged", async () => {
    await migrate(sql);
    const dir = migrationsWith({ "999_broken.sql": "CREATE TABLE half_done (n int);\nCREATE TABL oops (n int);" });
    const error = await migrate(sql, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toStartWith("Migration 999_broken.sql failed: syntax error");
    expect(await tableExists("half_done")).toBe(false);
    const recorded = await sql`SELECT version FROM schema_migrations ORDER BY version`;
    expect(recorded.map((r) => r.version)).toEqual(repo.map((m) => m.version));
  });

  test("the first migration gives TimescaleDB to the app", async () => {
    await migrate(sql);
    await sql`CREATE TABLE t (time timestamptz NOT NULL, v int)`;
    await sql`SELECT create_hypertable('t', by_range('time'))`;
    const [row] = await sql`SELECT count(*)::int AS n FROM timescaledb_information.hypertables WHERE hypertable_name = 't'`;
    expect(row!.n).toBe(1);
  });
});
