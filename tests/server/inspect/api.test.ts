// GET /api/check-analysis, /api/get-screenshot, /api/inspect-badge and /api/inspect-card.png in the real app: queue, poll, result shape,
// cache, "Check again", history, the private and generic errors, validation and the rate limit (the
// address's, or a Pro API key's account's).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ecoindex, perVisit } from "../../../src/carbon";
import { CARD_SIZE, renderCard } from "../../../src/inspect/card";
import { PRIVATE_MARKER } from "../../../src/shared/inspect-url";
import { metricsOf } from "../../../src/metrics";
import { testBrowserHost } from "../../helpers/browser";
import { call, verifiedSession } from "../../helpers/api";
import { until } from "../../helpers/collect";
import { startFixtureSite, TRACKER_HOSTS, type FixtureSite } from "../../helpers/inspect-site";
import { req, startTestServer } from "../../helpers/server";

let site: FixtureSite;
let gwf: ReturnType<typeof Bun.serve>;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  site = await startFixtureSite();
  // The greencheck API's v3 protocol: every host is green here, hosted by "Fixture Green Host".
  gwf = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (r) => Response.json({ url: new URL(r.url).pathname.split("/").pop(), green: true, hosted_by: "Fixture Green Host" }),
  });
  server = await startTestServer({
    env: { ...site.env, BETA: "0", INSPECT_QUIET_MS: "300", INSPECT_RATE_LIMIT: "5", GREENCHECK_API_BASE: `http://127.0.0.1:${gwf.port}` },
  });
});
afterAll(async () => {
  await server.stop();
  gwf.stop(true);
  await site.stop();
});

const get = (path: string, init?: RequestInit) => server.app.handle(req(path, init));
const check = async (url: string, force = false) =>
  (await get(`/api/check-analysis?url=${encodeURIComponent(url)}${force ? "&check=true" : ""}`)).json();

/** Polls like the inspect page (every poll repeats the same query) until the answer is final. */
async function settle(url: string, force = false) {
  return until(`a final answer for ${url}`, async () => {
    const body = await check(url, force);
    return body.action === "check_again" ? null : body;
  }, 45_000, 100);
}

