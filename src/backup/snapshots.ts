// Snapshots before an upgrade: when a start finds migrations to apply to the embedded database, it
// first keeps the database as it is in DATA_DIR/snapshots/, as a backup file (./archive.ts) named
// by the time, the migration level it holds and the Bothy version that took it. The newest three
// are kept, together at most 2 GiB (the newest always); `npm run rollback` restores one (./index.ts).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../package.json";
import type { BeforeMigrate } from "../db";
import { packBackup, readFigures, SNAPSHOT_SQL } from "./archive";

const KEPT = 3;
const MAX_BYTES = 2 * 1024 ** 3;
const SUFFIX = ".backup";

export const snapshotsDir = (dataDir: string) => join(dataDir, "snapshots");

/** The snapshots' file names in DATA_DIR, newest first (each name starts with the time it was taken). */
export function listSnapshots(dataDir: string): string[] {
  const dir = snapshotsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith(SUFFIX)).sort().reverse();
}

/** Removes the oldest snapshots past the newest three or past the size bound, never the newest. */
function prune(dataDir: string): void {
  let total = 0;
  listSnapshots(dataDir).forEach((name, i) => {
    const file = join(snapshotsDir(dataDir), name);
    total += statSync(file).size;
    if (i > 0 && (i >= KEPT || total > MAX_BYTES)) rmSync(file, { force: true });
  });
}

/** Keeps the database as it is before `pending` are applied; the way back names the snapshot. */
export const keepSnapshot: BeforeMigrate = async (dataDir, pending, snapshot) => {
  try {
    const taken = await snapshot(SNAPSHOT_SQL);
    const { bytes, manifest } = await packBackup(readFigures(taken.json), taken.tar);
    const level = String(manifest.migrations.at(-1) ?? 0).padStart(3, "0");
    const stamp = manifest.createdAt.replace(/[-:.]/g, "");
    const name = `${stamp}-migration-${level}-bothy-${pkg.version}${SUFFIX}`;
    const dir = snapshotsDir(dataDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const partial = join(dir, `${name}.partial`);
    writeFileSync(partial, bytes, { mode: 0o600 });
    renameSync(partial, join(dir, name));
    prune(dataDir);
    return { ok: true, wayBack: `npm run rollback restores ${name}, taken before ${pending[0]}, and names the version to run on it` };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
};
