// The backup room: `npm run backup` and `npm run restore`. A backup of the embedded database is a
// snapshot taken in the database's own thread (./socket.ts asks the running server for it; with no
// server, DATA_DIR is opened here), packed with its manifest (./archive.ts); a restore goes only
// into an empty DATA_DIR and checks the checksum before and the row counts after. With DATABASE_URL,
// both go through pg_dump and pg_restore (./dump.ts), into the same kind of file. A start keeps a
// snapshot before applying migrations (./snapshots.ts), which `npm run rollback` puts back.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import { embeddedClient, EmbeddedDatabaseError, pgDataDir, servedNow, startEmbedded, type Snapshot } from "../db";
import { countDifferences, figuresIn, packBackup, readFigures, SNAPSHOT_SQL, unpackBackup, type Manifest } from "./archive";
import { backupServer, restoreServer } from "./dump";
import { listSnapshots, snapshotsDir } from "./snapshots";
import { askServer, serveBackups } from "./socket";

export { keepSnapshot } from "./snapshots";


type Done = { ok: true; manifest: Manifest } | { ok: false; error: string };

/** Serves the backup socket for a running server's embedded database (null when it cannot). */
export const serveSnapshots = (dataDir: string, snapshot: (sql: string) => Promise<Snapshot>) => serveBackups(dataDir, snapshot, SNAPSHOT_SQL);

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A snapshot of DATA_DIR's database: from the server holding it, or by opening it here. */
async function snapshotOf(dataDir: string): Promise<{ ok: true; snapshot: Snapshot } | { ok: false; error: string }> {
  const asked = await askServer(dataDir);
  if (asked) return asked;
  if (!existsSync(join(pgDataDir(dataDir), "PG_VERSION"))) return { ok: false, error: `DATA_DIR ${dataDir} holds no database` };
  try {
    const server = await startEmbedded(dataDir);
    try {
      return { ok: true, snapshot: await server.snapshot(SNAPSHOT_SQL) };
    } finally {
      await server.stop();
    }
  } catch (err) {
    return { ok: false, error: err instanceof EmbeddedDatabaseError ? err.message : `could not open ${dataDir}: ${message(err)}` };
  }
}

/** The embedded database's backup file: its bytes and manifest. */
async function backupEmbedded(dataDir: string): Promise<{ ok: true; bytes: Uint8Array; manifest: Manifest } | { ok: false; error: string }> {
  const taken = await snapshotOf(dataDir);
  if (!taken.ok) return taken;
  return { ok: true, ...(await packBackup(readFigures(taken.snapshot.json), taken.snapshot.tar)) };
}

/** Writes a backup of the configured database (DATABASE_URL's, else DATA_DIR's) to `out`, whole or not at all. */
export async function takeBackup(config: Pick<Config, "DATA_DIR" | "DATABASE_URL">, out: string): Promise<Done> {
  if (existsSync(out)) return { ok: false, error: `${out} exists: name a new file` };
  const packed = config.DATABASE_URL ? await backupServer(config.DATABASE_URL) : await backupEmbedded(config.DATA_DIR);
  if (!packed.ok) return packed;
  const partial = `${out}.partial`;
  writeFileSync(partial, packed.bytes);
  renameSync(partial, out);
  return { ok: true, manifest: packed.manifest };
}

/**
 * Restores `file` into the configured database: DATABASE_URL's, which must be new and empty, else
 * DATA_DIR, which must be empty and on any failure is left empty.
 */
export async function restoreBackup(config: Pick<Config, "DATA_DIR" | "DATABASE_URL">, file: string): Promise<Done> {
  const dir = config.DATA_DIR;
  if (!config.DATABASE_URL && existsSync(dir) && readdirSync(dir).length > 0) return { ok: false, error: `DATA_DIR ${dir} is not empty: restore only into an empty one` };
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    return { ok: false, error: `cannot read backup ${file}: ${message(err)}` };
  }
  if (config.DATABASE_URL) return restoreServer(config.DATABASE_URL, file, bytes);
  const unpacked = await unpackBackup(file, bytes);
  if (!unpacked.ok) return unpacked;
  const { manifest, tar } = unpacked;
  const existed = existsSync(dir);
  const undo = (error: string): Done => {
    if (existed) for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
    else rmSync(dir, { recursive: true, force: true });
    return { ok: false, error };
  };
  let failure: string | null = null;
  try {
    mkdirSync(pgDataDir(dir), { recursive: true });
    await new Bun.Archive(tar).extract(pgDataDir(dir));
    const server = await startEmbedded(dir);
    const sql = embeddedClient(server);
    try {
      const restored = await figuresIn(sql);
      const differences = countDifferences(manifest.counts, restored.counts);
      if (differences.length > 0) failure = `backup ${file} restored other row counts than its manifest: ${differences.join(", ")}`;
      else if (restored.migrations.join(",") !== manifest.migrations.join(",")) failure = `backup ${file} restored other migrations than its manifest`;
    } finally {
      await sql.end({ timeout: 5 });
      await server.stop();
    }
  } catch (err) {
    failure = `backup ${file} could not be restored: ${message(err)}`;
  }
  if (failure) return undo(failure);
  return { ok: true, manifest };
}

type RolledBack = { ok: true; name: string; manifest: Manifest } | { ok: false; error: string };

/**
 * Puts a snapshot taken before an upgrade (the newest, or the one named) in place of DATA_DIR's
 * database, with no server holding it. The snapshot is restored beside it first, checked like any
 * restore, and only then swapped in; on any failure DATA_DIR's database is left as it was.
 */
export async function rollBack(config: Pick<Config, "DATA_DIR" | "DATABASE_URL">, named?: string): Promise<RolledBack> {
  if (config.DATABASE_URL) return { ok: false, error: "DATABASE_URL is set: restore the pg_dump taken before upgrading with pg_restore; npm run rollback covers the embedded database" };
  const dir = config.DATA_DIR;
  if (await servedNow(dir)) return { ok: false, error: `a running Bothy holds ${dir}: stop it, then run npm run rollback again` };
  const snapshots = listSnapshots(dir);
  const name = named ?? snapshots[0];
  if (!name) return { ok: false, error: `no snapshots in ${snapshotsDir(dir)}: one is kept each time a start applies new migrations` };
  if (!snapshots.includes(name)) return { ok: false, error: `no snapshot ${name} in ${snapshotsDir(dir)}; there are: ${snapshots.join(", ") || "none"}` };
  // NOTE: inside DATA_DIR, so the swap below is a rename on one file system.
  const staging = join(dir, "rollback.staging");
  const replaced = join(dir, "pgdata.replaced");
  rmSync(staging, { recursive: true, force: true }); // left by a rollback that was killed
  const restored = await restoreBackup({ DATA_DIR: staging, DATABASE_URL: undefined }, join(snapshotsDir(dir), name));
  if (!restored.ok) {
    rmSync(staging, { recursive: true, force: true });
    return restored;
  }
  rmSync(replaced, { recursive: true, force: true });
  if (existsSync(pgDataDir(dir))) renameSync(pgDataDir(dir), replaced);
  renameSync(pgDataDir(staging), pgDataDir(dir));
  rmSync(replaced, { recursive: true, force: true });
  rmSync(staging, { recursive: true, force: true });
  return { ok: true, name, manifest: restored.manifest };
}