const rows = async (url: string) =>
  (await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM inspections WHERE url = ${url}`)[0]!.n;

describe("check-analysis", () => {
  let first: Awaited<ReturnType<typeof settle>>;
  const url = () => site.url("/");

  test("the first call queues a run and answers check_again", async () => {
    expect(await check(url())).toEqual({ action: "check_again" });
    first = await settle(url());
  });

  test("the result has the API's shape with real numbers", () => {
    const { result, history, averages } = first;
    expect(first.error).toBeNull();
    expect(result.error).toBeNull();
    expect(result.cached).toBe(false);
    expect(result.filecount).toBe(15); // the favicon included
    expect(result.detail.title).toBe("Fixture Shop — Green Test Page");
    const fileBytes = Object.values(result.detail.files as Record<string, { bytes: number }[]>).flat().reduce((a, f) => a + f.bytes, 0);
    expect(result.bytes).toBe(fileBytes);
    expect(result.detail.green).toBe("Fixture Green Host");
    expect(result.co2).toBeCloseTo(perVisit(result.bytes, true).grams, 10);
    expect(result.detail.rating).toBe(perVisit(result.bytes, true).rating);
    expect([result.detail.failed, result.detail.dataUrls]).toEqual([0, 0]);
    const eco = result.detail.ecoindex as { domSize: number };
    expect(eco.domSize).toBeGreaterThan(5);
    expect(eco).toEqual({ ...ecoindex(eco.domSize, result.filecount, result.bytes), domSize: eco.domSize });
    expect(Object.keys(result.detail.blocked).sort()).toEqual([...TRACKER_HOSTS].sort());
    // "What to fix" names the font CDN's bytes with that host's green-hosting verdict.
    const thirdParty = (result.detail.fixes as { kind: string; target: string; green?: string }[]).filter((f) => f.kind === "third-party");
    expect(thirdParty.map((f) => [f.target, f.green])).toContainEqual(["fonts.gstatic.com", "Fixture Green Host"]);
    expect(thirdParty.every((f) => f.green === "Fixture Green Host")).toBe(true);
    expect(Object.keys(result.detail.cookies)).toContain("session@127.0.0.1");
    expect(result.screenshot).toBe(`/api/get-screenshot?url=${encodeURIComponent(url())}`);
    expect(history).toHaveLength(1);
    expect(history[0]).toEqual({ timestamp: result.timestamp, co2: result.co2, rating: result.detail.rating, bytes: result.bytes, bytesInitial: expect.any(Number) });
    expect(averages.percentiles).toHaveLength(100);
    expect(averages.percentile).toBe(0); // ~120 kB is lighter than the 10th percentile's 607 kB
  });

  test("a second call is answered from the cache without a new run", async () => {
    const again = await check(url());
    expect(again.result.timestamp).toBe(first.result.timestamp);
    expect(await rows(url())).toBe(1);
  });

  test("check=true right after a run does not start another (polls repeat it)", async () => {
    const again = await check(url(), true);
    expect(again.result.timestamp).toBe(first.result.timestamp);
    expect(await rows(url())).toBe(1);
  });

  test("older than 15 minutes it is labelled cached; Check again re-runs and history grows", async () => {
    await server.db.sql`UPDATE inspections SET finished_at = finished_at - interval '20 minutes' WHERE url = ${url()}`;
    const old = await check(url());
    expect(old.result.cached).toBe(true);
    expect(await check(url(), true)).toEqual({ action: "check_again" });
    const rerun = await settle(url(), true);
    expect(rerun.result.cached).toBe(false);
    expect(rerun.history).toHaveLength(2);
    expect(Date.parse(rerun.history[1].timestamp)).toBeGreaterThan(Date.parse(rerun.history[0].timestamp));
    expect(rerun.history[1].bytes).toBe(first.result.bytes);
  });

  test("a URL with the private marker is refused with the product's words and type", async () => {
    const body = await check(`${site.url("/")}${PRIVATE_MARKER}`);
    expect(body.error).toBe("This page is private and cannot be inspected");
    expect(body.result.error).toBe("This page is private and cannot be inspected");
    expect(body.result.errorType).toBe("private");
  });

  test("an unreachable page ends in generic_error", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const dead = `http://127.0.0.1:${closed.port}/`;
    closed.stop(true);
    const body = await settle(dead);
    expect(body.result).toMatchObject({ error: "generic_error", errorType: "generic_error" });
    // Within 15 minutes the failure is the answer; after that the next visitor's call retries.
    expect((await check(dead)).result.errorType).toBe("generic_error");
    await server.db.sql`UPDATE inspections SET finished_at = finished_at - interval '16 minutes' WHERE url = ${dead}`;
    expect(await check(dead)).toEqual({ action: "check_again" });
    expect((await settle(dead)).result.errorType).toBe("generic_error");
    // Prometheus' inspector jobs by outcome: the unreachable page's two runs were refused, none crashed.
    const jobs = (await metricsOf(server.db.sql).inspectJobs.get()).values;
    const outcome = (o: string) => jobs.find((v) => v.labels.outcome === o)?.value ?? 0;
    expect([outcome("refused"), outcome("failed")]).toEqual([2, 0]);
    expect(outcome("done")).toBeGreaterThanOrEqual(2);
  });

  test("bad input is a 400 in the one error shape", async () => {
    for (const path of ["/api/check-analysis", "/api/check-analysis?url=", "/api/check-analysis?url=a.com&check=maybe", `/api/check-analysis?url=${encodeURIComponent("gopher://x.org")}`]) {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect((await res.json()).error.status).toBe(400);
    }
  });
});

describe("get-screenshot", () => {
  test("serves the stored viewport JPEG", async () => {
    const res = await get(`/api/get-screenshot?url=${encodeURIComponent(site.url("/"))}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result).toStartWith("data:image/jpeg;base64,/9j/");
  });

  test("an uninspected page answers error/errorMessage", async () => {
    const res = await get(`/api/get-screenshot?url=${encodeURIComponent(site.url("/never"))}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "not_found", errorMessage: "No screenshot of this page yet" });
  });
});

describe("inspect-badge", () => {
  test("an inspected page's badge is an SVG with its rating, grams and date, cached for a day", async () => {
    const { result } = await check(site.url("/"));
    const res = await get(`/api/inspect-badge?url=${encodeURIComponent(site.url("/"))}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const svg = await res.text();
    expect(svg).toStartWith("<svg ");
    expect(svg).toContain(`${result.detail.rating} · ${result.co2.toFixed(2)} g per visit, checked ${result.timestamp.slice(0, 10)}`);
  });

  test("an uninspected page is a 404 and a bad URL a 400, in the error shape", async () => {
    const missing = await get(`/api/inspect-badge?url=${encodeURIComponent(site.url("/never"))}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { status: 404, code: "not-found", message: "This page has not been inspected yet" } });
    expect((await get("/api/inspect-badge?url=")).status).toBe(400);
  });
});

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

