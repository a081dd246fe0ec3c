// The time chart's points, ticks and en-GB dates.
import { describe, expect, test } from "bun:test";
import { chartPoints, tickLabel, ticks, tooltipDate } from "../../../../components/dashboard/widgets/chart-data";

const day = (stamp: string, visits: number, hours: number[] = []) => ({ stamp, visits, unique: Math.round(visits / 2), hours });

describe("chart data", () => {
  test("day unit: one point per day with its page views and unique visits", () => {
    const p = chartPoints([day("2026-11-16", 10), day("2026-11-17", 30)], "day");
    expect(p.map((x) => [x.x, x.y, x.unique, x.stamp])).toEqual([[0, 10, 5, "2026-11-16"], [1, 30, 15, "2026-11-17"]]);
  });
  test("hour unit: 24 points per day, missing hours as zero", () => {
    const hours = Array.from({ length: 24 }, (_, h) => h);
    const p = chartPoints([day("2026-11-16", 276, hours), day("2026-11-17", 0)], "hour");
    expect(p).toHaveLength(48);
    expect(p[14]).toMatchObject({ x: 14, y: 14, stamp: "2026-11-16", hour: 14 });
    expect(p[30]).toMatchObject({ x: 30, y: 0, stamp: "2026-11-17", hour: 6 });
  });
  test("at most 10 x ticks, evenly spaced", () => {
    expect(ticks(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(ticks(24)).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
    expect(ticks(30).length).toBeLessThanOrEqual(10);
    expect(ticks(168).length).toBeLessThanOrEqual(10);
    expect(ticks(0)).toEqual([]);
  });
  test("tooltips in en-GB: weekday, day, month, year (and time for hours), whatever the zone", () => {
    expect(tooltipDate({ stamp: "2026-11-16", hour: null })).toBe("Mon, 16 Nov 2026");
    expect(tooltipDate({ stamp: "2026-11-16", hour: 14 })).toBe("Mon, 16 Nov 2026, 14:00");
    expect(tickLabel({ stamp: "2026-11-16", hour: 0 })).toBe("16 Nov");
    expect(tickLabel({ stamp: "2026-11-16", hour: 9 })).toBe("09:00");
  });
});
