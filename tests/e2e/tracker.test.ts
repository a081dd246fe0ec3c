// The tracker in real Chromium against a loopback test site: page
// view, SPA navigation, reload, external referrer, custom event, outbound click, file download and
// leave beacons (with the deepest scroll) land with the right fields; one request per page view plus one leave beacon; no cookie, no storage;
// with data-vitals the web-vitals extension sends its one beacon, which is stored and answered as SPEED.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { BrowserContext } from "playwright-core";
import { setLogSink } from "../../src/log";
import { addDays, localTime } from "../../src/shared/days";
import type { SpeedStats } from "../../src/shared/stats";
import { launchBrowser } from "../helpers/browser";
import { addDomain, until } from "../helpers/collect";
import { req, startTestServer } from "../helpers/server";

let bothy: Awaited<ReturnType<typeof startTestServer>>;
let site: ReturnType<typeof Bun.serve>;
let launched: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let siteId: number;

const page = (body: string, bothyUrl: string, attrs = "data-allow-local data-outbound", before = "") => `<!doctype html><html><head><title>t</title>${before}
<script async src="${bothyUrl}/script.js" data-domain="site.test" ${attrs}></script>
</head><body>${body}<img src="/pixel.svg" alt=""></body></html>`;

// NOTE: requests are counted where they arrive, from the server's request log (beacon lines are at
// debug): Playwright does not report beacons that a page sends while it unloads.
const arrived: string[] = [];

beforeAll(async () => {
  setLogSink((_level, line) => {
    const m = /"route":"(\/b\/[a-z.]+)"/.exec(line);
    if (m) arrived.push(m[1]!);
  });
  bothy = await startTestServer({ env: { COLLECT_FLUSH_MS: "20", LOG_LEVEL: "debug" } });
  siteId = await addDomain(bothy.db.sql, "site.test");
  site = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const { pathname } = new URL(req.url);
      const html = (body: string) => new Response(page(body, bothy.url), { headers: { "content-type": "text/html" } });
      if (pathname === "/pixel.svg") return new Response(`<svg xmlns="http://www.w3.org/2000/svg">${" ".repeat(4000)}</svg>`, { headers: { "content-type": "image/svg+xml" } });
      // The skips: a loopback page without data-allow-local, and the owner's opt-out in localStorage.
      if (pathname === "/skip-local") return new Response(page("local", bothy.url, ""), { headers: { "content-type": "text/html" } });
      if (pathname === "/skip-ignore") {
        const optOut = `<script>localStorage.bothy_ignore = "true"</script>`;
        return new Response(page("ignored", bothy.url, "data-allow-local", optOut), { headers: { "content-type": "text/html" } });
      }
      if (pathname === "/hash") return new Response(page("hash routing", bothy.url, "data-allow-local data-hash"), { headers: { "content-type": "text/html" } });
      // A tall page with data-downloads: links on top (clicks that neither navigate nor scroll).
      if (pathname === "/long") {
        const body = `<a id="dl" href="/files/report.pdf?token=s3cr3t" onclick="event.preventDefault()">report</a>
          <a id="about" href="/about" onclick="event.preventDefault()">about</a><div style="height: 5000px">long</div>`;
        return new Response(page(body, bothy.url, "data-allow-local data-downloads"), { headers: { "content-type": "text/html" } });
      }
      if (pathname === "/plain") return new Response("<!doctype html><p>elsewhere</p>", { headers: { "content-type": "text/html" } });
      // With data-vitals: a heading (LCP; the test pushes a block in above it for CLS) and a button
      // whose click handler works 150 ms (INP; long enough to be buffered before the extension runs).
      if (pathname === "/vitals") {
        const body = `<h1 id="headline" style="font-size: 64px">Speed</h1>
          <button id="slow" onclick="const t = performance.now(); while (performance.now() - t < 150);">slow</button>`;
        return new Response(page(body, bothy.url, "data-allow-local data-vitals"), { headers: { "content-type": "text/html" } });
      }
      return html(`
        <button id="signup" data-bothy-event="signup" data-bothy-value="pro"><span id="inner">Sign up</span></button>
        <button id="spa" onclick="history.pushState({}, '', '/spa/next')">next</button>
        <button id="same" onclick="history.replaceState({ x: 1 }, '', location.pathname)">same</button>
        <a id="out" href="http://localhost:${site.port}/plain">out</a>`);
    },
  });
  // NOTE: without --enable-automation navigator.webdriver is false (the tracker skips webdriver
  // sessions), and a normal Chrome user-agent (HeadlessChrome is a bot to isbot).
  launched = await launchBrowser({ visitor: true });
  browser = launched.context;
});
afterAll(async () => {
  setLogSink();
  await launched?.close();
  site?.stop(true);
  await bothy?.stop();
});

