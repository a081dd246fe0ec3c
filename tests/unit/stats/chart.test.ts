// SUMMARY's chart data: each point's x is the time its local hour or day begins in the domain's
// zone, across odd offsets and both daylight-saving changes.
import { describe, expect, test } from "bun:test";
import type { Day } from "../../../src/stats/contract";
import { chartData } from "../../../src/stats/chart";

const day = (stamp: string, visits: number, unique: number, hours: number[] = []): Day => ({ stamp, visits, unique, hours });
const hourly = (stamp: string) => day(stamp, 276, 0, Array.from({ length: 24 }, (_, h) => h));
const iso = (ms: number) => new Date(ms).toISOString();

describe("by day", () => {
  test("x is local midnight as a time, on either side of a change of offset; y the views, and the unique visits", () => {
    // Pacific/Chatham: +12:45 until 2026-09-27 02:45 local, then +13:45.
    const chart = chartData([day("2026-09-26", 5, 2), day("2026-09-27", 7, 3), day("2026-09-28", 1, 1)], "day", "Pacific/Chatham");
    expect(chart.unit).toBe("day");
    expect(chart.datasets.map((d) => d.label)).toEqual(["views", "unique"]);
    expect(chart.datasets[0]!.data.map((p) => [iso(p.x), p.y])).toEqual([
      ["2026-09-25T11:15:00.000Z", 5], ["2026-09-26T11:15:00.000Z", 7], ["2026-09-27T10:15:00.000Z", 1],
    ]);
    expect(chart.datasets[1]!.data.map((p) => p.y)).toEqual([2, 3, 1]);
    expect(chart.datasets[1]!.data.map((p) => p.x)).toEqual(chart.datasets[0]!.data.map((p) => p.x));
  });

  test("no days, no points", () => {
    expect(chartData([], "day", "UTC")).toEqual({ unit: "day", datasets: [{ label: "views", data: [] }] });
  });
});

describe("by hour", () => {
  test("an hour daylight saving skips has no point; the others begin on the hour, local", () => {
    const points = chartData([hourly("2026-03-29")], "hour", "Europe/London").datasets[0]!.data;
    expect(points).toHaveLength(23);
    expect(points.slice(0, 3).map((p) => [iso(p.x), p.y])).toEqual([
      ["2026-03-29T00:00:00.000Z", 0], ["2026-03-29T01:00:00.000Z", 2], ["2026-03-29T02:00:00.000Z", 3],
    ]);
    expect(iso(points.at(-1)!.x)).toBe("2026-03-29T22:00:00.000Z");
  });

  test("a repeated hour begins at its first pass; a half-skipped hour where it starts", () => {
    // America/St_Johns: −2:30 until 02:00 local on 2026-11-01, when 01:00–02:00 comes again at −3:30.
    const stJohns = chartData([hourly("2026-11-01")], "hour", "America/St_Johns").datasets[0]!.data;
    expect(stJohns).toHaveLength(24);
    expect(stJohns.slice(1, 3).map((p) => iso(p.x))).toEqual(["2026-11-01T03:30:00.000Z", "2026-11-01T05:30:00.000Z"]);
    // Pacific/Chatham: 02:45 becomes 03:45 on 2026-09-27, so hour 3 is its last quarter.
    const chatham = chartData([hourly("2026-09-27")], "hour", "Pacific/Chatham").datasets[0]!.data;
    expect(chatham).toHaveLength(24);
    expect(chatham.slice(2, 5).map((p) => iso(p.x))).toEqual(["2026-09-26T13:15:00.000Z", "2026-09-26T14:00:00.000Z", "2026-09-26T14:15:00.000Z"]);
    expect(chatham[3]!.y).toBe(3);
  });
});