describe("inspect-card", () => {
  const cardOf = async (url: string) => {
    const res = await get(`/api/inspect-card.png?url=${encodeURIComponent(url)}`);
    expect(res.status).toBe(200);
    return { res, png: new Uint8Array(await res.arrayBuffer()) };
  };

  test("an inspected page's Open Graph image is the PNG card of its newest run, dated by that run, cached for a day", async () => {
    // The runs moved to a past day before the card's first request: the card, drawn now, shows
    // the day its run finished.
    await server.db.sql`UPDATE inspections SET finished_at = finished_at - interval '400 days' WHERE url = ${site.url("/")}`;
    const { result } = await check(site.url("/"));
    const { res, png } = await cardOf(site.url("/"));
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("last-modified")).toBe(new Date(result.timestamp).toUTCString());
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(pngSize(png)).toEqual(CARD_SIZE);
    // Asked again, the stored card answers.
    expect(Buffer.from((await cardOf(site.url("/"))).png).equals(Buffer.from(png))).toBe(true);
    // The same facts drawn again by the same Chromium give the same bytes: the card is this result's;
    // dated today instead, they differ.
    const host = testBrowserHost();
    try {
      const lease = await host.acquire();
      const eco = result.detail.ecoindex as { grade: string; score: number };
      const facts = {
        host: "127.0.0.1", title: result.detail.title, rating: result.detail.rating, grams: result.co2, bytes: result.bytes,
        ecoindex: { grade: eco.grade, score: eco.score }, checked: new Date(result.timestamp),
      };
      expect(Buffer.from(await renderCard(lease.browser, facts)).equals(Buffer.from(png))).toBe(true);
      const today = await renderCard(lease.browser, { ...facts, checked: new Date() });
      expect(Buffer.from(today).equals(Buffer.from(png))).toBe(false);
      lease.release();
    } finally {
      await host.close();
    }
  });

  test("a newer successful run of the page gets a card of its own", async () => {
    const url = site.url("/");
    const before = (await cardOf(url)).png;
    await server.db.sql`
      INSERT INTO inspections (url, status, requested_at, started_at, finished_at, bytes, bytes_initial, filecount, co2, detail)
      SELECT url, 'done', now(), now(), now(), bytes, bytes_initial, filecount, co2, detail || '{"rating":"F"}'
      FROM inspections WHERE url = ${url} AND status = 'done' ORDER BY finished_at DESC LIMIT 1`;
    const { res, png } = await cardOf(url);
    expect(Buffer.from(png).equals(Buffer.from(before))).toBe(false);
    const { result } = await check(url);
    expect(result.detail.rating).toBe("F");
    expect(res.headers.get("last-modified")).toBe(new Date(result.timestamp).toUTCString());
  });

  test("an uninspected page is a 404 and a bad URL a 400, in the error shape", async () => {
    const missing = await get(`/api/inspect-card.png?url=${encodeURIComponent(site.url("/never"))}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { status: 404, code: "not-found", message: "This page has not been inspected yet" } });
    expect((await get("/api/inspect-card.png?url=")).status).toBe(400);
  });
});

describe("rate limit", () => {
  test("a client starting too many new runs gets 429 with Retry-After", async () => {
    // Runs started so far by this client: /, the re-run, the dead port twice. The limit is 5.
    expect(await check(site.url("/plain?n=1"))).toEqual({ action: "check_again" });
    const res = await get(`/api/check-analysis?url=${encodeURIComponent(site.url("/plain?n=2"))}`);
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
  });

  test("with a Pro API key the runs count against the account, not the address; a free account's key is 403", async () => {
    const cookie = await verifiedSession(server, "ci@example.com", "a sturdy passphrase");
    await server.db.sql`UPDATE users SET scope = ${["pro"]} WHERE email = 'ci@example.com'`;
    const key = (await call(server.app, "POST", "/api/api-keys", { cookie, headers: { origin: "http://bothy.test" }, body: { name: "ci" } })).json.apiKey.key;
    const withKey = (authorization: string) =>
      get(`/api/check-analysis?url=${encodeURIComponent(site.url("/plain?n=3"))}`, { headers: { authorization } });
    // NOTE: the address is over its limit (the test above); the key's account has its own.
    expect(await (await withKey(`Bearer ${key}`)).json()).toEqual({ action: "check_again" });
    expect((await withKey(`Basic ${key}`)).status).toBe(401);
    expect((await (await withKey("Bearer bothy_unknown")).json()).error.message).toBe("This API key is not valid. Create one in Settings → API keys.");
    await server.db.sql`UPDATE users SET scope = ${[]} WHERE email = 'ci@example.com'`;
    const free = await withKey(`Bearer ${key}`);
    expect(free.status).toBe(403);
    expect((await free.json()).error.message).toContain("needs a Pro account");
  });
});
