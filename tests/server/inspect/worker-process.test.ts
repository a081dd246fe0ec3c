// The queue run by a separate process: the app (INSPECT_CONCURRENCY=0) only queues, and
// `npm run worker:inspect` (src/cli/worker-inspect.ts) on the same database (`db:serve`, or the suite's
// server with TEST_DATABASE_URL) does the inspections and draws each result's card.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { until } from "../../helpers/collect";
import { emptyDataDir } from "../../helpers/db";
import { startFixtureSite, type FixtureSite } from "../../helpers/inspect-site";
import { removedAfterAll } from "../../helpers/scratch";
import { req, runToExit, sharedDatabase, spawnServer, startTestServer, stopChild, type Child } from "../../helpers/server";

let site: FixtureSite;
let db: Awaited<ReturnType<typeof sharedDatabase>>;
let worker: Child;
let app: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  site = await startFixtureSite();
  db = await sharedDatabase();
  // The app migrates the shared database first, then the worker starts on it.
  app = await startTestServer({ env: { ...site.env, DATABASE_URL: db.url, DATABASE_POOL: "1", INSPECT_CONCURRENCY: "0" } });
  worker = await spawnServer(
    "src/cli/worker-inspect.ts",
    { ...site.env, DATABASE_URL: db.url, DATABASE_POOL: "1", DATA_DIR: scratch(emptyDataDir()), INSPECT_CONCURRENCY: "1", GREENCHECK_API_BASE: "http://127.0.0.1:9", CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    { ready: /inspector worker (running)/ },
  );
});
afterAll(async () => {
  await app?.stop();
  await stopChild(worker);
  await db?.stop();
  await site.stop();
});
const scratch = removedAfterAll();

test("a job queued by the app is inspected by the worker process", async () => {
  const path = `/api/check-analysis?url=${encodeURIComponent(site.url("/plain"))}`;
  expect(await (await app.app.handle(req(path))).json()).toEqual({ action: "check_again" });
  const body = await until("the worker's answer", async () => {
    const answer = await (await app.app.handle(req(path))).json();
    return answer.action === "check_again" ? null : answer;
  }, 45_000, 100);
  expect(body.result.error).toBeNull();
  expect(body.result.detail.title).toBe("Plain");
  expect(body.result.filecount).toBe(2); // the page and the favicon Chromium asks for
  // The worker stored the result's card with it, so the app serves it without a browser of its own.
  const card = await app.app.handle(req(`/api/inspect-card.png?url=${encodeURIComponent(site.url("/plain"))}`));
  expect([card.status, card.headers.get("content-type")]).toEqual([200, "image/png"]);
});

test("the worker stops cleanly on SIGTERM", async () => {
  worker.proc.kill("SIGTERM");
  expect(await worker.exited).toBe(0);
});

test("without DATABASE_URL or APP_URL the worker refuses to start, in one line", async () => {
  const { code, stderr } = await runToExit("src/cli/worker-inspect.ts", { DATA_DIR: scratch(emptyDataDir()) });
  expect(code).toBe(1);
  expect(stderr).toBe(
    "bothy: worker:inspect needs DATABASE_URL (start `npm run db:serve` to share the embedded database), or APP_URL and INSPECT_TOKEN to take jobs from the app.\n",
  );
});
