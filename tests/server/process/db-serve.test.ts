// DATABASE_URL: the app against a separate database process (`npm run db:serve`).
import { expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { socketDir } from "../../../src/db/embedded";
import { listMigrations } from "../../../src/db/migrate";
import { emptyDataDir, freshDataDir } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { ROOT, serveDatabase, spawnServer } from "../../helpers/server";

const scratch = removedAfterAll();

test("with DATABASE_URL the app uses the served database and opens no embedded one", async () => {
  const dbDir = scratch(await freshDataDir());
  const db = await serveDatabase(dbDir);
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

test("db:serve refuses a client without its password, keeps a generated one across restarts, and takes DB_PASSWORD", async () => {
  const dbDir = await freshDataDir();
  const serve = (env: Record<string, string> = {}) =>
    serveDatabase(dbDir, env);
  const answers = async (url: string | postgres.Options<Record<string, never>>) => {
    const sql = typeof url === "string" ? postgres(url, { max: 1, onnotice: () => {} }) : postgres({ max: 1, onnotice: () => {}, ...url });
    try {
      return (await sql`SELECT 1 AS one`)[0]!.one as number;
    } catch (err) {
      return (err as { code?: string }).code;
    } finally {
      await sql.end();
    }
  };
  const urlFile = join(dbDir, "db.url");
  const stop = async (db: Awaited<ReturnType<typeof serve>>) => {
    db.proc.kill("SIGTERM");
    expect(await db.exited).toBe(0);
  };
  try {
    let db = await serve();
    let password: string;
    try {
      const url = new URL(db.url);
      password = decodeURIComponent(url.password);
      expect(password.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(urlFile, "utf8")).toBe(`${db.url}\n`);
      expect(statSync(urlFile).mode & 0o777).toBe(0o600);
      // The output names the file, never the password (logs and terminals are shared more widely).
      expect(db.output()).toContain(urlFile);
      expect(db.output()).not.toContain(url.password);

      expect(await answers(db.url)).toBe(1);
      expect(await answers(db.url.replace(`:${url.password}@`, "@"))).toBe("28P01");
      expect(await answers(db.url.replace(`:${url.password}@`, ":wrong@"))).toBe("28P01");
      // The socket in DATA_DIR, the way `psql -h DATA_DIR/run` reaches it.
      const bySocket = { host: socketDir(dbDir), user: "postgres", database: "postgres" };
      expect(await answers({ ...bySocket, password })).toBe(1);
      expect(await answers({ ...bySocket, password: "wrong" })).toBe("28P01");
    } finally {
      await stop(db);
    }

    db = await serve();
    try {
      expect(decodeURIComponent(new URL(db.url).password)).toBe(password);
    } finally {
      await stop(db);
    }

    const chosen = "a-password-chosen-by-the-operator-0123456789";
    db = await serve({ DB_PASSWORD: chosen });
    try {
      expect(decodeURIComponent(new URL(db.url).password)).toBe(chosen);
      expect(await answers(db.url)).toBe(1);
      expect(await answers(db.url.replace(chosen, password))).toBe("28P01");
    } finally {
      await stop(db);
    }
  } finally {
    rmSync(dbDir, { recursive: true, force: true });
  }
});
