// sql/schema.sql is what the migrations build: the snapshot of a migrated database (embedded, or
// the suite's server) equals the file, so the file a newcomer reads is never stale.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { SCHEMA_PATH, schemaSnapshot } from "../../../src/db";
import { freshDatabase, openTestDatabase } from "../../helpers/db";

test("sql/schema.sql matches the migrated database (npm run db:schema writes it)", async () => {
  const fresh = await freshDatabase();
  try {
    const db = await openTestDatabase(fresh.env);
    try {
      const snapshot = await schemaSnapshot(db.sql);
      expect(snapshot).toContain("CREATE TABLE domains (");
      expect(snapshot).toContain("CREATE TABLE hits ( -- hypertable");
      expect(snapshot).toBe(readFileSync(SCHEMA_PATH, "utf8"));
    } finally {
      await db.close();
    }
  } finally {
    await fresh.remove();
  }
});
