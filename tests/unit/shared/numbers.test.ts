// How the product writes numbers: counts, rough measures, durations, changes in % and in points, value axes.
import { describe, expect, test } from "bun:test";
import { axisTicks, formatChange, formatDuration, formatNumber, formatPoints, formatRough } from "../../../src/shared/numbers";

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

describe("value axes", () => {
  test("run from 0 to a round top at or above the largest value, in round steps", () => {
    expect(axisTicks(0.037)).toEqual([0, 0.01, 0.02, 0.03, 0.04]);
    expect(axisTicks(138)).toEqual([0, 50, 100, 150]);
    expect(axisTicks(120)).toEqual([0, 50, 100, 150]);
    expect(axisTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    for (const max of [0.0013, 0.7, 9, 41, 999, 123_456]) {
      const t = axisTicks(max);
      expect(t.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeLessThanOrEqual(5);
    }
  });
  test("an empty series still gets an axis", () => {
    expect(axisTicks(0)).toEqual([0, 1]);
  });

  test("y ticks for counts are whole numbers: a maximum of 1 or 2 views is 0 1 or 0 1 2, never 0 0 0 1 1 1", () => {
    expect(axisTicks(1, 4, true)).toEqual([0, 1]);
    expect(axisTicks(2, 4, true)).toEqual([0, 1, 2]);
    expect(axisTicks(7, 4, true)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(1000, 4, true)).toEqual([0, 500, 1000]);
    expect(axisTicks(0, 4, true)).toEqual([0, 1]);
    for (const max of [1, 3, 17, 123, 98_765]) expect(axisTicks(max, 4, true).every(Number.isInteger)).toBe(true);
  });
});
