// "What to fix" from hand-made observations: each kind found, ranked by the bytes it would save.
import { describe, expect, test } from "bun:test";
import { oversizeSaving, whatToFix, type Observed } from "../../../src/inspect/fixes";

const seen = (url: string, bytes: number, o: Partial<Observed> = {}): Observed => ({
  url, bytes, resourceType: "other", contentType: "", encoding: "", cacheControl: "max-age=86400", ...o,
});

describe("whatToFix", () => {
  test("finds each kind and ranks them by bytes saved", () => {
    const fixes = whatToFix([
      seen("https://shop.example/", 5_000, { resourceType: "document", contentType: "text/html", encoding: "gzip" }),
      seen("https://shop.example/app.js", 40_000, { resourceType: "script", contentType: "application/javascript" }),
      seen("https://shop.example/hero.jpg", 200_000, { resourceType: "image", contentType: "image/jpeg" }),
      seen("https://shop.example/ok.webp", 30_000, { resourceType: "image", contentType: "image/webp", cacheControl: "no-store" }),
      seen("https://shop.example/brand.ttf", 60_000, { resourceType: "font", contentType: "font/ttf" }),
      seen("https://cdn.tracker.example/t.js", 20_000, { resourceType: "script", contentType: "application/javascript", encoding: "br" }),
      seen("https://cdn.tracker.example/p.gif", 500, { resourceType: "image", contentType: "image/gif" }),
    ], "https://www.shop.example/");
    expect(fixes).toEqual([
      { kind: "largest", target: "https://shop.example/hero.jpg", bytes: 200_000, saves: 100_000 },
      { kind: "old-image-format", target: "https://shop.example/hero.jpg", bytes: 200_000, saves: 60_000 },
      { kind: "uncompressed", target: "https://shop.example/app.js", bytes: 40_000, saves: 30_000 },
      { kind: "no-cache", target: "1 file", bytes: 30_000, saves: 30_000 },
      { kind: "third-party", target: "cdn.tracker.example", bytes: 20_500, saves: 20_500 },
      { kind: "fonts", target: "https://shop.example/brand.ttf", bytes: 60_000, saves: 18_000 },
    ]);
  });

  test("nothing to fix on an empty or tiny page", () => {
    expect(whatToFix([], "https://a.example/")).toEqual([]);
    expect(whatToFix([seen("https://a.example/", 300, { contentType: "text/html" })], "https://a.example/")).toEqual([]);
  });

  test("an image larger than twice its box saves the pixels it would not send; one within it saves nothing", () => {
    const box = (width: number, height: number, naturalWidth: number, naturalHeight: number) => ({ width, height, naturalWidth, naturalHeight });
    expect(oversizeSaving(100_000, box(100, 50, 800, 400))).toBe(Math.round(100_000 * (1 - (200 * 100) / (800 * 400))));
    expect(oversizeSaving(100_000, box(400, 200, 800, 400))).toBe(0);
    expect(oversizeSaving(100_000, box(500, 100, 800, 400))).toBe(Math.round(100_000 * (1 - (800 * 200) / (800 * 400))));
    expect(oversizeSaving(100_000, box(10, 10, 0, 0))).toBe(0);
    const fixes = whatToFix(
      [seen("https://shop.example/big.png", 50_000, { resourceType: "image", contentType: "image/webp" }), seen("https://shop.example/small.png", 600, { resourceType: "image", contentType: "image/webp" })],
      "https://shop.example/",
      { "https://shop.example/big.png": box(100, 100, 1000, 1000), "https://shop.example/small.png": box(10, 10, 100, 100) },
    );
    expect(fixes.filter((f) => f.kind === "oversized-image")).toEqual([{ kind: "oversized-image", target: "https://shop.example/big.png", bytes: 50_000, saves: 48_000 }]);
  });
});
