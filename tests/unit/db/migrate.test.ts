import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listMigrations, MigrationError } from "../../../src/db/migrate";

const work = mkdtempSync(join(tmpdir(), "bothy-migrations-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const dirWith = (files: string[]) => {
  const dir = mkdtempSync(join(work, "dir-"));
  for (const f of files) writeFileSync(join(dir, f), "SELECT 1;");
  return dir;
};

describe("listMigrations", () => {
  test("orders files by their number", () => {
    const list = listMigrations(dirWith(["002_b.sql", "010_c.sql", "001_a.sql", "README.md"]));
    expect(list.map((m) => m.file)).toEqual(["001_a.sql", "002_b.sql", "010_c.sql"]);
    expect(list.map((m) => m.version)).toEqual([1, 2, 10]);
  });

  test("refuses a misnamed file", () => {
    expect(() => listMigrations(dirWith(["1_a.sql"]))).toThrow(MigrationError);
    expect(() => listMigrations(dirWith(["1_a.sql"]))).toThrow("1_a.sql must be named NNN_name.sql");
  });

  test("refuses two files with one number", () => {
    expect(() => listMigrations(dirWith(["001_a.sql", "001_b.sql"]))).toThrow("001_b.sql reuses version 001");
  });

  test("the repository's own migrations are well named", () => {
    expect(listMigrations()[0]).toMatchObject({ version: 1, file: "001_timescaledb.sql" });
  });
});
