// The session settings (src/db/settings.ts) hold on the app's connections, embedded or on a server.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { openDatabase, type Database } from "../../../src/db";
import { freshDatabase } from "../../helpers/db";

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let db: Database;
beforeAll(async () => {
  fresh = await freshDatabase();
  db = await openDatabase({ DATA_DIR: fresh.env.DATA_DIR!, DATABASE_URL: fresh.env.DATABASE_URL, DATABASE_READ_URL: undefined, DATABASE_POOL: 2, MAINTENANCE_INTERVAL_S: 86_400 });
});
afterAll(async () => {
  try {
    await db?.close();
  } finally {
    await fresh?.remove();
  }
});

test("a prepared statement is planned for its own values on every run, never kept as a generic plan", async () => {
  const conn = await db.read.reserve();
  try {
    // NOTE: a statement this cheap to plan gets a generic plan from its sixth run on by default.
    for (let i = 0; i < 10; i++) await conn`SELECT ${i}::int + 1 AS planned_each_run`;
    const [counts] = await conn<{ generic: number; custom: number }[]>`
      SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
      WHERE statement LIKE '%planned_each_run%' AND statement NOT LIKE '%pg_prepared_statements%'`;
    expect(counts).toEqual({ generic: 0, custom: 10 });
  } finally {
    conn.release();
  }
});

test("no statement is compiled by JIT", async () => {
  expect((await db.read<{ jit: string }[]>`SELECT current_setting('jit') AS jit`)[0]!.jit).toBe("off");
});
