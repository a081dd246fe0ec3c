// DATABASE_URL: the app against a separate database process (`npm run db:serve`).
import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { listMigrations } from "../../../src/db/migrate";
import { emptyDataDir, freshDataDir } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { ROOT, spawnServer } from "../../helpers/server";

const scratch = removedAfterAll();

test("with DATABASE_URL the app uses the served database and opens no embedded one", async () => {
  const dbDir = scratch(await freshDataDir());
  const db = await spawnServer("src/db/serve.ts", { DATA_DIR: dbDir, DB_PORT: "0" }, { ready: /at (postgres:\/\/\S+)/ });
  const appDir = scratch(emptyDataDir());
  try {
    const app = await spawnServer(join(ROOT, "tests/fixtures/probe-server.ts"), { DATA_DIR: appDir, DATABASE_URL: db.url, DATABASE_POOL: "1" });
    try {
      expect(app.output()).toContain("(database: server)");
      const ready = await (await fetch(`${app.url}/readyz`)).json();
      expect(ready.database).toMatchObject({ mode: "server", migrations: listMigrations().length });
      expect(ready.database.timescaledb).toMatch(/^2\.\d+/);
      expect((await fetch(`${app.url}/probe/commit/7`, { method: "POST" })).status).toBe(201);
    } finally {
      app.proc.kill("SIGTERM");
    }
    expect(await app.exited).toBe(0);
    expect(existsSync(join(appDir, "pgdata"))).toBe(false);

    // The row went to the served database, where psql (here: postgres.js) sees it.
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      expect((await sql`SELECT id FROM probe_rows`).map((r) => r.id)).toEqual([7]);
    } finally {
      await sql.end();
    }
  } finally {
    db.proc.kill("SIGTERM");
  }
  expect(await db.exited).toBe(0);
});
