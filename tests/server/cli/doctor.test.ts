// `npm run doctor` (src/cli/doctor.ts) against a real deployment: a server on an embedded database,
// a real SMTP server on loopback and the local Stripe. Healthy, every check passes (Chromium's
// sandbox as this host allows it) and it exits 0; with the mail server stopped, BASE_URL on a closed
// port and a key Stripe refuses, each is named with its fix and it exits 1. A BASE_URL where
// something else answers names what answered. A database server is judged by what it reports (the
// worker settings' verdicts from a server's values: tests/unit/doctor/verdicts.test.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createServer } from "node:net";
import { loadConfig } from "../../../src/config";
import { CHECKS, runDoctor } from "../../../src/doctor";
import { sandboxFacts, sandboxMode } from "../../../src/inspect/sandbox";
import { migratedDataDir } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { runToExit, sharedDatabase, spawnServer, stopChild, type Child } from "../../helpers/server";
import { startSmtp, type TestSmtp } from "../../helpers/smtp";
import { startStripeMock, stripeEnv, type StripeMock } from "../../helpers/stripe";
import { TIME_SCALE } from "../../helpers/time";

let server: Child | undefined;
let smtp: TestSmtp;
let stripe: StripeMock;
let env: Record<string, string>;
afterAll(async () => {
  await stopChild(server);
  await smtp?.stop();
  await stripe?.stop();
});
const scratch = removedAfterAll();

beforeAll(async () => {
  const dir = scratch(await migratedDataDir());
  [smtp, stripe, server] = await Promise.all([startSmtp(), startStripeMock(), spawnServer("src/server.ts", { DATA_DIR: dir, HOST: "127.0.0.1" })]);
  env = {
    DATA_DIR: dir,
    HOST: "127.0.0.1",
    PORT: new URL(server.url).port,
    BASE_URL: server.url,
    SMTP_URL: smtp.url,
    ...stripeEnv(stripe),
  };
}, 120_000);

/** The doctor's lines by check: status and the rest of the line. */
async function doctor(withEnv: Record<string, string>) {
  const { code, stdout, stderr } = await runToExit("src/cli/doctor.ts", withEnv, undefined, ["--time-scale", String(TIME_SCALE)]);
  const lines = new Map<string, { status: string; text: string }>();
  for (const m of stdout.matchAll(/^(ok|warn|FAIL)\s+(\S+)\s+(.*)$/gm)) lines.set(m[2]!, { status: m[1]!, text: m[3]! });
  return { code, stdout, stderr, lines };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const sandbox = sandboxMode(sandboxFacts());

test("a healthy deployment: every check passes and the doctor exits 0, sending no mail", async () => {
  const { code, stdout, stderr, lines } = await doctor(env);
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  expect([...lines.keys()]).toEqual(CHECKS.map((c) => c.name));
  // NOTE: as root (or where the kernel forbids user namespaces) Chromium runs without its sandbox, a warning.
  for (const [name, line] of lines) expect(`${name} ${line.status}`).toBe(`${name} ${name === "chromium" && !sandbox.sandbox ? "warn" : "ok"}`);
  expect(lines.get("database")!.text).toContain(`held by the server at ${server!.url}`);
  expect(lines.get("base-url")!.text).toBe(`${server!.url} answers as a Bothy`);
  expect(lines.get("smtp")!.text).toMatch(/greets .* and answers EHLO/);
  expect(lines.get("stripe")!.text).toContain(`Stripe at ${stripe.url} accepts STRIPE_SECRET_KEY (test mode)`);
  expect(lines.get("chromium")!.text).toContain(sandbox.reason);
  expect(stdout).toMatch(/^all 8 checks passed/m);
  expect(smtp.mails).toEqual([]);
}, 120_000);

test("a BASE_URL where something else answers names what answered", async () => {
  const other = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("<h1>Welcome to nginx!</h1>", { headers: { "content-type": "text/html", server: "nginx/1.26" } }) });
  try {
    const check = CHECKS.find((c) => c.name === "base-url")!;
    const config = loadConfig({ ...env, BASE_URL: `http://127.0.0.1:${other.port}` });
    const verdict = await check.run({ config, timeScale: TIME_SCALE, db: null, closers: [] });
    expect(verdict.status).toBe("FAIL");
    expect(verdict.found).toBe(`http://127.0.0.1:${other.port}/healthz is not a Bothy's: HTTP 200 text/html from nginx/1.26: "<h1>Welcome to nginx!</h1>"`);
    expect(verdict.fix).toContain("set BASE_URL");
  } finally {
    await other.stop(true);
  }
});

test("stopped SMTP, BASE_URL on a closed port and a refused Stripe key: each named with its fix, exit 1", async () => {
  await stopChild(server);
  await smtp.stop();
  const port = await closedPort();
  const { code, stdout, lines } = await doctor({ ...env, BASE_URL: `http://127.0.0.1:${port}`, STRIPE_SECRET_KEY: "sk_live_notakey" });
  expect(code).toBe(1);
  const failed = [...lines].filter(([, l]) => l.status === "FAIL").map(([name]) => name);
  expect(failed).toEqual(["base-url", "smtp", "stripe"]);
  expect(lines.get("base-url")!.text).toMatch(new RegExp(`^nothing answers at http://127\\.0\\.0\\.1:${port}/healthz: ECONNREFUSED.* → set BASE_URL`));
  expect(lines.get("smtp")!.text).toMatch(new RegExp(`^${smtp.url} does not answer: .*ECONNREFUSED.* → check SMTP_URL`));
  expect(lines.get("stripe")!.text).toMatch(/refused STRIPE_SECRET_KEY: HTTP 401 .* → copy the secret key/);
  // With the server stopped the doctor opens DATA_DIR itself, and finds it migrated.
  expect(lines.get("database")).toEqual({ status: "ok", text: expect.stringMatching(/^PostgreSQL 1[67]\.\d+, TimescaleDB [\w.-]+, (\d+) of \1 migrations \(embedded in /) });
  expect(stdout).toMatch(/^3 of 8 checks failed$/m);
}, 120_000);

test("a database server (DATABASE_URL): named by its address with its versions; its jobs judged where it runs them", async () => {
  const db = await sharedDatabase();
  try {
    const config = loadConfig({ ...env, DATABASE_URL: db.url, DATABASE_POOL: "1", SMTP_URL: "", STRIPE_SECRET_KEY: "", STRIPE_PUBLISHABLE_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
    const findings = new Map((await runDoctor(config, { timeScale: TIME_SCALE })).map((f) => [f.name, f]));
    const url = new URL(db.url);
    expect(findings.get("database")!.found).toMatch(new RegExp(`^PostgreSQL 1[5-7]\\.\\d+, TimescaleDB .* \\(${url.host}${url.pathname}\\)$`));
    expect(findings.get("database")!.found).not.toContain(url.password);
    if (db.served) {
      // NOTE: db:serve runs the jobs in its own process, so no background worker is needed.
      expect(findings.get("jobs")).toMatchObject({ status: "ok", found: "the database's own process (db:serve) runs the jobs" });
      expect(findings.get("workers")!.found).toStartWith("the database's own process (db:serve) runs the jobs");
    } else {
      expect(findings.get("workers")!.found).toMatch(/^max_worker_processes \d+, timescaledb.max_background_workers \d+, for \d+ TimescaleDB jobs/);
    }
  } finally {
    await db.stop();
  }
}, 120_000);
