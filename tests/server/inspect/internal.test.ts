// The inspector's internal API (src/inspect/internal.ts): absent without INSPECT_TOKEN, 401 for a
// wrong or missing token, 400 for a malformed body; and `worker:inspect` started with APP_URL and
// INSPECT_TOKEN (no DATABASE_URL) inspecting a page through it, over real HTTP on loopback, and
// drawing the result's card, which the app (no queue, no Chromium) serves as stored.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { loadConfig } from "../../../src/config";
import { edgeChecks } from "../../../src/http/edge";
import { publicOrigin } from "../../../src/origin";
import { enqueue } from "../../../src/inspect/store";
import { call } from "../../helpers/api";
import { until } from "../../helpers/collect";
import { startFixtureSite, type FixtureSite } from "../../helpers/inspect-site";
import { req, runToExit, spawnServer, startTestServer, stopChild, type Child } from "../../helpers/server";
import { scaledMs } from "../../helpers/time";

const TOKEN = "t".repeat(16) + "0123456789abcdef0123";
const AUTH = { authorization: `Bearer ${TOKEN}` };

let site: FixtureSite;
let server: Awaited<ReturnType<typeof startTestServer>>;
let worker: Child | undefined;

beforeAll(async () => {
  site = await startFixtureSite();
  // NOTE: no browser at the app's CHROMIUM_PATH: with its queue left to the worker it needs none.
  server = await startTestServer({ env: { ...site.env, INSPECT_CONCURRENCY: "0", INSPECT_TOKEN: TOKEN, CHROMIUM_PATH: "/nonexistent/chromium" } });
});
afterAll(async () => {
  await stopChild(worker);
  await server?.stop();
  await site?.stop();
});

const post = (path: string, body?: unknown, headers: Record<string, string> = AUTH) =>
  call(server.app, "POST", `/internal/inspect${path}`, { body, headers });

