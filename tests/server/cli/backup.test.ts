// `npm run backup` and `npm run restore` (src/cli/backup.ts, src/cli/restore.ts) on the embedded
// database: a backup taken from a running server while beacons keep arriving restores into another
// DATA_DIR holding exactly the hits of its snapshot (every one acknowledged, every one acknowledged
// before the backup began, as many as its manifest says); a damaged file or a used DATA_DIR is refused
// with one line, the target left as it was. With no server running, the backup opens DATA_DIR itself.
// With DATABASE_URL the same commands go through pg_dump and pg_restore: a backup of each kind is
// refused by the other kind's restore, saying how it restores; pg_dump or pg_restore missing or
// older than the server is named; and with TEST_DATABASE_URL (a TimescaleDB server) a server's
// backup taken while hits keep arriving restores into a new database holding exactly its snapshot's
// rows (as many as its manifest says), while a used database is refused.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDomain, CHROME_UA, until } from "../../helpers/collect";
import { emptyDataDir, freshDatabase, migratedDataDir, openTestDatabase, TEST_SERVER_URL } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { runToExit, spawnServer, stopChild, type Child } from "../../helpers/server";
import { ingest, traffic } from "../../helpers/stats";
import { packBackup, packDump } from "../../../src/backup/archive";
import { toolProblem, withoutPassword } from "../../../src/backup/dump";

const scratch = removedAfterAll();
let server: Child | undefined;
afterAll(() => stopChild(server));

const DOMAIN = "backup.example";
const SENDERS = 6;

test("a backup under load restores exactly its snapshot's hits; a damaged one is refused", async () => {
  const dir = scratch(await migratedDataDir());
  const files = scratch(emptyDataDir());
  const setup = await openTestDatabase({ DATA_DIR: dir });
  await addDomain(setup.sql, DOMAIN);
  await setup.close();
  // A socket file left by a server killed with SIGKILL must not stop the next start.
  writeFileSync(join(dir, "run", "backup.sock"), "");
  server = await spawnServer("src/server.ts", { DATA_DIR: dir, HOST: "127.0.0.1" });

  // Senders post beacons back to back, each with its own path, and keep the paths answered 202.
  const acked = new Set<string>();
  let next = 0;
  let sending = true;
  const sender = async () => {
    while (sending) {
      const path = `/n${next++}`;
      const res = await fetch(`${server!.url}/b/v`, {
        method: "POST",
        body: JSON.stringify({ d: DOMAIN, p: path }),
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME_UA },
      });
      if (res.status === 202) acked.add(path);
    }
  };
  const senders = Array.from({ length: SENDERS }, sender);
  await until("acknowledged hits", () => acked.size >= 100);
  const ackedBefore = new Set(acked);
  const out = join(files, "bothy.backup");
  const backup = await runToExit("src/cli/backup.ts", { DATA_DIR: dir }, undefined, ["--out", out]);
  const ackedDuring = acked.size;
  await until("hits acknowledged after the backup", () => acked.size >= ackedDuring + 100);
  sending = false;
  await Promise.all(senders);
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  const manifestHits = Number(/\bhits (\d+)/.exec(backup.stdout)?.[1]);

  const target = join(files, "restored");
  const restore = await runToExit("src/cli/restore.ts", { DATA_DIR: target }, undefined, [out]);
  expect(restore.stderr).toBe("");
  expect(restore.code).toBe(0);
  const restored = await openTestDatabase({ DATA_DIR: target });
  const paths = (await restored.sql<{ path: string }[]>`SELECT path FROM hits`).map((r) => r.path);
  await restored.close();
  expect(paths.length).toBe(manifestHits);
  expect(new Set(paths).size).toBe(paths.length);
  expect(paths.filter((p) => !acked.has(p))).toEqual([]);
  expect([...ackedBefore].filter((p) => !paths.includes(p))).toEqual([]);
  // The load went on past the snapshot, so the check above could have failed the other way too.
  expect(acked.size).toBeGreaterThan(paths.length);

  // One flipped byte in the payload: refused before anything is written.
  const damaged = join(files, "damaged.backup");
  const bytes = readFileSync(out);
  bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
  writeFileSync(damaged, bytes);
  const fresh = join(files, "fresh");
  mkdirSync(fresh);
  const refused = await runToExit("src/cli/restore.ts", { DATA_DIR: fresh }, undefined, [damaged]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(new RegExp(`^restore: backup ${damaged} is damaged: checksum .*\\n$`));
  expect(readdirSync(fresh)).toEqual([]);

  // A DATA_DIR in use is never overwritten.
  const used = await runToExit("src/cli/restore.ts", { DATA_DIR: target }, undefined, [out]);
  expect(used.code).toBe(1);
  expect(used.stderr).toBe(`restore: DATA_DIR ${target} is not empty: restore only into an empty one\n`);
  expect(existsSync(join(target, "pgdata", "PG_VERSION"))).toBe(true);

  // With the server stopped (its buffer written), the command opens DATA_DIR itself.
  await stopChild(server);
  const idle = await runToExit("src/cli/backup.ts", { DATA_DIR: dir }, undefined, ["--out", join(files, "idle.backup")]);
  expect(idle.stderr).toBe("");
  expect(Number(/\bhits (\d+)/.exec(idle.stdout)?.[1])).toBe(acked.size);
}, 60_000);

