// How the product writes numbers: counts, rough measures, durations, changes in % and in points.
import { describe, expect, test } from "bun:test";
import { formatChange, formatDuration, formatNumber, formatPoints, formatRough } from "../../../src/shared/numbers";

describe("counts and measures", () => {
  test("thousands separators, whole numbers", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(12.6)).toBe("13");
  });
  test("a rough measure: one decimal under 100, whole with separators from 100", () => {
    expect(formatRough(0)).toBe("0");
    expect(formatRough(3.44)).toBe("3.4");
    expect(formatRough(99.94)).toBe("99.9");
    expect(formatRough(1234.56)).toBe("1,235");
  });
});

describe("durations", () => {
  test("compact seconds, minutes, hours", () => {
    expect(formatDuration(0)).toBe("0s");
    expect(formatDuration(45_000)).toBe("45s");
    expect(formatDuration(59_600)).toBe("1m 00s");
    expect(formatDuration(185_000)).toBe("3m 05s");
    expect(formatDuration(3_720_000)).toBe("1h 02m");
    expect(formatDuration(-5)).toBe("0s");
  });
});

describe("changes", () => {
  test("against the previous period, in %", () => {
    expect(formatChange(12.4)).toBe("+12%");
    expect(formatChange(-3)).toBe("\u22123%");
    expect(formatChange(0.2)).toBe("0%");
    expect(formatChange(1500)).toBe("+1,500%");
    expect(formatChange(null)).toBe("");
  });
  test("of a rate, in points", () => {
    expect(formatPoints(3.4)).toBe("+3 pts");
    expect(formatPoints(-2)).toBe("\u22122 pts");
    expect(formatPoints(0.3)).toBe("\u00b10 pts");
  });
});
