// Imported page views' estimated bytes (src/hits/imported.ts withEstimatedBytes): a page row weighs
// its path's median, else the site's, else the inspector's figure for the home page, else nothing;
// a day's total row is the sum of its page rows, or its views at the site's weight without them.
import { describe, expect, test } from "bun:test";
import { withEstimatedBytes } from "../../../src/hits";
import type { ImportedDim } from "../../../src/shared/imports";

const row = (day: string, dim: ImportedDim, label: string, views: number) => ({ day, dim, label, group: "", views, uniques: 0, bounces: 0, durationMs: 0 });
const rows = [
  row("2024-01-01", "total", "", 5), row("2024-01-01", "page", "/", 3), row("2024-01-01", "page", "/new", 2),
  row("2024-01-01", "country", "NL", 5), row("2024-01-02", "total", "", 4),
];
const bytesOf = (out: ReturnType<typeof withEstimatedBytes>) => out.map((r) => [r.day, r.dim, r.label, r.bytes]);

describe("estimated bytes of imported page views", () => {
  test("a path's own median, else the site's; totals sum their day's pages; other lists none", () => {
    const out = withEstimatedBytes(rows, { byPath: new Map([["/", 1_000]]), site: 500 }, 99_999);
    expect(bytesOf(out)).toEqual([
      ["2024-01-01", "total", "", 3 * 1_000 + 2 * 500], ["2024-01-01", "page", "/", 3_000], ["2024-01-01", "page", "/new", 1_000],
      ["2024-01-01", "country", "NL", null], ["2024-01-02", "total", "", 4 * 500],
    ]);
  });

  test("without any own measure, the inspector's home page; without that either, no bytes at all", () => {
    const none = { byPath: new Map<string, number>(), site: null };
    expect(bytesOf(withEstimatedBytes(rows, none, 2_000)).map((r) => r[3])).toEqual([10_000, 6_000, 4_000, null, 8_000]);
    expect(bytesOf(withEstimatedBytes(rows, none, null)).map((r) => r[3])).toEqual([null, null, null, null, null]);
  });
});