test("a backup of each kind is refused by the other kind's restore, which names the way it restores", async () => {
  const files = scratch(emptyDataDir());
  const figures = { counts: { users: 1 }, migrations: [1, 2] };
  const dumpFile = join(files, "server.backup");
  writeFileSync(dumpFile, (await packDump(figures, { postgres: "17.6", timescaledb: "2.28.3" }, new Uint8Array([1, 2, 3]))).bytes);
  const target = join(files, "target");
  mkdirSync(target);
  const embedded = await runToExit("src/cli/restore.ts", { DATA_DIR: target }, undefined, [dumpFile]);
  expect(embedded.code).toBe(1);
  expect(embedded.stderr).toBe(`restore: backup ${dumpFile} is a database server's pg_dump: restore it with DATABASE_URL naming a new, empty database\n`);
  expect(readdirSync(target)).toEqual([]);

  // The file is read before any connection: nothing listens at this URL.
  const dataFile = join(files, "embedded.backup");
  writeFileSync(dataFile, (await packBackup(figures, new Uint8Array(new ArrayBuffer(4)))).bytes);
  const url = "postgres://bothy:secret@127.0.0.1:9/bothy";
  const server = await runToExit("src/cli/restore.ts", { DATA_DIR: target, DATABASE_URL: url }, undefined, [dataFile]);
  expect(server.code).toBe(1);
  expect(server.stderr).toBe(`restore: backup ${dataFile} holds an embedded database's files: restore it into an empty DATA_DIR with DATABASE_URL unset\n`);
});

test("pg_dump and pg_restore must be on PATH and at least the server's major; the password goes by PGPASSWORD", () => {
  expect(toolProblem("pg_dump", "pg_dump (PostgreSQL) 17.6 (Debian 17.6-1)", 17)).toBeNull();
  expect(toolProblem("pg_restore", "pg_restore (PostgreSQL) 18.0", 17)).toBeNull();
  expect(toolProblem("pg_dump", "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)", 17)).toBe(
    "pg_dump is PostgreSQL 15's and the server runs 17: put pg_dump of PostgreSQL 17 or newer on PATH (Debian: postgresql-client-17)",
  );
  expect(toolProblem("pg_restore", null, 16)).toBe(
    "DATABASE_URL is set and pg_restore is not on PATH: put pg_restore of PostgreSQL 16 or newer on PATH (Debian: postgresql-client-16)",
  );
  expect(toolProblem("pg_dump", "pg_dump 9", 15)).toMatch(/^cannot read pg_dump's version from "pg_dump 9": /);
  expect(withoutPassword("postgres://bothy:p%40ss%3Aword@db:5432/bothy?sslmode=require")).toEqual({
    url: "postgres://bothy@db:5432/bothy?sslmode=require",
    password: "p@ss:word",
  });
});

// NOTE: only on a TimescaleDB server: the embedded database is PostgreSQL 17 behind PGlite's wire
// protocol, which pg_dump cannot read; the tests above run in every suite.
test.skipIf(!TEST_SERVER_URL)("with TEST_DATABASE_URL: a server's backup through pg_dump, taken while hits keep arriving, restores into a new database with its snapshot's rows; a used one is refused", async () => {
  const files = scratch(emptyDataDir());
  const source = await freshDatabase();
  const target = await freshDatabase();
  try {
    const db = await openTestDatabase(source.env);
    await addDomain(db.sql, DOMAIN);
    // NOTE: hits over the three days before yesterday, so the hypertable has several chunks and no
    // retention reaches them.
    const day = 86_400_000;
    await ingest(db.sql, traffic(DOMAIN, Date.now() - 4 * day, Date.now() - day, 60, 7));
    const before = await db.sql<{ path: string }[]>`SELECT path FROM hits ORDER BY time, path`;
    expect(before.length).toBeGreaterThanOrEqual(60);

    // Hits keep arriving in batches while the backup runs, and go on past it.
    let writing = true;
    let batches = 0;
    const writer = (async () => {
      while (writing) await ingest(db.sql, traffic(DOMAIN, Date.now() - 4 * day, Date.now() - day, 5, 100 + batches++));
    })();
    const out = join(files, "server.backup");
    const backup = await runToExit("src/cli/backup.ts", source.env, undefined, ["--out", out]);
    const batchesDuring = batches;
    await until("a batch written after the backup", () => batches > batchesDuring + 1);
    writing = false;
    await writer;
    const total = (await db.sql<{ total: number }[]>`SELECT count(*)::int AS total FROM hits`)[0]!.total;
    await db.close();
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const manifestHits = Number(/\bhits (\d+)/.exec(backup.stdout)?.[1]);
    expect(manifestHits).toBeGreaterThanOrEqual(before.length);
    expect(total).toBeGreaterThan(manifestHits);

    const restore = await runToExit("src/cli/restore.ts", target.env, undefined, [out]);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const restored = await openTestDatabase(target.env);
    const after = await restored.sql<{ path: string }[]>`SELECT path FROM hits ORDER BY time, path`;
    const hypertables = await restored.sql`SELECT 1 FROM timescaledb_information.hypertables WHERE hypertable_name = 'hits'`;
    await restored.close();
    // The restore itself refuses counts other than the manifest's; the rows are those of the snapshot.
    expect(after.length).toBe(manifestHits);
    const restoredPaths = new Set(after.map((r) => r.path));
    expect(before.filter((r) => !restoredPaths.has(r.path))).toEqual([]);
    expect(hypertables.length).toBe(1);

    const again = await runToExit("src/cli/restore.ts", target.env, undefined, [out]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^restore: the database at DATABASE_URL is not empty \(it holds .+\): restore only into a new, empty one\n$/);
  } finally {
    await Promise.all([source.remove(), target.remove()]);
  }
}, 120_000);