type Row = { kind: number; path: string; is_unique: boolean; is_bounce: boolean; referrer_host: string | null; source: string | null;
  utm_source: string | null; duration_ms: number | null; transfer_bytes: string | null; event_name: string | null; event_value: string | null;
  load_ms: number | null; screen: string | null; country: string | null; language: string | null; scroll_pct: number | null; from_path: string | null };
const rows = () => bothy.db.sql<Row[]>`SELECT * FROM hits WHERE site_id = ${siteId} ORDER BY time, kind`;
const waitRows = (n: number) => until(`${n} rows`, async () => ((await rows()).length >= n ? rows() : null), 20_000);

test("page view, event, SPA, reload, outbound and leave beacons land right; no cookie or storage", async () => {
  const tab = await browser.newPage();
  const origin = `http://127.0.0.1:${site.port}`;

  // A: arrival from an external referrer with a campaign: a unique page view.
  await tab.goto(`${origin}/?utm_source=Test&secret=1`, { referer: "https://news.example/story" });
  expect(await tab.evaluate(() => navigator.webdriver)).toBe(false);
  let got = (await waitRows(1))!;
  expect(got[0]).toMatchObject({ kind: 1, path: "/", is_unique: true, referrer_host: "news.example", source: "unknown", utm_source: "test" });
  expect(Number(got[0]!.transfer_bytes)).toBeGreaterThan(4000); // the page and its 4 KB image
  expect(got[0]!.load_ms).not.toBeNull();
  expect(got[0]!.country).not.toBe(undefined);

  // B: a custom event from a data attribute (the click lands on a child element).
  await tab.click("#inner");
  // C: a SPA navigation: leave beacon for "/" (not a bounce: a second page was reached) and a
  // page view that is never unique; replaceState to the same path is no page view.
  await tab.click("#spa");
  await tab.click("#same");
  got = (await waitRows(4))!;
  expect(got[1]).toMatchObject({ kind: 3, event_name: "signup", event_value: "pro", path: "/" });
  const spa = got.slice(2).sort((a, b) => a.kind - b.kind);
  expect(spa[0]).toMatchObject({ kind: 1, path: "/spa/next", is_unique: false });
  expect(spa[1]).toMatchObject({ kind: 2, path: "/", is_bounce: false });

  // D: a reload: leave beacon for the SPA page, then a page view that is not unique.
  await tab.reload();
  got = (await waitRows(6))!;
  const reloaded = got.slice(4).sort((a, b) => a.kind - b.kind);
  expect(reloaded[0]).toMatchObject({ kind: 1, path: "/spa/next", is_unique: false });
  expect(reloaded[1]).toMatchObject({ kind: 2, path: "/spa/next" });

  // E: an outbound click (opt-in with data-outbound), then the page is left.
  await tab.click("#out");
  await tab.waitForURL(/localhost/);
  got = (await waitRows(8))!;
  const out = got.slice(6).sort((a, b) => a.kind - b.kind);
  expect(out[0]).toMatchObject({ kind: 2, path: "/spa/next", is_bounce: false });
  expect(out[1]).toMatchObject({ kind: 3, event_name: "Outbound", event_value: `http://localhost:${site.port}/plain` });

  // F: a unique visit that leaves without a second page: a bounce, with its visible time.
  await tab.goto(`${origin}/landing`, { referer: "https://search.example/" });
  await until("the landing page view", async () => (await rows()).some((r) => r.path === "/landing"));
  await tab.goto("about:blank");
  got = (await waitRows(10))!;
  const landing = got.filter((r) => r.path === "/landing").sort((a, b) => a.kind - b.kind);
  expect(landing[0]).toMatchObject({ kind: 1, is_unique: true, referrer_host: "search.example" });
  expect(landing[1]).toMatchObject({ kind: 2, is_bounce: true });
  expect(landing[1]!.duration_ms).toBeGreaterThan(0);

  // One request per page view plus one leave beacon; events on their own.
  const count = (p: string) => arrived.filter((r) => r === p).length;
  expect([count("/b/v"), count("/b/l"), count("/b/e")]).toEqual([4, 4, 2]);
  expect((await rows()).length).toBe(10);

  // Never a cookie, never a storage entry, on the site or on Bothy's origin.
  expect(await browser.cookies()).toEqual([]);
  await tab.goto(`${origin}/plain`);
  expect(await tab.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  await tab.goto(`${bothy.url}/healthz`);
  expect(await tab.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
});

test("loopback pages without data-allow-local and the owner's opt-out send nothing", async () => {
  const tab = await browser.newPage();
  const origin = `http://127.0.0.1:${site.port}`;
  const before = arrived.length;
  for (const path of ["/skip-local", "/skip-ignore"]) {
    await tab.goto(`${origin}${path}`);
    // The script ran (its API exists) and an explicit event was asked for; still nothing may be sent.
    await tab.waitForFunction(() => "bothy" in window && document.readyState === "complete");
    await tab.evaluate(() => (window as unknown as { bothy: { event(n: string): void } }).bothy.event("should-not-send"));
  }
  await tab.evaluate(() => localStorage.removeItem("bothy_ignore"));
  // A sentinel page that does count: once its page view is in, the skipped pages had their chance.
  await tab.goto(`${origin}/sentinel`);
  await until("the sentinel page view", async () => (await rows()).some((r) => r.path === "/sentinel"));
  const paths = (await rows()).map((r) => r.path);
  expect(paths.filter((p) => p.startsWith("/skip"))).toEqual([]);
  expect(arrived.slice(before)).toEqual(["/b/v"]);
});

test("with data-hash a fragment change is a page view; without it the fragment is ignored", async () => {
  const tab = await browser.newPage();
  await tab.goto(`http://127.0.0.1:${site.port}/hash#/start`);
  await until("the hash page view", async () => (await rows()).some((r) => r.path === "/hash#/start"));
  await tab.evaluate(() => (location.hash = "#/settings"));
  // NOTE: the leave beacon and the new view are two requests, which may land in either order.
  await until("the hash navigation and the first view's leave beacon", async () => {
    const got = await rows();
    return got.some((r) => r.path === "/hash#/settings") && got.some((r) => r.path === "/hash#/start" && r.kind === 2);
  });
  const hashRows = (await rows()).filter((r) => r.path.startsWith("/hash"));
  expect(hashRows.find((r) => r.kind === 2)).toMatchObject({ path: "/hash#/start", is_bounce: false });
  expect(hashRows.find((r) => r.path === "/hash#/settings")).toMatchObject({ kind: 1, is_unique: false });
  // On a page without data-hash the same change counts nothing (the sentinel proves beacons flow).
  const before = (await rows()).length;
  await tab.goto(`http://127.0.0.1:${site.port}/nohash`);
  await until("the /nohash page view", async () => (await rows()).some((r) => r.path === "/nohash"));
  await tab.evaluate(() => (location.hash = "#/ignored"));
  await tab.goto(`http://127.0.0.1:${site.port}/sentinel2`);
  await until("the second sentinel", async () => (await rows()).some((r) => r.path === "/sentinel2"));
  const added = (await rows()).slice(before).map((r) => [r.kind, r.path]);
  expect(added.filter(([, p]) => String(p).startsWith("/nohash#"))).toEqual([]);
  expect(added.filter(([k]) => k === 1).map(([, p]) => p)).toEqual(["/nohash", "/sentinel2"]);
});

test("the leave beacon carries the deepest scroll; with data-downloads a file link click is a Download event", async () => {
  const tab = await browser.newPage();
  await tab.setViewportSize({ width: 800, height: 600 });
  await tab.goto(`http://127.0.0.1:${site.port}/long`);
  await until("the /long page view", async () => (await rows()).some((r) => r.path === "/long"));
  // A file link sends a Download event (its query is not kept); a page link sends nothing.
  await tab.click("#dl");
  await tab.click("#about");
  // Down to about the middle, then back to the top: the deepest point is what counts. Each scroll
  // is awaited through its scroll event, so the tracker has seen it.
  const scrollPage = (y: number) =>
    tab.evaluate((to) => new Promise<number>((done) => {
      addEventListener("scroll", () => done(Math.round(((scrollY + innerHeight) / document.body.scrollHeight) * 100)), { once: true });
      window.scrollTo(0, to);
    }), y);
  const deepest = await scrollPage(2000);
  await scrollPage(0);
  expect(deepest).toBeGreaterThan(40);
  expect(deepest).toBeLessThan(60);
  await tab.goto("about:blank");
  await until("the /long leave beacon", async () => (await rows()).some((r) => r.path === "/long" && r.kind === 2));
  const long = (await rows()).filter((r) => r.path === "/long");
  expect(long.filter((r) => r.kind === 3)).toEqual([
    expect.objectContaining({ event_name: "Download", event_value: `http://127.0.0.1:${site.port}/files/report.pdf` }),
  ]);
  expect(long.find((r) => r.kind === 2)!.scroll_pct).toBe(deepest);
  // A page that fits the window was seen whole.
  await tab.goto(`http://127.0.0.1:${site.port}/short`);
  await until("the /short page view", async () => (await rows()).some((r) => r.path === "/short"));
  await tab.goto("about:blank");
  await until("the /short leave beacon", async () => (await rows()).some((r) => r.path === "/short" && r.kind === 2));
  expect((await rows()).find((r) => r.path === "/short" && r.kind === 2)!.scroll_pct).toBe(100);
  await tab.close();
});

test("every beacon carries its page view's context; a SPA view's beacons carry the path before it, as the view itself", async () => {
  const tab = await browser.newPage();
  const earlier = (await rows()).length;
  type Body = Record<string, unknown>;
  const sent: { to: string; body: Body }[] = [];
  // NOTE: these beacons go while the page lives (a click, a SPA move), so Chromium reports them.
  tab.on("request", (r) => {
    const to = /\/b\/([vle])$/.exec(r.url())?.[1];
    if (to) sent.push({ to, body: JSON.parse(r.postData() ?? "{}") as Body });
  });
  const news = "https://news.example/story";
  await tab.goto(`http://127.0.0.1:${site.port}/context?utm_source=Ctx`, { referer: news });
  await until("the arrival's page view", () => sent.some((s) => s.to === "v"));
  await tab.click("#inner");
  await tab.click("#spa");
  await tab.click("#inner");
  await until("two events, a leave beacon and the SPA view", () => sent.length === 5);

  const [arrival, event, leave, spaView, spaEvent] = sent;
  // NOTE: the tracker's path always has a "?"; a kept utm_* keeps its own.
  const at = "/context??utm_source=Ctx";
  expect(sent.map((s) => [s.to, s.body.p])).toEqual([["v", at], ["e", at], ["l", at], ["v", "/spa/next?"], ["e", "/spa/next?"]]);
  const context = ({ l, w, z, r }: Body) => ({ l, w, z, r });
  expect(context(arrival!.body)).toEqual({ l: expect.any(String), w: expect.any(Number), z: expect.any(String), r: news });
  expect(context(event!.body)).toEqual(context(arrival!.body));
  expect(context(leave!.body)).toEqual(context(arrival!.body));
  // A SPA view's referrer is the path it came from (the tracker's own form of it, for funnels), and
  // no more unique than a bounce; its event carries the same, and the rest is the arrival's.
  expect(context(spaView!.body)).toEqual({ ...context(arrival!.body), r: at });
  expect([spaView!.body.u, spaView!.body.b === undefined]).toEqual([undefined, false]);
  expect(context(spaEvent!.body)).toEqual(context(spaView!.body));

  // Stored: the arrival's leave beacon and event carry its source, referrer, campaign and locale.
  const of = async () => (await rows()).filter((r) => r.path === "/context");
  const stored = (await until("the arrival's three rows", async () => ((await of()).length === 3 ? of() : null)))!;
  const facts = ({ source, referrer_host, utm_source, country, language, screen }: Row) => ({ source, referrer_host, utm_source, country, language, screen });
  const [view, ...rest] = stored.sort((a, b) => a.kind - b.kind);
  expect(facts(view!)).toMatchObject({ source: "unknown", referrer_host: "news.example", utm_source: "ctx", language: expect.any(String), screen: expect.any(String) });
  for (const r of rest) expect(facts(r)).toEqual(facts(view!));
  // The SPA view came from the arrival's page: no source of its own, and its path as where it came from.
  const next = (await until("the SPA view's row", async () => (await rows()).slice(earlier).find((r) => r.path === "/spa/next" && r.kind === 1)))!;
  expect([next.source, next.referrer_host, next.from_path, next.is_unique]).toEqual([null, null, "/context", false]);
  await tab.close();
});

test("with data-vitals the extension loads from Bothy's origin and sends LCP, INP, CLS, FCP and TTFB once, with the view's context", async () => {
  const tab = await browser.newPage();
  type Body = Record<string, unknown>;
  const sent: { to: string; body: Body }[] = [];
  tab.on("request", (r) => {
    const to = /\/b\/([vlw])$/.exec(r.url())?.[1];
    if (to) sent.push({ to, body: JSON.parse(r.postData() ?? "{}") as Body });
  });
  const extension = tab.waitForResponse(`${bothy.url}/js/vitals.js`);
  await tab.goto(`http://127.0.0.1:${site.port}/vitals`);
  expect((await extension).status()).toBe(200);
  // The tracker waits for prerendering through this event handler attribute.
  expect(await tab.evaluate(() => "onprerenderingchange" in document)).toBe(true);
  // TRICKY: a shift needs a frame painted before it (a block pushed in before the first paint moves
  // nothing anyone saw, which a busy machine's slow first paint made so): the block goes in once a
  // frame is out (a task queued from requestAnimationFrame runs after its paint).
  await tab.evaluate(() => new Promise((shifted) => {
    new PerformanceObserver(() => shifted(true)).observe({ type: "layout-shift", buffered: true });
    requestAnimationFrame(() => setTimeout(() => document.body.prepend(Object.assign(document.createElement("div"), { style: "height: 200px" }))));
  }));
  await tab.click("#slow");
  // The click's timing entry is queued after the next paint: a page hidden before that has no INP.
  await tab.evaluate(() => new Promise((timed) => new PerformanceObserver(() => timed(true)).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit)));
  // NOTE: the page is hidden in place (Playwright does not report beacons of an unloading page):
  // web-vitals and the tracker read document.visibilityState and document.hidden.
  const hide = () =>
    tab.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
    });
  await hide();
  await until("the vitals beacon", () => sent.some((s) => s.to === "w"));
  const [vitals] = sent.filter((s) => s.to === "w");
  const view = sent.find((s) => s.to === "v")!;
  const { lcp, inp, cls, fcp, ttfb, ...context } = vitals!.body;
  expect(context).toEqual({ d: "site.test", p: "/vitals?", l: view.body.l, w: view.body.w, z: view.body.z, r: view.body.r });
  expect([lcp, fcp, ttfb]).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
  expect(lcp as number).toBeGreaterThanOrEqual(fcp as number);
  expect(inp as number).toBeGreaterThanOrEqual(150);
  expect(cls as number).toBeGreaterThan(0);
  // Once per page view: hidden again, nothing more.
  await hide();
  await tab.goto("about:blank");
  expect(sent.filter((s) => s.to === "w").length).toBe(1);
  await tab.close();

  // Stored as the view's vitals row, milliseconds rounded, with the view's context.
  type Vitals = { lcp_ms: number; inp_ms: number; cls: number; fcp_ms: number; ttfb_ms: number; screen: string | null };
  const stored = (await until("the vitals row", async () =>
    (await bothy.db.sql<Vitals[]>`SELECT * FROM hits WHERE site_id = ${siteId} AND kind = 4 AND path = '/vitals'`)[0]))!;
  const ms = (v: unknown) => Math.round(v as number);
  expect(stored).toMatchObject({ lcp_ms: ms(lcp), inp_ms: ms(inp), fcp_ms: ms(fcp), ttfb_ms: ms(ttfb), screen: expect.any(String) });
  expect(stored.cls).toBeCloseTo(cls as number, 5);
  // The Speed section's answer (SPEED, here through the public dashboard's API) shows them: one page
  // view's p75 is its own value. NOTE: yesterday and today, so a run across midnight finds the row too.
  const [shared] = await bothy.db.sql<{ publicId: string }[]>`UPDATE domains SET public = true WHERE id = ${siteId} RETURNING public_id AS "publicId"`;
  const today = localTime("Europe/London", Date.now()).day;
  const res = await bothy.app.handle(req(`/api/stats-public?id=${shared!.publicId}&startKey=${addDays(today, -1)}&endKey=${today}&dataType=SPEED`));
  expect(res.status).toBe(200);
  const speed = (await res.json()) as SpeedStats;
  const row = speed.speed.find((r) => r.label === "/vitals")!;
  expect([row.samples, row.lcp.p75, row.inp.p75, row.fcp.p75, row.ttfb.p75]).toEqual([1, ms(lcp), ms(inp), ms(fcp), ms(ttfb)]);
  expect(row.cls.p75).toBeCloseTo(cls as number, 5);
  expect(row.lcp.good + row.lcp.needsImprovement + row.lcp.poor).toBe(1);
  await bothy.db.sql`UPDATE domains SET public = false WHERE id = ${siteId}`;
});
