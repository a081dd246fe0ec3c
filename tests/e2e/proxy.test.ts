// The first-party proxy guide, for real: nginx and Caddy (Debian packages; .ci/run installs them)
// start on loopback with the guide's own code block, and Chromium loads a page from the proxy's
// origin with the guide's script tag: the hit lands in Bothy's stats. Between the proxy and Bothy a
// recording hop keeps the headers each request arrived with, to prove what the guide says the proxy
// forwards: no cookie and no visitor address. The Cloudflare Worker runs in Bun against the same hop.
// NOTE: a missing nginx or caddy fails its test with how to install it, rather than passing unseen.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchBrowser } from "../helpers/browser";
import { addDomain, CHROME_UA, until } from "../helpers/collect";
import { removeDir } from "../helpers/db";
import { guideBlock, pointAt, requireInstalled, startCaddy, startNginx, type ProxyServer } from "../helpers/proxy";
import { startTestServer } from "../helpers/server";

let bothy: Awaited<ReturnType<typeof startTestServer>>;
let hop: ReturnType<typeof Bun.serve>;
let launched: Awaited<ReturnType<typeof launchBrowser>>;
let siteId: number;

type Arrival = { path: string; headers: Record<string, string> };
const arrivals: Arrival[] = [];

beforeAll(async () => {
  bothy = await startTestServer({ env: { COLLECT_FLUSH_MS: "20" } });
  siteId = await addDomain(bothy.db.sql, "example.com");
  // The recording hop: notes each request as the proxy sent it, then passes it on to Bothy unchanged.
  hop = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      arrivals.push({ path: url.pathname, headers: Object.fromEntries(req.headers) });
      const headers = new Headers(req.headers);
      headers.delete("host");
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer();
      const res = await fetch(bothy.url + url.pathname + url.search, { method: req.method, headers, body, decompress: false });
      return new Response(res.body, { status: res.status, headers: res.headers });
    },
  });
  launched = await launchBrowser({ visitor: true });
});
afterAll(async () => {
  await launched?.close();
  hop?.stop(true);
  await bothy?.stop();
});

const hopOrigin = () => `http://127.0.0.1:${hop.port}`;

/** The guide's script tag, allowed to count on loopback (the tracker skips local hosts otherwise). */
const page = () => `<!doctype html><html><head><title>proxied</title>
${guideBlock("html").replace("<script ", "<script data-allow-local ")}</head><body>A page of example.com</body></html>`;

const viewFrom = (campaign: string) =>
  until(`the page view of ${campaign}`, async () => {
    const [row] = await bothy.db.sql<{ browser: string | null }[]>`
      SELECT browser FROM hits WHERE site_id = ${siteId} AND kind = 1 AND utm_source = ${campaign}`;
    return row;
  }, 20_000);

/** Loads the proxied page in Chromium with a cookie of the site's own, and checks what reached Bothy. */
async function countsThrough(proxy: ProxyServer, campaign: string) {
  await launched.context.addCookies([{ name: "site_session", value: "secret", url: proxy.origin }]);
  const tab = await launched.context.newPage();
  try {
    const script = tab.waitForResponse(`${proxy.origin}/js/s.js`);
    await tab.goto(`${proxy.origin}/?utm_source=${campaign}`);
    expect((await script).status()).toBe(200);
    // The user-agent went through: the browser is known.
    expect((await viewFrom(campaign))?.browser).toBe("Chrome");
  } finally {
    await tab.close();
  }
  const seen = arrivals.filter((a) => a.headers["user-agent"] === CHROME_UA);
  expect(seen.map((a) => a.path)).toEqual(expect.arrayContaining(["/js/s.js", "/b/v"]));
  for (const { headers } of seen) {
    expect(headers.host).toBe(new URL(hopOrigin()).host);
    for (const name of ["cookie", "x-forwarded-for", "x-real-ip", "forwarded"]) expect(headers[name]).toBeUndefined();
  }
}

describe("the proxy guide", () => {
  test("nginx: a page on the proxy's origin counts its visit through the proxy, forwarding no cookie or address", async () => {
    const proxy = await startNginx(requireInstalled("nginx"), pointAt(guideBlock("nginx"), hopOrigin()), page());
    try {
      arrivals.length = 0;
      await countsThrough(proxy, "nginx");
    } finally {
      await proxy.stop();
    }
  });

  test("Caddy: a page on the proxy's origin counts its visit through the proxy, forwarding no cookie or address", async () => {
    const proxy = await startCaddy(requireInstalled("caddy"), pointAt(guideBlock("caddy"), hopOrigin()), page());
    try {
      arrivals.length = 0;
      await countsThrough(proxy, "caddy");
    } finally {
      await proxy.stop();
    }
  });

  test("Cloudflare Worker: forwards a beacon with only the headers Bothy reads", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bothy-worker-"));
    try {
      writeFileSync(join(dir, "worker.mjs"), pointAt(guideBlock("js"), hopOrigin()));
      const worker = (await import(join(dir, "worker.mjs"))) as { default: { fetch(r: Request): Promise<Response> } };
      arrivals.length = 0;
      const body = JSON.stringify({ d: "example.com", p: "/?utm_source=worker", r: "" });
      const res = await worker.default.fetch(
        new Request("https://example.com/b/v", {
          method: "POST",
          body,
          headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME_UA, cookie: "site_session=secret", "x-forwarded-for": "203.0.113.9" },
        }),
      );
      expect(res.status).toBe(202);
      expect(arrivals.map((a) => a.path)).toEqual(["/b/v"]);
      expect(arrivals[0]!.headers.cookie).toBeUndefined();
      expect(arrivals[0]!.headers["x-forwarded-for"]).toBeUndefined();
      expect((await viewFrom("worker"))?.browser).toBe("Chrome");
      const script = await worker.default.fetch(new Request("https://example.com/js/s.js"));
      expect(script.status).toBe(200);
      expect(await script.text()).toContain("sendBeacon");
    } finally {
      removeDir(dir);
    }
  });
});
