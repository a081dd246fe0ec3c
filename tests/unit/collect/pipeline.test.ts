// The ingest pipeline step by step, through its public runPipeline(). Sites come from an in-memory
// table here; the server tests run the same pipeline against the real domains table.
import { describe, expect, test } from "bun:test";
import { runPipeline, type Outcome } from "../../../src/collect/pipeline";
import type { Incoming, PageViewBody } from "../../../src/collect/model";
import type { Site, Sites } from "../../../src/collect/sites";
import { createMetrics } from "../../../src/collect/metrics";
import { localTime } from "../../../src/shared/days";
import { classifyHost } from "../../../src/collect/referrers";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const TABLE: Record<string, Site> = {
  "shop.example": { id: 1, tz: "Europe/London", deleted: false },
  "gone.example": { id: 2, tz: "Europe/London", deleted: true },
  "kolkata.example": { id: 3, tz: "Asia/Kolkata", deleted: false },
  "honolulu.example": { id: 4, tz: "Pacific/Honolulu", deleted: false },
};
const sites: Sites = { lookup: async (d) => TABLE[d.toLowerCase()] ?? null, forget: () => {} };
const T = Date.parse("2026-11-21T12:00:00Z");

const view = (body: Partial<PageViewBody>, ua: string | null = CHROME, time = T): Incoming => ({
  kind: "view",
  body: { d: "shop.example", p: "/", ...body },
  time,
  ua,
});
const row = async (input: Incoming) => {
  const out: Outcome = await runPipeline(input, { sites });
  if (!out.ok) throw new Error(`dropped: ${out.reason}`);
  return out.row;
};

describe("dropBot", () => {
  test("a crawler's user-agent, a missing one and a 0 px screen are dropped as bots and counted", async () => {
    const metrics = createMetrics();
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    for (const input of [view({}, googlebot), view({}, null), view({ w: 0 })]) {
      expect(await runPipeline(input, { sites }, metrics)).toEqual({ ok: false, reason: "bot" });
    }
    expect(metrics.drops.bot).toBe(3);
    expect(metrics.stepNs.dropBot).toBeGreaterThan(0);
  });
});

describe("resolveSite", () => {
  test("unknown and deleted domains are dropped with their own reasons", async () => {
    const metrics = createMetrics();
    expect(await runPipeline(view({ d: "nope.example" }), { sites }, metrics)).toEqual({ ok: false, reason: "unknown_domain" });
    expect(await runPipeline(view({ d: "gone.example" }), { sites }, metrics)).toEqual({ ok: false, reason: "deleted_domain" });
    expect(metrics.snapshot().drops).toEqual({ bot: 0, unknown_domain: 1, deleted_domain: 1 });
  });
});

describe("putAgent", () => {
  test("browser, OS and device family come from the user-agent, which is then gone", async () => {
    const input = view({}, IPHONE);
    expect(await row(input)).toMatchObject({ browser: "Safari", os: "iOS", device: "mobile", siteId: 1 });
    expect(input.ua).toBeNull();
  });
});

