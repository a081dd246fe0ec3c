// The request edge in the real app: mailed links from the configured origin whatever the Host says,
// 421 for other hosts off loopback, no NUL and no absurd date reaching the database, a broken
// session cookie read as none, the API's body cap and content type, the security headers, and the
// inspector's limits keyed by the client behind a trusted proxy.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { call, mailedToken, outbox, outboxHolds } from "../../helpers/api";
import { req, startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const TARGETS = ["one.example", "two.example", "three.example", "four.example"];
const PASSWORD = "a sturdy passphrase";
beforeAll(async () => {
  // BASE_URL unset, as `npm start` and the README's docker run had it: the loopback origin.
  server = await startTestServer({
    env: {
      BASE_URL: "",
      TRUSTED_PROXIES: "127.0.0.1",
      // The inspector's limits, small; its targets resolve to loopback without DNS, and nothing runs them.
      INSPECT_CONCURRENCY: "0",
      INSPECT_RATE_LIMIT: "1",
      INSPECT_GLOBAL_RATE_LIMIT: "2",
      INSPECT_ALLOW_HOSTS: TARGETS.join(","),
      INSPECT_HOST_MAP: TARGETS.map((h) => `${h}=127.0.0.1`).join(","),
    },
  });
  await call(server.app, "POST", "/api/signup", { body: { email: "victim@example.com", password: PASSWORD, name: "V" } });
});
afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe("the configured origin", () => {
  test("a reset requested with a forged Host mails a link to this instance, and that link works", async () => {
    expect(server.origin).toBe(server.url);
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const before = outbox(server.dataDir).length;
    const forged = await server.app.handle(new Request("http://attacker.example/api/reset/request", json({ email: "victim@example.com" })));
    expect(forged.status).toBe(202);
    // And through the real socket, with the Host header itself forged.
    const port = new URL(server.url).port;
    const socket = await fetch(`${server.url}/api/reset/request`, json({ email: "victim@example.com" }, { host: `attacker.example:${port}` }));
    expect(socket.status).toBe(202);

    const mails = (await outboxHolds(server.dataDir, before + 2)).slice(before);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail).not.toContain("attacker.example");
      expect(mail).toContain(`${server.origin}/reset?token=`);
    }
    const token = mailedToken(server.dataDir, "/reset");
    const reset = await server.app.handle(req("/api/reset", json({ token, password: "a new sturdy passphrase" })));
    expect(reset.status).toBe(200);
  });

  test("pages and the CSRF check use the configured origin, not the request's", async () => {
    const page = await (await server.app.handle(new Request("http://attacker.example/install"))).text();
    expect(page).toContain(`${server.origin}/script.js`);
    expect(page).not.toContain("attacker.example");
    // A form on attacker.example posting to a Host it names itself is still cross-origin.
    const csrf = await server.app.handle(
      new Request("http://attacker.example/api/signin", json({ email: "victim@example.com", password: PASSWORD }, { origin: "http://attacker.example" })),
    );
    expect(csrf.status).toBe(403);
  });

  test("off loopback, a request naming another host answers 421; health probes answer whatever the host", async () => {
    const wide = await startTestServer({ env: { HOST: "0.0.0.0", BASE_URL: "https://bothy.example" } });
    try {
      const other = await wide.app.handle(new Request("http://attacker.example/api/user"));
      expect(other.status).toBe(421);
      expect((await other.json()).error).toEqual({ status: 421, code: "misdirected-request", message: "This server answers for bothy.example only" });
      expect((await wide.app.handle(new Request("https://bothy.example/api/user"))).status).toBe(401);
      expect((await wide.app.handle(new Request("http://127.0.0.1:3000/healthz"))).status).toBe(200);
      // HSTS when served over https, on pages and API alike.
      const page = await wide.app.handle(new Request("https://bothy.example/privacy"));
      expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(page.headers.get("permissions-policy")).toContain("camera=()");
    } finally {
      await wide.stop();
      rmSync(wide.dataDir, { recursive: true, force: true });
    }
  });
});

