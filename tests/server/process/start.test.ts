// The server as a person starts it: a real process, its printed URL, its exit lines.
import { describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddedClient } from "../../../src/db";
import { startEmbedded } from "../../../src/db/embedded";
import { listMigrations } from "../../../src/db/migrate";
import { freshDataDir, removeDir } from "../../helpers/db";
import { ROOT, runToExit, spawnServer, type Child } from "../../helpers/server";

const PROBE = join(ROOT, "tests/fixtures/probe-server.ts");

/** Stops a child with SIGTERM and resolves with its exit code. */
const stop = (child: Child) => {
  child.proc.kill("SIGTERM");
  return child.exited;
};

describe("starting the server", () => {
  test("creates ./data on first start, is ready with TimescaleDB, and keeps data across a restart", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "bothy-cwd-"));
    try {
      // NOTE: a first start runs initdb and every migration: on a busy machine, more than 30 s.
      const first = await spawnServer(PROBE, { LOG_LEVEL: "info" }, { cwd, timeoutMs: 90_000 });
      try {
        expect(first.output()).toContain(`Bothy is running at ${first.url} (database: embedded)`);
        expect(existsSync(join(cwd, "data", "pgdata"))).toBe(true);
        const ready = await fetch(`${first.url}/readyz`);
        expect(ready.status).toBe(200);
        expect((await ready.json()).database.timescaledb).toMatch(/^2\.\d+/);
        expect((await fetch(`${first.url}/probe/commit/42`, { method: "POST" })).status).toBe(201);
        expect(first.output()).toContain('"file":"001_timescaledb.sql"');
      } finally {
        expect(await stop(first)).toBe(0);
      }

      const second = await spawnServer(PROBE, { LOG_LEVEL: "info" }, { cwd });
      try {
        expect(await (await fetch(`${second.url}/probe/ids`)).json()).toEqual([42]);
        expect(second.output()).not.toContain("migration applied");
      } finally {
        expect(await stop(second)).toBe(0);
      }
    } finally {
      removeDir(cwd);
    }
  });

  test("a bad config value stops the start with one clear line", async () => {
    const { code, stdout, stderr } = await runToExit("src/server.ts", { PORT: "abc" });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe('bothy: Invalid PORT="abc": expected an integer from 0 to 65535.\n');
  });

  test("listening beyond loopback without BASE_URL stops the start with one clear line", async () => {
    const { code, stdout, stderr } = await runToExit("src/server.ts", { HOST: "0.0.0.0" });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "bothy: BASE_URL is required when HOST=0.0.0.0 is not a loopback address: set it to this instance's public URL, e.g. https://bothy.example.\n",
    );
  });

  test("an app node or maintenance worker on a database server without SECRET_KEY stops with one clear line", async () => {
    // NOTE: port 9 refuses: the refusal comes before any connection is tried.
    const env = { DATABASE_URL: "postgres://bothy:x@127.0.0.1:9/bothy", SECRET_KEY: "", BASE_URL: "http://bothy.test" };
    const line = "bothy: SECRET_KEY is required with DATABASE_URL: every process on one database must sign with the same key (set it to at least 32 random characters, the same on every node).\n";
    for (const script of ["src/server.ts", "src/cli/worker-maintenance.ts"]) {
      const { code, stdout, stderr } = await runToExit(script, env);
      expect([script, code, stdout, stderr]).toEqual([script, 1, "", line]);
    }
  });

  test("JOBS=worker on the embedded database, and a maintenance worker without DATABASE_URL, stop with one clear line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bothy-jobs-"));
    try {
      const app = await runToExit("src/server.ts", { DATA_DIR: dir, JOBS: "worker" });
      expect([app.code, app.stdout]).toEqual([1, ""]);
      expect(app.stderr).toBe("bothy: JOBS=worker needs DATABASE_URL: the embedded database belongs to this process, so its jobs run here.\n");
      const worker = await runToExit("src/cli/worker-maintenance.ts", { DATA_DIR: dir });
      expect([worker.code, worker.stdout]).toEqual([1, ""]);
      expect(worker.stderr).toBe("bothy: worker:maintenance needs DATABASE_URL (start `npm run db:serve` to share the embedded database).\n");
    } finally {
      removeDir(dir);
    }
  });

  test("a migration with a syntax error stops the start, names the file, and changes nothing", async () => {
    // A copy of the app with one broken migration added, so the repository itself stays untouched.
    const app = mkdtempSync(join(tmpdir(), "bothy-app-"));
    const dataDir = await freshDataDir();
    try {
      cpSync(join(ROOT, "src"), join(app, "src"), { recursive: true });
      cpSync(join(ROOT, "sql"), join(app, "sql"), { recursive: true });
      // NOTE: everything the server imports or reads at start: rooms use components' shared rules,
      // the content room loads content/, the heartbeat reads package.json's version.
      for (const dir of ["tracker", "components", "content"]) cpSync(join(ROOT, dir), join(app, dir), { recursive: true });
      cpSync(join(ROOT, "package.json"), join(app, "package.json"));
      symlinkSync(join(ROOT, "node_modules"), join(app, "node_modules"));
      writeFileSync(join(app, "sql", "999_broken.sql"), "CREATE TABLE half_done (n int);\nCREATE TABL oops (n int);\n");

      const { code, stderr } = await runToExit("src/server.ts", { DATA_DIR: dataDir }, app);
      expect(code).toBe(1);
      expect(stderr).toStartWith("bothy: Migration 999_broken.sql failed: syntax error");
      expect(stderr.trim().split("\n")).toHaveLength(1);

      const server = await startEmbedded(dataDir);
      const sql = embeddedClient(server);
      try {
        const [row] = await sql`SELECT to_regclass('half_done') IS NULL AS absent`;
        expect(row!.absent).toBe(true);
        const recorded = await sql`SELECT version FROM schema_migrations ORDER BY version`;
        expect(recorded.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
      } finally {
        await sql.end();
        await server.stop();
      }
    } finally {
      removeDir(app);
      removeDir(dataDir);
    }
  });
});