describe("putPath and putCampaign", () => {
  test("the query string is dropped except utm_*, which fill the campaign columns", async () => {
    const r = await row(view({ p: "/pricing?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring&id=42" }));
    expect(r).toMatchObject({ path: "/pricing", utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring" });
    expect((await row(view({ p: "/a?" }))).path).toBe("/a");
    expect((await row(view({ p: "/app?x=1#/settings" }))).path).toBe("/app#/settings");
  });
});

describe("putReferrer", () => {
  test("referrer host and source class", async () => {
    expect(await row(view({ r: "https://www.google.co.uk/search?q=x", u: 1 }))).toMatchObject({ referrerHost: "google.co.uk", source: "search", isUnique: true });
    expect(await row(view({ r: "https://t.co/abc" }))).toMatchObject({ referrerHost: "t.co", source: "social" });
    expect(await row(view({ r: "https://mail.google.com/mail/u/0" }))).toMatchObject({ source: "email" });
    expect(await row(view({ r: "https://someblog.example/post" }))).toMatchObject({ referrerHost: "someblog.example", source: "unknown" });
    expect(await row(view({}))).toMatchObject({ referrerHost: null, referrerPost: null, source: "direct" });
    expect(await row(view({ p: "/?utm_medium=newsletter", r: "https://someblog.example/" }))).toMatchObject({ source: "email" });
  });

  test("a public social post keeps its URL (no query, no fragment); any other referrer only its host", async () => {
    const post = async (r: string) => (await row(view({ r }))).referrerPost;
    expect(await post("https://x.com/bothy/status/1859000000000000001?s=20")).toBe("https://x.com/bothy/status/1859000000000000001");
    expect(await post("https://mobile.twitter.com/bothy/status/42/")).toBe("https://mobile.twitter.com/bothy/status/42");
    expect(await post("https://mastodon.social/@bothy/113500000000000002#x")).toBe("https://mastodon.social/@bothy/113500000000000002");
    expect(await post("https://bsky.app/profile/bothy.example/post/3lbothy2abc")).toBe("https://bsky.app/profile/bothy.example/post/3lbothy2abc");
    for (const r of ["https://x.com/bothy", "https://x.com/i/status/1/likes", "https://mastodon.social/@bothy", "https://someblog.example/post/1",
      "https://t.co/abc", "javascript:alert(1)", "not a url", "https://bsky.app/profile/bothy.example"]) {
      expect(await post(r)).toBeNull();
    }
    // A same-site referrer is never a post.
    expect(await post("https://shop.example/@shop/123")).toBeNull();
  });

  test("a same-site referrer is an internal view: no source, and never unique", async () => {
    expect(await row(view({ r: "https://www.shop.example/cart", u: 1 }))).toMatchObject({ referrerHost: null, source: null, isUnique: false });
  });

  test("bare list labels match country domains but not look-alikes", () => {
    expect(classifyHost("google.de")).toBe("search");
    expect(classifyHost("news.google.com.au")).toBe("search");
    expect(classifyHost("googleblog.com")).toBe("unknown");
  });
});

describe("putLocale and putScreen", () => {
  test("country from the time zone, language subtag, screen bucket s/m/l at 1024 and 2400", async () => {
    expect(await row(view({ z: "Asia/Kolkata", l: "en-IN", w: 1024 }))).toMatchObject({ country: "IN", language: "en", screen: "s" });
    expect(await row(view({ z: "Asia/Calcutta", w: 1025 }))).toMatchObject({ country: "IN", screen: "m" });
    expect(await row(view({ z: "UTC", l: "not a tag", w: 2400 }))).toMatchObject({ country: null, language: null, screen: "l" });
    expect(await row(view({ z: "Mars/Olympus" }))).toMatchObject({ country: null });
    // As IANA's zone.tab has it.
    expect(await row(view({ z: "Europe/Simferopol" }))).toMatchObject({ country: "UA" });
  });
});

describe("a page view's context on its leave beacon and events", () => {
  // What the tracker sends with every beacon of an arrival from a post, with a campaign.
  const context = { d: "shop.example", p: "/?utm_source=News&utm_medium=email&utm_campaign=Spring", r: "https://x.com/bothy/status/42", w: 390, z: "Europe/Paris", l: "fr-FR" };
  const FACTS = ["path", "source", "referrerHost", "referrerPost", "utmSource", "utmMedium", "utmCampaign", "country", "language", "screen", "device", "browser", "os"] as const;
  const facts = (r: Awaited<ReturnType<typeof row>>) => Object.fromEntries(FACTS.map((k) => [k, r[k]]));

  test("they get exactly the source, referrer, campaign, country, language and screen of their view; uniqueness stays the view's", async () => {
    const pv = await row(view({ ...context, u: 1 }));
    expect(pv).toMatchObject({ source: "email", referrerHost: "x.com", utmCampaign: "spring", country: "FR", language: "fr", screen: "s", isUnique: true });
    const leave = await row({ kind: "leave", body: { ...context, v: 900, x: 1 }, time: T, ua: CHROME });
    const ev = await row({ kind: "event", body: { ...context, n: "signup" }, time: T, ua: CHROME });
    expect(facts(leave)).toEqual(facts(pv));
    expect(facts(ev)).toEqual(facts(pv));
    expect([leave.isUnique, ev.isUnique, leave.isBounce]).toEqual([false, false, true]);
    // An internal view (a same-site referrer) has no source; neither have its leave and events.
    const inner = { ...context, r: "https://shop.example/cart" };
    expect(facts(await row({ kind: "leave", body: { ...inner, v: 5 }, time: T, ua: CHROME }))).toEqual(facts(await row(view(inner))));
  });

  test("an older tracker's leave and event without the context stay as they were stored: no source, campaign or locale", async () => {
    const blank = { source: null, referrerHost: null, referrerPost: null, utmSource: null, utmCampaign: null, country: null, language: null, screen: null };
    expect(await row({ kind: "leave", body: { d: "shop.example", p: context.p, v: 5 }, time: T, ua: CHROME })).toMatchObject(blank);
    expect(await row({ kind: "event", body: { d: "shop.example", p: context.p, n: "signup" }, time: T, ua: CHROME })).toMatchObject(blank);
  });

  test("a headless browser's leave and events are dropped with its page view", async () => {
    for (const kind of ["leave", "event"] as const) {
      const body = kind === "leave" ? { ...context, w: 0, v: 5 } : { ...context, w: 0, n: "signup" };
      expect(await runPipeline({ kind, body, time: T, ua: CHROME } as Incoming, { sites })).toEqual({ ok: false, reason: "bot" });
    }
  });
});

describe("putLocalTime", () => {
  // Asia/Kolkata is UTC+05:30: local midnight is 18:30 UTC. Pacific/Honolulu is UTC-10:00.
  const cases: [string, string, string, number][] = [
    ["kolkata.example", "2026-11-21T18:29:00Z", "2026-11-21", 23],
    ["kolkata.example", "2026-11-21T18:31:00Z", "2026-11-22", 0],
    ["honolulu.example", "2026-11-22T09:59:00Z", "2026-11-21", 23],
    ["honolulu.example", "2026-11-22T10:01:00Z", "2026-11-22", 0],
  ];
  for (const [d, at, day, hour] of cases) {
    test(`${d} at ${at} is local ${day} hour ${hour}`, async () => {
      expect(await row(view({ d }, CHROME, Date.parse(at)))).toMatchObject({ localDay: day, localHour: hour });
    });
  }

  test("the quarter-hour cache never mixes zones or quarters", () => {
    const t = Date.parse("2026-03-29T00:59:00Z"); // Europe/London switches to BST at 01:00 UTC
    expect(localTime("Europe/London", t)).toEqual({ day: "2026-03-29", hour: 0 });
    expect(localTime("Europe/London", t + 60_000)).toEqual({ day: "2026-03-29", hour: 2 });
    expect(localTime("Asia/Kathmandu", t)).toEqual({ day: "2026-03-29", hour: 6 }); // +05:45
  });
});

describe("putMeasures", () => {
  test("leave beacons carry rounded visible time, bounce and later bytes; events their name and value", async () => {
    const leave = await row({ kind: "leave", body: { d: "shop.example", p: "/", v: 1500.6, b: -5, x: 1 }, time: T, ua: CHROME });
    expect(leave).toMatchObject({ kind: 2, durationMs: 1501, isBounce: true, transferBytes: 0, source: null });
    const ev = await row({ kind: "event", body: { d: "shop.example", p: "/", n: "signup", v: 3 }, time: T, ua: CHROME });
    expect(ev).toMatchObject({ kind: 3, eventName: "signup", eventValue: "3" });
    const link = "https://shop.example.net/cart?session=s3cr3t#pay";
    const out = await row({ kind: "event", body: { d: "shop.example", p: "/", n: "Outbound", v: link }, time: T, ua: CHROME });
    expect(out).toMatchObject({ eventName: "Outbound", eventValue: "https://shop.example.net/cart" });
    // Only outbound links are cut; other events keep their value as sent.
    const other = await row({ kind: "event", body: { d: "shop.example", p: "/", n: "search", v: "q?x=1" }, time: T, ua: CHROME });
    expect(other.eventValue).toBe("q?x=1");
    const pv = await row(view({ t: 812.4, b: 123_456, u: 1 }));
    expect(pv).toMatchObject({ kind: 1, loadMs: 812, transferBytes: 123_456, isUnique: true });
  });

  test("scroll depth becomes a whole percent capped at 100; none without the field or for a page without height", async () => {
    const leave = (s?: number | null) => row({ kind: "leave", body: { d: "shop.example", p: "/", v: 10, ...(s === undefined ? {} : { s }) }, time: T, ua: CHROME });
    expect((await leave(0.4567)).scrollPct).toBe(46);
    expect((await leave(0)).scrollPct).toBe(0);
    expect((await leave(3.2)).scrollPct).toBe(100);
    expect((await leave(null)).scrollPct).toBeNull();
    expect((await leave()).scrollPct).toBeNull();
    expect((await row(view({}))).scrollPct).toBeNull();
  });

  test("download links are cut like outbound links", async () => {
    const file = "https://shop.example/files/price-list.pdf?token=abc#page=2";
    const dl = await row({ kind: "event", body: { d: "shop.example", p: "/", n: "Download", v: file }, time: T, ua: CHROME });
    expect(dl).toMatchObject({ kind: 3, eventName: "Download", eventValue: "https://shop.example/files/price-list.pdf" });
  });
});