describe("input that must not reach the database", () => {
  const status = async (r: Request) => {
    const res = await server.app.handle(r);
    return { status: res.status, body: await res.json().catch(() => null) };
  };

  test("a NUL anywhere (body, path, query, cookie) answers 400", async () => {
    const nul = "The request contains a NUL character, which is not allowed";
    const signup = await status(req("/api/signup", json({ email: "nul@example.com", password: PASSWORD, name: "a\u0000b" })));
    expect(signup).toEqual({ status: 400, body: { error: { status: 400, code: "bad-request", message: nul } } });
    expect((await status(req("/api/feedback", json({ message: "hi\u0000" })))).status).toBe(400);
    expect((await status(req("/api/check-analysis?url=https://a.example/%00"))).status).toBe(400);
    expect((await status(req("/api/stats?domain=a%00.example&startKey=2026-01-01&endKey=2026-01-02&dataType=SUMMARY"))).status).toBe(400);
    expect((await status(req("/api/domains/a%00b"))).status).toBe(400);
    expect((await status(req("/api/user", { headers: { cookie: "bothy_session=a%00b" } }))).status).toBe(400);
  });

  test("stats dates are bounded to sane years", async () => {
    const [site] = await server.db.sql<{ id: string }[]>`
      INSERT INTO domains (name, tz, public) VALUES ('dates.example', 'UTC', true) RETURNING public_id AS id`;
    for (const q of ["startKey=9999-12-30&endKey=9999-12-31", "startKey=1000-01-01&endKey=1000-01-02"]) {
      const res = await status(req(`/api/stats-public?id=${site!.id}&${q}&dataType=SUMMARY`));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("startKey must be a day of the calendar from 2000 to 2100 as YYYY-MM-DD.");
    }
  });

  test("a server action's body with a NUL, or a broken multipart one, answers 400", async () => {
    const nul = await status(
      req("/__action", { method: "POST", headers: { origin: server.origin, "rsc-action": "x" }, body: '["a\u0000b"]' }),
    );
    expect(nul.status).toBe(400);
    const res = await status(
      req("/__action", {
        method: "POST",
        headers: { origin: server.origin, "rsc-action": "x", "content-type": "multipart/form-data; boundary=zz", "content-length": "9" },
        body: "--zz\r\nbad",
      }),
    );
    expect(res.status).toBe(400);
  });

  test("a session cookie that is not valid percent-encoding counts as none", async () => {
    const cookie = { cookie: "bothy_session=%E0%A4%A" };
    const page = await server.app.handle(req("/", { headers: cookie }));
    expect(page.status).toBe(200);
    expect((await server.app.handle(req("/dashboard", { headers: cookie }))).status).toBeLessThan(500);
    expect((await status(req("/api/user", { headers: cookie }))).status).toBe(401);
  });
});

describe("the JSON API's bodies and headers", () => {
  test("bodies over 64 KiB answer 413, and a body of unknown length 411", async () => {
    const big = JSON.stringify({ message: "x".repeat(70_000) });
    const declared = await fetch(`${server.url}/api/feedback`, { method: "POST", headers: { "content-type": "application/json" }, body: big });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.code).toBe("payload-too-large");
    const chunked = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode(i ? "x".repeat(8_000) : '{"message":"'));
        c.close();
      },
    });
    const res = await fetch(`${server.url}/api/feedback`, { method: "POST", headers: { "content-type": "application/json" }, body: chunked });
    expect(res.status).toBe(411);
    expect((await res.json()).error.code).toBe("length-required");
  });

  test("a body that is not JSON answers 415 in the error shape", async () => {
    const res = await server.app.handle(req("/api/signin", { method: "POST", headers: { "content-type": "text/plain" }, body: "email=a&password=b" }));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: { status: 415, code: "unsupported-media-type", message: "Send the request body as JSON (Content-Type: application/json)" },
    });
    // A body-less POST needs no type.
    expect((await server.app.handle(req("/api/logout", { method: "POST" }))).status).toBeLessThan(415);
  });

  test("API answers are nosniff, not cached and carry a Permissions-Policy; so do pages", async () => {
    for (const path of ["/api/user", "/api/nope"]) {
      const res = await server.app.handle(req(path));
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("permissions-policy")).toContain("geolocation=()");
      expect(res.headers.get("strict-transport-security")).toBeNull(); // http here
    }
    expect((await server.app.handle(req("/"))).headers.get("permissions-policy")).toContain("microphone=()");
  });
});

describe("client keys", () => {
  test("behind a trusted proxy each forwarded client has its own limit, and the process one budget", async () => {
    const inspect = (client: string, host: string) =>
      fetch(`${server.url}/api/check-analysis?url=${encodeURIComponent(`https://${host}.example/`)}`, { headers: { "x-forwarded-for": client } });
    expect((await inspect("198.51.100.1", "one")).status).not.toBe(429);
    expect((await inspect("198.51.100.1", "two")).status).toBe(429); // per client: 1
    expect((await inspect("198.51.100.2", "three")).status).not.toBe(429);
    const busy = await inspect("198.51.100.3", "four"); // all clients: 2
    expect(busy.status).toBe(429);
    expect((await busy.json()).error.message).toBe("The inspector is busy; try again later");
  });
});
