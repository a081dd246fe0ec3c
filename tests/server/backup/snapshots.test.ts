// Snapshots before an upgrade (src/backup/snapshots.ts) and `npm run rollback` (src/cli/rollback.ts):
// a start with new migrations keeps the embedded database as it was in DATA_DIR/snapshots (the
// newest three), a failing migration leaves the database as it was and names itself and the way
// back in one line, and the rollback puts a snapshot back only with no server holding DATA_DIR and
// only when its checksum holds.
import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { keepSnapshot } from "../../../src/backup";
import { MigrationError, openDatabase, type Database } from "../../../src/db";
import { listMigrations, MIGRATIONS_DIR } from "../../../src/db/migrate";
import { addDomain } from "../../helpers/collect";
import { freshDataDir, migratedDataDir, openTestDatabase } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { runToExit } from "../../helpers/server";

let open: Database | undefined;
afterAll(() => open?.close());
const scratch = removedAfterAll();

/** The repository's migrations and `files`, numbered 9xx to come after every real one. */
const migrationsWith = (files: Record<string, string>) => {
  const dir = scratch(mkdtempSync(join(tmpdir(), "bothy-sql-")));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
};

const settings = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: undefined, DATABASE_READ_URL: undefined, DATABASE_POOL: 1, MAINTENANCE_INTERVAL_S: 86_400 });
const snapshots = (dataDir: string) => readdirSync(join(dataDir, "snapshots")).sort().reverse();
const tables = async (db: Database) =>
  (await db.sql<{ name: string }[]>`SELECT tablename AS name FROM pg_tables WHERE tablename IN ('upgraded', 'half_done') ORDER BY 1`).map((r) => r.name);
const versions = async (db: Database) => (await db.sql<{ v: number }[]>`SELECT max(version) AS v FROM schema_migrations`)[0]!.v;

test("a start with new migrations keeps a snapshot; a failing one names itself and the way back; rollback restores", async () => {
  const dataDir = scratch(await migratedDataDir());
  const setup = await openTestDatabase({ DATA_DIR: dataDir });
  await addDomain(setup.sql, "kept.example");
  const level = await versions(setup);
  await setup.close();

  const upgrade = migrationsWith({ "900_upgraded.sql": "CREATE TABLE upgraded (n int);" });
  open = await openDatabase(settings(dataDir), { beforeMigrate: keepSnapshot, migrations: upgrade });
  expect(await tables(open)).toEqual(["upgraded"]);
  await open.close();
  open = undefined;
  const [first] = snapshots(dataDir);
  expect(first).toMatch(new RegExp(`^\\d{8}T\\d{9}Z-migration-${String(level).padStart(3, "0")}-bothy-\\d+\\.\\d+\\.\\d+\\.backup$`));
  // A start with nothing new keeps none.
  open = await openDatabase(settings(dataDir), { beforeMigrate: keepSnapshot, migrations: upgrade });
  await open.close();
  open = undefined;
  expect(snapshots(dataDir)).toEqual([first!]);

  // Snapshots of earlier upgrades, older than any taken now: the oldest goes once a fourth exists.
  for (const old of ["20000101T000000000Z", "20000102T000000000Z"]) writeFileSync(join(dataDir, "snapshots", `${old}-migration-001-bothy-0.0.1.backup`), "old");
  const broken = migrationsWith({
    "900_upgraded.sql": "CREATE TABLE upgraded (n int);",
    "901_broken.sql": "CREATE TABLE half_done (n int);\nCREATE TABL oops (n int);",
  });
  const error = await openDatabase(settings(dataDir), { beforeMigrate: keepSnapshot, migrations: broken }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MigrationError);
  const line = (error as Error).message;
  expect(line).not.toContain("\n");
  expect(line).toStartWith("Migration 901_broken.sql failed: syntax error");
  const [second] = snapshots(dataDir);
  expect(line).toEndWith(`The way back: npm run rollback restores ${second}, taken before 901_broken.sql, and names the version to run on it`);
  expect(second).toContain(`-migration-900-bothy-`);
  // The newest three, the oldest of the earlier ones gone.
  expect(snapshots(dataDir)).toEqual([second!, first!, "20000102T000000000Z-migration-001-bothy-0.0.1.backup"]);
  const after = await openTestDatabase({ DATA_DIR: dataDir });
  expect(await tables(after)).toEqual(["upgraded"]);
  expect(await versions(after)).toBe(900);

  // Refused while a process holds DATA_DIR; DATA_DIR as it was.
  const held = await runToExit("src/cli/rollback.ts", { DATA_DIR: dataDir });
  expect(held.code).toBe(1);
  expect(held.stderr).toBe(`rollback: a running Bothy holds ${dataDir}: stop it, then run npm run rollback again\n`);
  await after.close();

  // A damaged snapshot is refused before anything changes.
  const damaged = join(dataDir, "snapshots", first!);
  const intact = readFileSync(damaged);
  const flipped = Buffer.from(intact);
  flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
  writeFileSync(damaged, flipped);
  const refused = await runToExit("src/cli/rollback.ts", { DATA_DIR: dataDir }, undefined, [first!]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toStartWith(`rollback: backup ${damaged} is damaged`);
  expect(refused.stderr.trim().split("\n")).toHaveLength(1);
  writeFileSync(damaged, intact);

  // The one named: the database before 900, with its rows; the command names the version to run.
  const rolled = await runToExit("src/cli/rollback.ts", { DATA_DIR: dataDir }, undefined, [first!]);
  expect(rolled.stderr).toBe("");
  expect(rolled.code).toBe(0);
  expect(rolled.stdout).toContain(`Run the Bothy version you ran before`);
  expect(rolled.stdout).toContain(`whose newest migration is sql/${String(level).padStart(3, "0")}_*.sql`);
  expect(readdirSync(dataDir).filter((f) => f.includes("rollback") || f.includes("replaced"))).toEqual([]);
  const restored = await openTestDatabase({ DATA_DIR: dataDir });
  expect(await tables(restored)).toEqual([]);
  expect(await versions(restored)).toBe(level);
  expect((await restored.sql`SELECT name FROM domains`).map((r) => r.name)).toEqual(["kept.example"]);
  await restored.close();
});

test("user:create on a database a migration behind keeps a snapshot before it migrates, as a start does", async () => {
  const dataDir = scratch(await freshDataDir());
  const older = scratch(mkdtempSync(join(tmpdir(), "bothy-sql-")));
  const repo = listMigrations();
  for (const m of repo.slice(0, -1)) cpSync(join(MIGRATIONS_DIR, m.file), join(older, m.file));
  const db = await openDatabase(settings(dataDir), { migrations: older });
  await db.close();
  const created = await runToExit("src/cli/user-create.ts", { DATA_DIR: dataDir }, undefined, ["--email", "first@snapshot.example", "--password", "violet tram crosses the harbour"]);
  expect(created.stderr).toBe("");
  expect(created.code).toBe(0);
  const level = String(repo.at(-2)!.version).padStart(3, "0");
  expect(snapshots(dataDir)).toEqual([expect.stringContaining(`-migration-${level}-bothy-`)]);
});
