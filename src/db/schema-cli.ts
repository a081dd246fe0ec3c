// `npm run db:schema`: migrates a throwaway embedded database and writes what the migrations built
// to sql/schema.sql (src/db/schema.ts), for a new migration's author to commit with it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_DIR } from "./migrate";
import { openDatabase } from ".";
import { SCHEMA_FILE, schemaSnapshot } from "./schema";

const dir = mkdtempSync(join(tmpdir(), "bothy-schema-"));
try {
  const db = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined, DATABASE_READ_URL: undefined, DATABASE_POOL: 1, MAINTENANCE_INTERVAL_S: 86_400 });
  try {
    const target = join(MIGRATIONS_DIR, SCHEMA_FILE);
    writeFileSync(target, await schemaSnapshot(db.sql));
    console.log(`wrote ${target}`);
  } finally {
    await db.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
