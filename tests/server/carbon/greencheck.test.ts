// The green-hosting client against a local server speaking the Green Web Foundation greencheck
// API v3 (GET /api/v3/greencheck/{hostname}), the only outside service the inspector uses.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { greenCheck, greenLabel } from "../../../src/carbon";

const hits: string[] = [];
let gwf: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  gwf = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const { pathname } = new URL(req.url);
      const m = /^\/api\/v3\/greencheck\/([^/]+)$/.exec(pathname);
      if (!m) return new Response("not found", { status: 404 });
      const host = decodeURIComponent(m[1]!);
      hits.push(host);
      if (host === "broken.example") return new Response("oops", { status: 500 });
      const green = host.startsWith("green.");
      // The real API's shape: https://developers.thegreenwebfoundation.org/api/greencheck/v3/check-single-domain/
      return Response.json({
        url: host,
        green,
        hosted_by: green ? "Leafy Hosting" : null,
        hosted_by_website: green ? "https://leafy.example" : null,
        partner: null,
        hosted_by_id: green ? 42 : null,
        modified: "2026-11-01T00:00:00",
        supporting_documents: [],
      });
    },
  });
});
afterAll(() => gwf.stop(true));

describe("greenCheck", () => {
  test("a green host answers true with its provider", async () => {
    const check = greenCheck(`http://127.0.0.1:${gwf.port}`);
    const v = await check("green.example");
    expect(v).toEqual({ green: true, hostedBy: "Leafy Hosting" });
    expect(greenLabel(v)).toBe("Leafy Hosting");
  });

  test("a grey host answers false, shown as unknown", async () => {
    const v = await greenCheck(`http://127.0.0.1:${gwf.port}`)("grey.example");
    expect(v).toEqual({ green: false });
    expect(greenLabel(v)).toBe("unknown");
  });

  test("answers are cached per host, case-insensitively", async () => {
    const check = greenCheck(`http://127.0.0.1:${gwf.port}`);
    const before = hits.filter((h) => h === "green.cached.example").length;
    await check("green.cached.example");
    await check("GREEN.cached.example");
    await Promise.all([check("green.cached.example"), check("green.cached.example")]);
    expect(hits.filter((h) => h === "green.cached.example").length - before).toBe(1);
  });

  test("a failing API answers unknown, and unknown is asked again after 5 minutes", async () => {
    let now = 1_000_000;
    const check = greenCheck(`http://127.0.0.1:${gwf.port}`, { now: () => now });
    const before = hits.filter((h) => h === "broken.example").length;
    expect(await check("broken.example")).toEqual({ green: "unknown" });
    expect(await check("broken.example")).toEqual({ green: "unknown" });
    now += 5 * 60_000 + 1;
    await check("broken.example");
    expect(hits.filter((h) => h === "broken.example").length - before).toBe(2);
  });

  test("offline (nothing listening) answers unknown, not grey", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const base = `http://127.0.0.1:${closed.port}`;
    closed.stop(true);
    expect(await greenCheck(base)("green.example")).toEqual({ green: "unknown" });
  });
});
