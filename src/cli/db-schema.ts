// `npm run db:schema`: migrates a throwaway embedded database and writes what the migrations built
// to sql/schema.sql (src/db/schema.ts), for a new migration's author to commit with it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, SCHEMA_PATH, schemaSnapshot } from "../db";

const dir = mkdtempSync(join(tmpdir(), "bothy-schema-"));
try {
  const db = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined, DATABASE_READ_URL: undefined, DATABASE_POOL: 1, MAINTENANCE_INTERVAL_S: 86_400 });
  try {
    writeFileSync(SCHEMA_PATH, await schemaSnapshot(db.sql));
    console.log(`wrote ${SCHEMA_PATH}`);
  } finally {
    await db.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
