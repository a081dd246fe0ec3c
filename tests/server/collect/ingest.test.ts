// The collection endpoints against the real app and database: what lands, what is refused, CORS,
// the script, the pixel, and back-pressure when the buffer is full.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { collectorOf } from "../../../src/collect";
import type { Incoming } from "../../../src/collect/model";
import { AGGREGATES, refreshAggregates } from "../../../src/hits";
import { addDomain, beacon, CHROME_UA, countHits, until } from "../../helpers/collect";
import { req, startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let site: number;
beforeAll(async () => {
  server = await startTestServer({ env: { COLLECT_FLUSH_MS: "20", COLLECT_MAX_BUFFER: "20" } });
  site = await addDomain(server.db.sql, "shop.example", "Europe/Berlin");
});
afterAll(() => server.stop());

const rows = () => server.db.sql`SELECT * FROM hits WHERE site_id = ${site} ORDER BY time, kind`;

describe("beacons", () => {
  test("a page view, a leave beacon and an event land with their fields and an empty 202", async () => {
    const pv = await beacon(server.app, "/b/v", {
      d: "shop.example", p: "/shoes?utm_source=mastodon&session=abc", r: "https://mastodon.social/@x",
      w: 390, z: "Europe/Paris", l: "fr-FR", t: 640.2, b: 51_200, u: 1,
    });
    expect(pv.status).toBe(202);
    expect(await pv.text()).toBe("");
    expect((await beacon(server.app, "/b/l", { d: "shop.example", p: "/shoes?", v: 4200, b: 800, x: 1 })).status).toBe(202);
    expect((await beacon(server.app, "/b/e", { d: "shop.example", p: "/shoes?", n: "add-to-cart", v: "sku-1" })).status).toBe(202);

    const got = (await until("three rows", async () => ((await rows()).length === 3 ? rows() : null)))!;
    expect(got[0]).toMatchObject({
      kind: 1, path: "/shoes", referrer_host: "mastodon.social", source: "social", utm_source: "mastodon",
      country: "FR", language: "fr", browser: "Chrome", os: "Linux", device: "desktop", screen: "s",
      is_unique: true, load_ms: 640, transfer_bytes: "51200",
    });
    expect(got[1]).toMatchObject({ kind: 2, path: "/shoes", duration_ms: 4200, is_bounce: true, transfer_bytes: "800" });
    expect(got[2]).toMatchObject({ kind: 3, event_name: "add-to-cart", event_value: "sku-1" });
    // An older tracker's leave and event, without their view's context, are stored as they were.
    for (const old of got.slice(1)) expect(old).toMatchObject({ source: null, referrer_host: null, utm_source: null, country: null, language: null, screen: null });
  });

  test("the unique and bounce flags land as the tracker sends them, true or false, or as 1 and 0", async () => {
    const ctx = { d: "shop.example", w: 1280, z: "Europe/Berlin", l: "de-DE" };
    for (const u of [true, false, 1, 0]) {
      const p = `/flags-${u}?`;
      expect((await beacon(server.app, "/b/v", { ...ctx, p, r: "https://news.example/", u })).status).toBe(202);
      expect((await beacon(server.app, "/b/l", { ...ctx, p, v: 900, x: u })).status).toBe(202);
    }
    const flags = async () => (await rows()).filter((r) => String(r.path).startsWith("/flags-")).map((r) => [r.path, r.kind, r.kind === 1 ? r.is_unique : r.is_bounce]);
    const got = (await until("eight flag rows", async () => ((await flags()).length === 8 ? flags() : null)))!;
    expect(got.sort((a, b) => String(a).localeCompare(String(b)))).toEqual([
      ["/flags-0", 1, false], ["/flags-0", 2, false], ["/flags-1", 1, true], ["/flags-1", 2, true],
      ["/flags-false", 1, false], ["/flags-false", 2, false], ["/flags-true", 1, true], ["/flags-true", 2, true],
    ]);
    // Anything else is still refused.
    expect((await beacon(server.app, "/b/v", { ...ctx, p: "/flags-2?", u: 2 })).status).toBe(400);
    expect((await beacon(server.app, "/b/l", { ...ctx, p: "/flags-s?", v: 1, x: "true" })).status).toBe(400);
  });

  test("an unknown domain gets the same 202, stores nothing and is counted", async () => {
    const before = collectorOf(server.db)!.metrics.drops.unknown_domain;
    const res = await beacon(server.app, "/b/v", { d: "not-ours.example", p: "/" });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe("");
    expect(collectorOf(server.db)!.metrics.drops.unknown_domain).toBe(before + 1);
    const [n] = await server.db.sql`SELECT count(*)::int AS n FROM hits WHERE site_id <> ${site}`;
    expect(n!.n).toBe(0);
  });

  test("the noscript pixel counts a page view from the Referer's path", async () => {
    const before = await countHits(server.db.sql, site);
    const res = await server.app.handle(
      req("/b/px.gif?d=shop.example", { headers: { referer: "https://shop.example/no-js?x=1", "user-agent": "Mozilla/5.0 (Windows NT 10.0) Firefox/120.0" } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect((await res.arrayBuffer()).byteLength).toBe(42);
    await until("the pixel row", async () => (await countHits(server.db.sql, site)) === before + 1);
    const [r] = await server.db.sql`SELECT path, is_unique FROM hits WHERE site_id = ${site} ORDER BY time DESC LIMIT 1`;
    expect(r).toEqual({ path: "/no-js", is_unique: false });
  });
});

describe("a page view's context", () => {
  // What the tracker sends with each beacon of an arrival from a social post, with a campaign.
  const context = (d: string) => ({ d, p: "/shoes?utm_source=mastodon&utm_campaign=spring", r: "https://x.com/bothy/status/42", w: 1600, z: "Europe/Paris", l: "fr-FR" });
  const FACTS = ["path", "source", "referrer_host", "referrer_post", "utm_source", "utm_campaign", "country", "language", "screen", "device"];
  const facts = (row: Record<string, unknown>) => Object.fromEntries(FACTS.map((k) => [k, row[k]]));

  test("its leave beacon and events land with the view's source, referrer, campaign, country, language and screen", async () => {
    const id = await addDomain(server.db.sql, "context.example");
    const ctx = context("context.example");
    for (const [path, body] of [["/b/v", { ...ctx, u: 1, b: 900 }], ["/b/l", { ...ctx, v: 3000, x: 1, s: 0.4 }], ["/b/e", { ...ctx, n: "signup" }]] as const) {
      expect((await beacon(server.app, path, body)).status).toBe(202);
    }
    const of = () => server.db.sql`SELECT * FROM hits WHERE site_id = ${id} ORDER BY kind`;
    const [pv, leave, ev] = (await until("three rows", async () => ((await of()).length === 3 ? of() : null)))!;
    expect(facts(pv!)).toEqual({
      path: "/shoes", source: "social", referrer_host: "x.com", referrer_post: "https://x.com/bothy/status/42", utm_source: "mastodon",
      utm_campaign: "spring", country: "FR", language: "fr", screen: "m", device: "desktop",
    });
    expect(facts(leave!)).toEqual(facts(pv!));
    expect(facts(ev!)).toEqual(facts(pv!));
    expect([pv!.is_unique, leave!.is_unique, ev!.is_unique, leave!.is_bounce]).toEqual([true, false, false, true]);
  });

  test("every aggregate counts what it counted: the context on leave beacons and events, and web vitals, change none of their rows", async () => {
    const [withIt, without] = [await addDomain(server.db.sql, "with-context.example"), await addDomain(server.db.sql, "without-context.example")];
    // NOTE: 30 hours back: a closed day and hour that the refresh below materializes, whatever the time of day.
    const time = Date.now() - 30 * 3_600_000;
    for (const d of ["with-context.example", "without-context.example"]) {
      const ctx = context(d);
      const own = d.startsWith("with-") ? ctx : { d, p: ctx.p };
      const hits: Incoming[] = [
        { kind: "view", body: { ...ctx, u: 1, b: 5000, t: 300 }, time, ua: CHROME_UA },
        { kind: "event", body: { ...own, n: "signup", v: "pro" }, time: time + 1000, ua: CHROME_UA },
        { kind: "leave", body: { ...own, v: 3000, b: 700, x: 1, s: 0.5 }, time: time + 3000, ua: CHROME_UA },
      ];
      // Vitals rows (kind 4) only on one side, inside the view's hour or the leave's: one from an
      // arrival and one from a page of the site (a same-site referrer, which a page view keeps as from_path).
      if (d.startsWith("with-")) {
        const vitals = { lcp: 5000, inp: 300, cls: 0.3, fcp: 2000, ttfb: 900 };
        hits.push(
          { kind: "vitals", body: { ...ctx, ...vitals }, time: time + 2000, ua: CHROME_UA },
          { kind: "vitals", body: { ...ctx, r: `https://${d}/before`, ...vitals }, time: time + 2000, ua: CHROME_UA },
        );
      }
      for (const hit of hits) expect(await collectorOf(server.db)!.ingest(hit)).toBe(202);
    }
    await until("eight rows", async () => (await countHits(server.db.sql, withIt)) + (await countHits(server.db.sql, without)) === 8);
    await refreshAggregates(server.db.sql);
    const rowsOf = async (view: string, id: number) =>
      (await server.db.sql.unsafe(`SELECT (to_jsonb(a) - 'site_id')::text AS r FROM ${view} a WHERE site_id = $1 ORDER BY 1`, [id])).map((x) => x.r as string);
    const empty: string[] = [];
    const differ: string[] = [];
    for (const { view } of AGGREGATES) {
      const [a, b] = [await rowsOf(view, withIt), await rowsOf(view, without)];
      if (a.length === 0) empty.push(view);
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(view);
    }
    // Every aggregate has rows here (the view has a post referrer, a campaign and an event), so none passes empty.
    expect(empty).toEqual([]);
    expect(differ).toEqual([]);
  });
});

describe("web vitals", () => {
  const ctx = { d: "shop.example", w: 1280, z: "Europe/Berlin", l: "de-DE", r: "https://news.example/" };

  test("a vitals beacon lands as a row of kind 4 with the view's page and context, milliseconds rounded, and no identifier", async () => {
    const res = await beacon(server.app, "/b/w", { ...ctx, p: "/speed?utm_source=x", lcp: 2345.6, inp: 120.4, cls: 0.0312, fcp: 900.5, ttfb: 80 });
    expect(res.status).toBe(202);
    // A page without an interaction has no INP: every metric is optional.
    expect((await beacon(server.app, "/b/w", { ...ctx, p: "/speed-no-inp?", lcp: 1000, cls: 0 })).status).toBe(202);
    const of = async () => (await rows()).filter((r) => r.kind === 4);
    const got = (await until("two vitals rows", async () => ((await of()).length === 2 ? of() : null)))!;
    const speed = got.find((r) => r.path === "/speed")!;
    expect(speed).toMatchObject({
      lcp_ms: 2346, inp_ms: 120, fcp_ms: 901, ttfb_ms: 80, source: "unknown", referrer_host: "news.example", utm_source: "x",
      country: "DE", language: "de", screen: "m", device: "desktop", browser: "Chrome", is_unique: false, from_path: null,
    });
    expect(speed.cls).toBeCloseTo(0.0312, 6);
    expect(got.find((r) => r.path === "/speed-no-inp")).toMatchObject({ lcp_ms: 1000, inp_ms: null, cls: 0, fcp_ms: null, ttfb_ms: null });
  });

  test("absurd or malformed vitals are refused with 400 in the one error shape; a bot's are dropped", async () => {
    const before = await countHits(server.db.sql, site);
    const bad = [{ lcp: -1 }, { lcp: 120_001 }, { inp: 120_001 }, { cls: 100.5 }, { cls: -0.1 }, { fcp: "1200" }, { ttfb: null }, { lcp: 1, id: "visitor-1" }];
    for (const metrics of bad) {
      const res = await beacon(server.app, "/b/w", { ...ctx, p: "/bad?", ...metrics });
      expect([JSON.stringify(metrics), res.status]).toEqual([JSON.stringify(metrics), 400]);
      expect(await res.json()).toMatchObject({ error: { status: 400, code: expect.any(String), message: expect.any(String) } });
    }
    // JSON's 1e999 is Infinity, over every maximum.
    expect((await beacon(server.app, "/b/w", `{"d":"shop.example","p":"/bad?","lcp":1e999}`)).status).toBe(400);
    const drops = collectorOf(server.db)!.metrics.drops.bot;
    expect((await beacon(server.app, "/b/w", { ...ctx, p: "/bot?", lcp: 1 }, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).status).toBe(202);
    expect((await beacon(server.app, "/b/w", { ...ctx, w: 0, p: "/headless?", lcp: 1 })).status).toBe(202);
    expect(collectorOf(server.db)!.metrics.drops.bot).toBe(drops + 2);
    await collectorOf(server.db)!.writer.flush();
    expect(await countHits(server.db.sql, site)).toBe(before);
  });
});

describe("HTTP edge", () => {
  test("bodies over 4 KB get 413, with or without a Content-Length", async () => {
    const big = JSON.stringify({ d: "shop.example", p: "/" + "a".repeat(5000) });
    const res = await beacon(server.app, "/b/v", big);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("payload-too-large");
    const chunks = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 5; i++) c.enqueue(new TextEncoder().encode("x".repeat(1000)));
        c.close();
      },
    });
    const streamed = await fetch(`${server.url}/b/v`, { method: "POST", body: chunks, headers: { "content-type": "text/plain" } });
    expect(streamed.status).toBe(413);
  });

  test("CORS: any origin, no credentials, on collection paths only", async () => {
    const pre = await server.app.handle(req("/b/v", { method: "OPTIONS", headers: { origin: "https://shop.example", "access-control-request-method": "POST" } }));
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-credentials")).toBeNull();
    const bad = await beacon(server.app, "/b/v", "{nope", { origin: "https://shop.example" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("access-control-allow-origin")).toBe("*");
    const health = await server.app.handle(req("/healthz", { headers: { origin: "https://shop.example" } }));
    expect(health.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("the script is served at /script.js and the neutral alias, gzipped when asked", async () => {
    const plain = await server.app.handle(req("/script.js"));
    expect(plain.headers.get("content-type")).toStartWith("text/javascript");
    const js = await plain.text();
    expect(js).toContain("sendBeacon");
    const alias = await server.app.handle(req("/js/s.js", { headers: { "accept-encoding": "gzip, br" } }));
    expect(alias.headers.get("content-encoding")).toBe("gzip");
    const gz = new Uint8Array(await alias.arrayBuffer());
    expect(gz.byteLength).toBeLessThanOrEqual(1024);
    expect(new TextDecoder().decode(Bun.gunzipSync(gz))).toBe(js);
  });

  test("the web-vitals extension is served at /js/vitals.js with CORS (the tracker imports it as a module), gzipped when asked", async () => {
    const plain = await server.app.handle(req("/js/vitals.js", { headers: { origin: "https://shop.example" } }));
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toStartWith("text/javascript");
    expect(plain.headers.get("access-control-allow-origin")).toBe("*");
    const js = await plain.text();
    expect(js).toContain('self.bothy.u("w",');
    const gzipped = await server.app.handle(req("/js/vitals.js", { headers: { "accept-encoding": "gzip" } }));
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzipped.arrayBuffer())))).toBe(js);
  });
});

describe("back-pressure", () => {
  test("a full buffer answers 503 + Retry-After, and every hit answered 202 is written", async () => {
    const before = await countHits(server.db.sql, site);
    // TRICKY: while a client transaction is open no batch can be written (on the embedded database
    // the COPY waits for it to end; on a server the app's one connection is taken), so the buffer
    // (20 rows here) fills up. The domain is looked up first: the burst must not need a connection.
    await collectorOf(server.db)!.sites.lookup("shop.example");
    const statuses: number[] = [];
    await server.db.sql.begin(async (tx) => {
      await tx`SELECT 1`;
      for (let i = 0; i < 30; i++) {
        const res = await beacon(server.app, "/b/e", { d: "shop.example", p: "/", n: "burst", v: i });
        statuses.push(res.status);
        if (res.status === 503) {
          expect(res.headers.get("retry-after")).toBe("1");
          expect((await res.json()).error.status).toBe(503);
        }
      }
    });
    expect(statuses.filter((s) => s === 202)).toHaveLength(20);
    expect(statuses.filter((s) => s === 503)).toHaveLength(10);
    await until("the 20 accepted rows", async () => (await countHits(server.db.sql, site)) === before + 20);
    expect(collectorOf(server.db)!.metrics.counts.refused).toBe(10);
  });
});
