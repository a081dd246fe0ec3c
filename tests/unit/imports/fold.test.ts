// Folding single hits of a per-event file into days of figures: local days in the domain's zone,
// the collector's classification (paths, sources, same-site referrers, campaigns, user agents,
// screens), arrivals only in the source lists, events by name and value, bots dropped.
import { describe, expect, test } from "bun:test";
import { createFold } from "../../../src/imports/fold";
import type { ImportedHit, ImportedRow } from "../../../src/imports/model";
import { classifyHost } from "../../../src/collect";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const view = (at: string, more: Partial<ImportedHit> = {}): ImportedHit => ({ time: new Date(at), kind: "view", path: "/", ...more });

function fold(hits: ImportedHit[], zone = "UTC", domain = "shop.example") {
  const f = createFold(zone, domain);
  for (const h of hits) f.add(h);
  return f.rows();
}

const find = (rows: ImportedRow[], dim: string, label: string, group?: string) =>
  rows.filter((r) => r.dim === dim && r.label === label && (group === undefined || r.group === group));

describe("createFold", () => {
  test("a hit's local day is the domain's: late evening UTC is the next day in Auckland", () => {
    const rows = fold([view("2026-03-01T20:00:00Z")], "Pacific/Auckland");
    expect(find(rows, "total", "").map((r) => r.day)).toEqual(["2026-03-02"]);
    expect(fold([view("2026-03-01T20:00:00Z")], "America/New_York").find((r) => r.dim === "total")!.day).toBe("2026-03-01");
  });

  test("totals sum views, visits, bounces and time per day", () => {
    const rows = fold([
      view("2026-03-01T10:00:00Z", { unique: true, bounce: true, durationMs: 1500 }),
      view("2026-03-01T11:00:00Z", { unique: true, durationMs: 500 }),
      view("2026-03-01T12:00:00Z"),
      view("2026-03-02T12:00:00Z", { unique: true }),
    ]);
    expect(find(rows, "total", "").sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { day: "2026-03-01", dim: "total", label: "", group: "", views: 3, uniques: 2, bounces: 1, durationMs: 2000 },
      { day: "2026-03-02", dim: "total", label: "", group: "", views: 1, uniques: 1, bounces: 0, durationMs: 0 },
    ]);
  });

  test("a page's query and fragment are dropped as the collector drops them", () => {
    const rows = fold([view("2026-03-01T10:00:00Z", { path: "/a?token=secret#x" }), view("2026-03-01T11:00:00Z", { path: "/a" })]);
    expect(find(rows, "page", "/a")[0]!.views).toBe(2);
    expect(JSON.stringify(rows)).not.toContain("secret");
  });

  test("an external referrer makes an arrival with the collector's source class; a bare host is read as one", () => {
    const rows = fold([
      view("2026-03-01T10:00:00Z", { path: "/p", referrer: "https://www.google.com/search?q=x" }),
      view("2026-03-01T11:00:00Z", { path: "/p", referrer: "news.ycombinator.com" }),
    ]);
    expect(find(rows, "referrer", "google.com", classifyHost("google.com"))[0]!.views).toBe(1);
    expect(find(rows, "referrer", "news.ycombinator.com", classifyHost("news.ycombinator.com"))[0]!.views).toBe(1);
    expect(find(rows, "entry", "/p", "google.com")[0]!.views).toBe(1);
    expect(JSON.stringify(rows)).not.toContain("q=x");
  });

  test("a same-site referrer is internal: no source, no entry, never unique", () => {
    const rows = fold([view("2026-03-01T10:00:00Z", { path: "/b", referrer: "https://www.shop.example/a", unique: true })]);
    expect(rows.filter((r) => r.dim === "referrer" || r.dim === "entry")).toEqual([]);
    expect(find(rows, "total", "")[0]!.uniques).toBe(0);
  });

  test("no referrer is a direct arrival only when the view began a visit", () => {
    const rows = fold([view("2026-03-01T10:00:00Z", { unique: true }), view("2026-03-01T10:01:00Z", { path: "/next" })]);
    expect(find(rows, "referrer", "direct", "direct")[0]!.views).toBe(1);
    expect(find(rows, "entry", "/")[0]).toMatchObject({ group: "direct", views: 1 });
    expect(find(rows, "entry", "/next")).toEqual([]);
  });

  test("campaigns of arrivals, from the file's columns or the page's utm_* query, lower-cased; an email medium makes the source email", () => {
    const rows = fold([
      view("2026-03-01T10:00:00Z", { unique: true, utmCampaign: "Spring", utmSource: "News", utmMedium: "Email" }),
      view("2026-03-01T11:00:00Z", { unique: true, path: "/?utm_campaign=spring&utm_source=x.com" }),
      view("2026-03-01T12:00:00Z", { path: "/?utm_campaign=spring" }),
    ]);
    expect(find(rows, "campaign", "spring")[0]!.views).toBe(2);
    expect(find(rows, "utm_source", "news")[0]!.views).toBe(1);
    expect(find(rows, "utm_medium", "email")[0]!.views).toBe(1);
    expect(find(rows, "referrer", "unknown", "email")[0]!.views).toBe(1);
  });

  test("a user agent is read for browser, OS and device and kept nowhere; a bot's hit is dropped", () => {
    const rows = fold([
      view("2026-03-01T10:00:00Z", { userAgent: FIREFOX, screenWidth: 1920 }),
      view("2026-03-01T11:00:00Z", { userAgent: GOOGLEBOT }),
    ]);
    expect(find(rows, "total", "")[0]!.views).toBe(1);
    expect(find(rows, "browser", "Firefox")[0]!.views).toBe(1);
    expect(find(rows, "os", "Linux")[0]!.views).toBe(1);
    expect(find(rows, "screen", "m")[0]!.views).toBe(1);
    expect(find(rows, "device", "desktop")[0]!.views).toBe(1);
    expect(JSON.stringify(rows)).not.toContain("Gecko");
  });

  test("the tool's own names stand when there is no user agent; a device comes from the width when not told", () => {
    const rows = fold([
      view("2026-03-01T10:00:00Z", { browser: "Safari", os: "iOS", device: "Mobile", country: "de", language: "de-AT" }),
      view("2026-03-01T11:00:00Z", { screenWidth: 800 }),
      view("2026-03-01T12:00:00Z", { device: "tv", country: "Germany" }),
    ]);
    expect(find(rows, "device", "mobile")[0]!.views).toBe(1);
    expect(find(rows, "device", "tablet")[0]!.views).toBe(1);
    expect(find(rows, "device", "smarttv")[0]!.views).toBe(1);
    expect(find(rows, "country", "DE")[0]!.views).toBe(1);
    expect(rows.filter((r) => r.dim === "country")).toHaveLength(1);
    expect(find(rows, "language", "de")[0]!.views).toBe(1);
  });

  test("a tool's browser and OS names, versions dropped, are the collector's; one it does not know stays", () => {
    const rows = fold([
      view("2026-03-01T10:00:00Z", { browser: "Chrome 86", os: "Windows 10" }),
      view("2026-03-01T11:00:00Z", { browser: "edge-chromium", os: "Mac OS" }),
      view("2026-03-01T12:00:00Z", { browser: "Lynx", os: "Android OS" }),
    ]);
    const labels = (dim: string) => rows.filter((r) => r.dim === dim).map((r) => r.label).sort();
    expect(labels("browser")).toEqual(["Chrome", "Lynx", "Microsoft Edge"]);
    expect(labels("os")).toEqual(["Android", "Windows", "macOS"]);
  });

  test("events count by name and value; they add no page view", () => {
    const rows = fold([
      { time: new Date("2026-03-01T10:00:00Z"), kind: "event", path: "/", eventName: "signup", eventValue: "pro" },
      { time: new Date("2026-03-01T10:00:00Z"), kind: "event", path: "/", eventName: "signup" },
      { time: new Date("2026-03-01T10:00:00Z"), kind: "event", path: "/", eventName: "signup" },
    ]);
    expect(find(rows, "event", "signup", "pro")[0]!.views).toBe(1);
    expect(find(rows, "event", "signup", "")[0]!.views).toBe(2);
    expect(rows.filter((r) => r.dim === "total")).toEqual([]);
  });

  test("rows grow with distinct keys, not with hits", () => {
    const f = createFold("UTC", "shop.example");
    for (let i = 0; i < 5000; i++) f.add(view(`2026-03-0${1 + (i % 3)}T10:00:00Z`, { path: `/p${i % 4}` }));
    // 3 days × (total + 4 pages)
    expect(f.rows()).toHaveLength(15);
  });
});
