import { afterAll, beforeAll, expect, test } from "bun:test";
import { setLogLevel, setLogSink } from "../../../src/log";
import { until } from "../../helpers/collect";
import { req, startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

test("one structured line per request, with no IP address or user-agent", async () => {
  const lines: string[] = [];
  setLogSink((_, line) => lines.push(line));
  setLogLevel("info");
  try {
    const res = await server.app.handle(
      req("/healthz?email=someone@example.com", {
        headers: { "user-agent": "Mozilla/5.0 SecretAgent", "x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.9" },
      }),
    );
    expect(res.status).toBe(200);
    // NOTE: the line is written after the response is handed back, so wait for it.
    await until("the request line", () => lines.some((l) => l.includes('"msg":"request"')), 5_000);
  } finally {
    setLogLevel("silent");
    setLogSink();
  }
  const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatchObject({ level: "info", method: "GET", route: "/healthz", status: 200 });
  expect(typeof requests[0].ms).toBe("number");
  const text = lines.join("\n");
  for (const secret of ["203.0.113.9", "SecretAgent", "Mozilla", "someone@example.com"]) expect(text).not.toContain(secret);
});

test("beacon requests log at debug, not info, on both the native route and app.handle", async () => {
  const lines: string[] = [];
  setLogSink((_, line) => lines.push(line));
  const beacon = () => ({ method: "POST", body: JSON.stringify({ d: "nobody.example", p: "/", w: 1280 }), headers: { "content-type": "text/plain" } });
  const requestLines = () => lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request" && l.route === "/b/v");
  const settle = async (n: number) => {
    for (let i = 0; i < 50 && requestLines().length < n; i++) await Bun.sleep(10);
  };
  try {
    setLogLevel("info");
    expect((await fetch(`${server.url}/b/v`, beacon())).status).toBe(202);
    expect((await server.app.handle(req("/b/v", beacon()))).status).toBe(202);
    await settle(1);
    expect(requestLines()).toHaveLength(0);

    setLogLevel("debug");
    expect((await fetch(`${server.url}/b/v`, beacon())).status).toBe(202);
    expect((await server.app.handle(req("/b/v", beacon()))).status).toBe(202);
    await settle(2);
  } finally {
    setLogLevel("silent");
    setLogSink();
  }
  expect(requestLines()).toEqual([
    expect.objectContaining({ level: "debug", method: "POST", route: "/b/v", status: 202 }),
    expect.objectContaining({ level: "debug", method: "POST", route: "/b/v", status: 202 }),
  ]);
});