describe("the internal API", () => {
  test("does not exist when the app has no INSPECT_TOKEN", async () => {
    const plain = await startTestServer({ env: { INSPECT_CONCURRENCY: "0" } });
    try {
      for (const path of ["/claim", "/1/result", "/1/release"]) {
        const res = await call(plain.app, "POST", `/internal/inspect${path}`, { body: { leaseMs: 60_000 }, headers: AUTH });
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
    } finally {
      await plain.stop();
    }
  });

  test("answers 401 to a missing or wrong token, before it reads the body", async () => {
    const wrong = { authorization: `Bearer ${TOKEN.slice(0, -1)}x` };
    for (const [headers, body] of [[{}, { leaseMs: 60_000 }], [wrong, { leaseMs: 60_000 }], [wrong, "not json"], [{ authorization: TOKEN }, undefined]] as const) {
      const res = await post("/claim", body, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
      expect(res.json.error.message).toBe("Send the INSPECT_TOKEN as Authorization: Bearer <token>.");
    }
    expect((await post("/1/release", undefined, wrong)).status).toBe(401);
  });

  test("answers 400 to a malformed body or id, in the one error shape", async () => {
    const done = { outcome: "done", bytes: 1, bytesInitial: 1, filecount: 1, co2: 0.1, screenshot: null };
    const cases: [string, unknown][] = [
      ["/claim", undefined],
      ["/claim", "{not json"],
      ["/claim", {}],
      ["/claim", { leaseMs: "soon" }],
      ["/claim", { leaseMs: 10 }],
      ["/1/result", { outcome: "failed", error: "x", errorType: "made-up" }],
      ["/1/result", { outcome: "failed", error: "" , errorType: "error" }],
      ["/1/result", done],
      ["/1/result", { ...done, detail: { title: "t" } }],
      ["/1/result", { outcome: "maybe" }],
      ["/abc/result", { outcome: "failed", error: "x", errorType: "error" }],
      ["/99999999999999999999/release", undefined],
    ];
    for (const [path, body] of cases) {
      const res = await post(path, body);
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
      expect(res.json.error.status).toBe(400);
    }
  });

  test("hands out a job and takes its outcome once; a job not running is a 409", async () => {
    const url = "https://internal-api.example/";
    await enqueue(server.db.sql, url);
    const claimed = await post("/claim", { leaseMs: 60_000 });
    expect(claimed.status).toBe(200);
    expect(claimed.json.job).toMatchObject({ url, attempts: 1 });
    const id: string = claimed.json.job.id;
    expect((await post("/claim", { leaseMs: 60_000 })).json).toEqual({ job: null });
    const failed = { outcome: "failed", error: "The inspection could not be completed; please try again", errorType: "error" };
    expect((await post(`/${id}/result`, failed)).json).toEqual({ stored: true });
    expect((await post(`/${id}/result`, failed)).status).toBe(409);
    const [row] = await server.db.sql`SELECT status, error FROM inspections WHERE id = ${id}`;
    expect(row).toEqual({ status: "failed", error: failed.error });
  });

  test("is reached by the app's service name where other paths must name the public host", async () => {
    const config = loadConfig({ HOST: "0.0.0.0", BASE_URL: "https://analytics.example.com" });
    const app = new Elysia().use(edgeChecks({ config, origin: publicOrigin(config) })).post("/internal/inspect/claim", () => "ok").post("/api/x", () => "ok");
    const at = (path: string) => app.handle(new Request(`http://app:3000${path}`, { method: "POST" }));
    expect((await at("/internal/inspect/claim")).status).toBe(200);
    expect((await at("/api/x")).status).toBe(421);
  });
});

describe("worker:inspect on the internal API", () => {
  test("inspects a page queued by the app without any database credentials", async () => {
    worker = await spawnServer(
      "src/cli/worker-inspect.ts",
      {
        ...site.env, APP_URL: server.url, INSPECT_TOKEN: TOKEN, INSPECT_CONCURRENCY: "1",
        CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      },
      { ready: /inspector worker (running)/ },
    );
    expect(worker.output()).toContain("jobs from the app's internal API");
    const path = `/api/check-analysis?url=${encodeURIComponent(site.url("/plain"))}`;
    expect(await (await server.app.handle(req(path))).json()).toEqual({ action: "check_again" });
    const body = await until("the worker's answer", async () => {
      const answer = await (await server.app.handle(req(path))).json();
      return answer.action === "check_again" ? null : answer;
    }, scaledMs(45), 100);
    expect(body.result.error).toBeNull();
    // NOTE: the detail came over the API (its title is left out: under load page.title() may time out to "").
    expect(body.result.detail.finalUrl).toBe(site.url("/plain"));
    expect(body.result.filecount).toBe(2); // the page and the favicon Chromium asks for
    // The screenshot came over the API too, stored under the job's own URL.
    expect((await server.app.handle(req(`/api/get-screenshot?url=${encodeURIComponent(site.url("/plain"))}`))).status).toBe(200);
    // So did the result's card, drawn by the worker at the end of the job: the app serves it as stored.
    const card = await server.app.handle(req(`/api/inspect-card.png?url=${encodeURIComponent(site.url("/plain"))}`));
    expect([card.status, card.headers.get("content-type")]).toEqual([200, "image/png"]);
    // A run without a card (older than the worker's drawing) is not drawn here: 404, no Chromium.
    const older = "https://older.example/";
    await server.db.sql`
      INSERT INTO inspections (url, status, requested_at, started_at, finished_at, bytes, bytes_initial, filecount, co2, detail)
      VALUES (${older}, 'done', now(), now(), now(), 1000, 500, 3, 0.1, ${server.db.sql.json({ title: "Older", finalUrl: older, rating: "A" })})`;
    const none = await server.app.handle(req(`/api/inspect-card.png?url=${encodeURIComponent(older)}`));
    expect([none.status, (await none.json()).error.message]).toEqual([404, "No image of this result yet"]);
    worker.proc.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
  });

  test("refuses APP_URL without INSPECT_TOKEN, and both DATABASE_URL and APP_URL, in one line", async () => {
    const alone = await runToExit("src/cli/worker-inspect.ts", { APP_URL: server.url });
    expect([alone.code, alone.stderr]).toEqual([1, "bothy: worker:inspect with APP_URL needs INSPECT_TOKEN, the same one the app has (at least 32 characters).\n"]);
    const both = await runToExit("src/cli/worker-inspect.ts", { APP_URL: server.url, INSPECT_TOKEN: TOKEN, DATABASE_URL: "postgres://u:p@127.0.0.1:9/x" });
    expect(both.code).toBe(1);
    expect(both.stderr).toStartWith("bothy: worker:inspect takes DATABASE_URL or APP_URL, not both");
  });
});
