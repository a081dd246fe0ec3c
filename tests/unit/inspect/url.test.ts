// Pure parts of the inspector: URL normalisation and the private marker, file groups,
// tracker and cookie classification, and the HTTP Archive page-weight percentiles.
import { describe, expect, test } from "bun:test";
import { classifyTracker, fileGroup, parseSetCookie } from "../../../src/inspect/classify";
import { PERCENTILES, percentileOf } from "../../../src/inspect/percentile";
import { normaliseUrl, PRIVATE_MARKER } from "../../../src/shared/inspect-url";

describe("normaliseUrl", () => {
  test("defaults the scheme, lowercases the host, drops the fragment and default port", () => {
    expect(normaliseUrl(" Example.COM/a?b=1#top ")).toEqual({
      ok: true, value: { url: "https://example.com/a?b=1", hostname: "example.com", port: 443 },
    });
    expect(normaliseUrl("http://example.com:80")).toMatchObject({ ok: true, value: { url: "http://example.com/", port: 80 } });
    expect(normaliseUrl("localhost:3000/x")).toMatchObject({ ok: true, value: { hostname: "localhost", port: 3000 } });
    expect(normaliseUrl("http://[::1]/")).toMatchObject({ ok: true, value: { hostname: "::1", port: 80 } });
  });

  test("refuses other schemes, credentials and junk, quoting the input", () => {
    expect(normaliseUrl("ftp://example.com")).toEqual({ ok: false, error: "Only http and https pages can be inspected, not ftp" });
    expect(normaliseUrl("javascript:alert(1)")).toMatchObject({ ok: false });
    expect(normaliseUrl("file:///etc/passwd")).toMatchObject({ ok: false });
    expect(normaliseUrl("http://user:pw@example.com")).toMatchObject({ ok: false });
    expect(normaliseUrl("http://exa mple.com")).toEqual({ ok: false, error: '"http://exa mple.com" is not a web address' });
    expect(normaliseUrl("x".repeat(3000))).toMatchObject({ ok: false });
  });

  test("the private marker is caught raw and percent-encoded", () => {
    expect(normaliseUrl(`https://example.com/${PRIVATE_MARKER}/report`)).toMatchObject({ ok: false, private: true });
    expect(normaliseUrl("https://example.com/%F0%9F%94%92")).toMatchObject({ ok: false, private: true });
  });
});

describe("classification", () => {
  test("file groups follow resource type, then content type", () => {
    expect(fileGroup("document", "text/html")).toBe("html");
    expect(fileGroup("fetch", "text/html; charset=utf-8")).toBe("html");
    expect(fileGroup("other", "application/javascript")).toBe("scripts");
    expect(fileGroup("media", "video/mp4")).toBe("videos");
    expect(fileGroup("media", "audio/mpeg")).toBe("other");
    expect(fileGroup("font", undefined)).toBe("fonts");
    expect(fileGroup("xhr", "application/json")).toBe("other");
  });

  test("trackers are ad/analytics/social/marketing/tag-manager, never the page's own entity", () => {
    expect(classifyTracker("https://www.google-analytics.com/analytics.js", "https://shop.example/")).toMatchObject({ category: "analytics" });
    expect(classifyTracker("https://fonts.gstatic.com/s/a.woff2", "https://shop.example/")).toBeNull();
    expect(classifyTracker("https://connect.facebook.net/x.js", "https://www.facebook.com/")).toBeNull();
  });

  test("Set-Cookie parsing keeps attributes and never the value", () => {
    expect(parseSetCookie("_ga=GA1.2.3; Domain=.example.com; Path=/x; Secure; HttpOnly; SameSite=None", "t.example.com")).toEqual({
      name: "_ga", domain: "example.com", path: "/x", secure: true, httpOnly: true, sameSite: "none",
    });
    expect(parseSetCookie("=novalue", "h")).toBeNull();
  });
});

describe("page-weight percentiles (HTTP Archive 2025 desktop)", () => {
  test("the table's own points map to their percentiles", () => {
    expect(percentileOf(607 * 1024)).toBe(10);
    expect(percentileOf(2412 * 1024)).toBe(50);
    expect(percentileOf(9179 * 1024)).toBe(90);
  });
  test("between points it interpolates on log(bytes), clamped to 0–100", () => {
    const p = percentileOf(1_500_000);
    expect(p).toBeGreaterThan(25);
    expect(p).toBeLessThan(50);
    expect(percentileOf(1)).toBe(0);
    expect(percentileOf(1e12)).toBe(100);
  });
  test("the averages list has 100 rising entries", () => {
    expect(PERCENTILES).toHaveLength(100);
    expect(PERCENTILES.every((b, i) => i === 0 || b > PERCENTILES[i - 1]!)).toBe(true);
    expect(PERCENTILES[49]).toBe(2412 * 1024);
  });
});
