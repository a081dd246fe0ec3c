// The real server for tests: in-process through `start()` (call `app.handle` or its real port),
// or as a child process for what only a process can show (signals, kill -9, exit lines).
import { type Subprocess } from "bun";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "../../src/config";
import type { Room } from "../../src/context";
import { start, type Running } from "../../src/start";
import { inheritedClock } from "./fake-clock";
import { emptyDataDir, freshDatabase, freshDataDir, removeDir, TEST_SERVER_URL, type TestDatabase } from "./db";
import { scaled } from "./time";

export const ROOT = join(import.meta.dir, "..", "..");
export const BUN = process.execPath;

/** Settings every test server starts with unless the test says otherwise: no demo seeding (tests
 * must not pay for 20k synthetic page views), no green check or post embed leaving loopback (port 9
 * refuses), and browsers that share the CPU equally: the suite runs beside other work, behind which
 * the default weight would leave an inspection waiting (tests/server/inspect/browser.test.ts checks
 * the default), and one SECRET_KEY, which processes sharing a database server must have. */
export const TEST_ENV = {
  DEMO_DOMAIN: "",
  SECRET_KEY: "test-secret-key-of-at-least-32-characters",
  GREENCHECK_API_BASE: "http://127.0.0.1:9",
  OEMBED_API_BASE: "http://127.0.0.1:9",
  CHROMIUM_NICE: "0",
  // NOTE: the tests' webhook receivers listen on loopback.
  WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
} as const;

/**
 * The environment of a child process: a temp dir of its own, removed once it exited, since what
 * it leaves there is not the test's to know (Chromium's singleton sockets and crash settings).
 */
function childEnv(env: Record<string, string>): { env: Record<string, string>; removeTemp(): void } {
  const temp = mkdtempSync(join(tmpdir(), "bothy-child-"));
  return {
    env: { PATH: process.env.PATH ?? "", ...inheritedClock(), TMPDIR: temp, PORT: "0", LOG_LEVEL: "warn", ...TEST_ENV, ...env },
    removeTemp: () => removeDir(temp),
  };
}

/** The origin in-process tests address the app by (`req`, helpers/api.ts): their configured BASE_URL
 * unless they pass their own, or BASE_URL="" for the loopback origin a browser on the real port sees. */
export const IN_PROCESS_ORIGIN = "http://bothy.test";

/** What startTestServer makes when the test gives no DATA_DIR, and stop() removes. */
async function ownDatabase(env: Record<string, string> | undefined): Promise<TestDatabase> {
  if (!env?.DATABASE_URL) return freshDatabase();
  const dir = emptyDataDir();
  return { env: { DATA_DIR: dir }, remove: async () => removeDir(dir) };
}

/**
 * Starts the app in-process. Without a DATA_DIR it makes one (empty when DATABASE_URL points
 * elsewhere, else a fresh database: freshDatabase) and stop() removes it; a DATA_DIR the test passes
 * (to restart on the same data, with the DATABASE_URL of a freshDatabase) stays, for the test to remove.
 */
export async function startTestServer(
  opts: { env?: Record<string, string>; rooms?: Room[] } = {},
): Promise<Running & { dataDir: string; config: Config }> {
  const own = opts.env?.DATA_DIR === undefined ? await ownDatabase(opts.env) : undefined;
  const cleanUp = async () => own?.remove();
  const env = { ...own?.env, ...opts.env };
  // NOTE: the Chromium to run is the run's (a launcher off the moved clock under FAKE_NOW, helpers/fake-clock.ts).
  const chromium = process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {};
  const config = loadConfig({ PORT: "0", LOG_LEVEL: "silent", BASE_URL: IN_PROCESS_ORIGIN, ...TEST_ENV, ...chromium, ...env });
  const running = await start(config, opts.rooms).catch(async (err) => {
    await cleanUp();
    throw err;
  });
  return { ...running, config, dataDir: config.DATA_DIR, stop: () => running.stop().finally(cleanUp) };
}

/** Builds a Request against the in-process app. */
export const req = (path: string, init?: RequestInit) => new Request(`${IN_PROCESS_ORIGIN}${path}`, init);

export type Child = {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  exited: Promise<number>;
};

/**
 * Spawns an entry script and waits for its "running at URL" line.
 * Rejects with the process output if it exits first or prints nothing in `timeoutMs`.
 */
export async function spawnServer(
  script: string,
  env: Record<string, string>,
  opts: { cwd?: string; timeoutMs?: number; ready?: RegExp } = {},
): Promise<Child> {
  const child = childEnv(env);
  const proc = Bun.spawn([BUN, script], {
    cwd: opts.cwd ?? ROOT,
    env: child.env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let text = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
  };
  const pumped = Promise.all([pump(proc.stdout), pump(proc.stderr)]);
  const exited = proc.exited.then(async (code) => {
    await pumped;
    child.removeTemp();
    return code;
  });
  const ready = opts.ready ?? /running at (http:\/\/\S+)/;
  const deadline = Date.now() + scaled(opts.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    const m = ready.exec(text);
    if (m) return { proc, url: m[1]!, output: () => text, exited };
    if (proc.exitCode !== null) break;
    await Bun.sleep(25);
  }
  proc.kill("SIGKILL");
  await exited;
  throw new Error(`${script} did not become ready:\n${text}`);
}

/** Stops a spawned child (SIGTERM unless told otherwise, nothing if it already exited) and waits for its exit. */
export async function stopChild(child: Child | undefined, signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<void> {
  if (!child) return;
  if (child.proc.exitCode === null) child.proc.kill(signal);
  await child.exited;
}

/**
 * `npm run db:serve` on `dataDir`, ready: the child, with `url` the database's URL and password,
 * read from DATA_DIR/db.url as an operator does (its output never holds the password).
 */
export async function serveDatabase(dataDir: string, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<Child> {
  const db = await spawnServer("src/cli/db-serve.ts", { DATA_DIR: dataDir, DB_PORT: "0", ...env }, { ready: /at (postgres:\/\/\S+)/, timeoutMs });
  return { ...db, url: readFileSync(join(dataDir, "db.url"), "utf8").trim() };
}

/**
 * One empty database several processes share through DATABASE_URL: a fresh one on the suite's
 * server (TEST_DATABASE_URL), else `npm run db:serve` on an empty data dir (`served`: it runs the
 * TimescaleDB jobs itself). stop() stops and removes it.
 */
export async function sharedDatabase(): Promise<{ url: string; served: boolean; stop(): Promise<void> }> {
  if (TEST_SERVER_URL) {
    const db = await freshDatabase();
    return { url: db.env.DATABASE_URL!, served: false, stop: () => db.remove() };
  }
  // NOTE: a copy of the initdb template (freshDataDir), with no migration applied: the nodes still
  // boot on an empty database, without db:serve's initdb first.
  const dir = await freshDataDir();
  const db = await serveDatabase(dir).catch((err) => {
    removeDir(dir);
    throw err;
  });
  return { url: db.url, served: true, stop: () => stopChild(db).finally(() => removeDir(dir)) };
}

/** Spawns a script expected to fail at start; resolves with its exit code and output. */
export async function runToExit(script: string, env: Record<string, string>, cwd = ROOT, args: string[] = []) {
  const child = childEnv(env);
  const proc = Bun.spawn([BUN, script, ...args], {
    cwd,
    env: child.env,
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  child.removeTemp();
  return { code, stdout, stderr };
}
