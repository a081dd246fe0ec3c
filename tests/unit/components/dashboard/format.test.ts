// The dashboard's own number wording (compact axis values, percentages) and its list rules
// (pagination, search); the product's shared wordings are tested in tests/unit/shared/numbers.test.ts.
import { describe, expect, test } from "bun:test";
import {
  filterRows,
  formatBytes,
  formatCompact,
  formatMass,
  formatPercent,
  isSiteLink,
  paginate,
} from "../../../../components/dashboard/format";

describe("numbers", () => {
  test("compact: above 999 as k, then M", () => {
    expect(formatCompact(999)).toBe("999");
    expect(formatCompact(1000)).toBe("1k");
    expect(formatCompact(1234)).toBe("1.2k");
    expect(formatCompact(12_345)).toBe("12k");
    expect(formatCompact(999_950)).toBe("1M");
    expect(formatCompact(1_300_000)).toBe("1.3M");
    expect(formatCompact(-2500)).toBe("-2.5k");
    expect(formatCompact(1e9)).toBe("1B");
    expect(formatCompact(999_950_000)).toBe("1B");
    expect(formatCompact(2_500_000_000)).toBe("2.5B");
    // A fraction under 10 keeps one decimal, so 0.5 and 1 never both read "1".
    expect(formatCompact(0.5)).toBe("0.5");
    expect(formatCompact(2.25)).toBe("2.3");
  });
});

describe("percentages", () => {
  test("one decimal, and <0.01% for tiny shares", () => {
    expect(formatPercent(0.123)).toBe("12.3%");
    expect(formatPercent(1)).toBe("100.0%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(0.0005)).toBe("0.05%");
    expect(formatPercent(0.00009)).toBe("<0.01%");
  });
});

describe("carbon units re-exported", () => {
  test("energy and carbon units", () => {
    expect(formatBytes(1_234_567)).toBe("1.23 MB");
    expect(formatMass(1234)).toBe("1.23 kg");
  });
});

describe("site-link check", () => {
  test("accepts hosts with an optional scheme, www, port and path", () => {
    for (const s of ["example.com", "www.example.co.uk", "https://news.ycombinator.com/item?id=1", "http://example.com:8080/a/b", "sub.domain.info"]) {
      expect(isSiteLink(s)).toBe(true);
    }
  });
  test("refuses labels that are not links", () => {
    for (const s of ["direct", "unknown", "localhost", "example.c", "example.travel", "ftp://example.com", "exa mple.com", "example.com:123456"]) {
      expect(isSiteLink(s)).toBe(false);
    }
  });
});

describe("list pagination and filter", () => {
  const rows = Array.from({ length: 25 }, (_, i) => ({ label: `/page-${i + 1}`, value: 25 - i, pc: 0, c: null }));
  test("pages of ten: Page 2 of 3", () => {
    const p = paginate(rows, 2, 10);
    expect(p.page).toBe(2);
    expect(p.pages).toBe(3);
    expect(p.rows.map((r) => r.label)).toEqual(rows.slice(10, 20).map((r) => r.label));
    expect(paginate(rows, 3, 10).rows).toHaveLength(5);
  });
  test("page clamped into range; an empty list is one empty page", () => {
    expect(paginate(rows, 9, 10).page).toBe(3);
    expect(paginate(rows, 0, 10).page).toBe(1);
    expect(paginate([], 1, 10)).toEqual({ rows: [], page: 1, pages: 1 });
  });
  test("filter is case-insensitive on the label", () => {
    expect(filterRows(rows, " PAGE-2").map((r) => r.label)).toEqual(["/page-2", "/page-20", "/page-21", "/page-22", "/page-23", "/page-24", "/page-25"]);
    expect(filterRows(rows, "")).toHaveLength(25);
    expect(filterRows(rows, "nothing")).toEqual([]);
  });
});
