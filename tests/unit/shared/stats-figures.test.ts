// The figures derived from a stats answer, one rule for the stats room, the dashboard, the exports
// and the weekly report: bounce rate (and how it is shown), average visible time, time on page.
import { describe, expect, test } from "bun:test";
import {
  averageTimeOnPage, averageVisibleTime, bounceRate, shownBounceRate, visitsBounceRate, type PathStats,
} from "../../../src/shared/stats";

describe("bounce rate", () => {
  test("bounces over unique visits, none without a unique visit", () => {
    expect(bounceRate(1, 2)).toBe(0.5);
    expect(bounceRate(0, 0)).toBeNull();
    expect(bounceRate(3, 2)).toBe(1.5);
  });
  test("shown within 0–1", () => {
    expect(shownBounceRate(1.5)).toBe(1);
    expect(shownBounceRate(-0.1)).toBe(0);
    expect(shownBounceRate(0.42)).toBe(0.42);
    expect(shownBounceRate(null)).toBeNull();
  });
  test("of a SUMMARY answer's visits", () => {
    expect(visitsBounceRate({ hits: 4, unique: 2, bounceNew: 2, bounceCount: 1 })).toBe(0.5);
    expect(visitsBounceRate({ hits: 4, unique: 0, bounceNew: 0, bounceCount: 0 })).toBeNull();
  });
});

describe("average times", () => {
  test("visible time over the leave beacons", () => {
    expect(averageVisibleTime(30_000, 3)).toBe(10_000);
    expect(averageVisibleTime(0, 0)).toBeNull();
  });
  test("time on page: the pages' averages weighted by their page views", () => {
    const row = (value: number, durationAvg: number | null) => ({ label: "/", value, pc: 0, c: null, visits: { hits: value, unique: value }, durationAvg, bounceRate: null, scrollAvg: null });
    const path = { path: [row(3, 10_000), row(1, 30_000), row(5, null)] } as unknown as PathStats;
    expect(averageTimeOnPage(path)).toBe(15_000);
    expect(averageTimeOnPage({ path: [row(5, null)] } as unknown as PathStats)).toBeNull();
    expect(averageTimeOnPage(undefined)).toBeNull();
  });
});
