// The yearly report's ranges: a past year whole, the running year up to today, and each month cut
// at the range's end (leap February, December into the next year), never a month not yet begun.
import { describe, expect, test } from "bun:test";
import { monthsOf, yearRange } from "../../../src/yearly/figures";

describe("yearRange", () => {
  test("a past year is read whole; the running one up to today, today included", () => {
    expect(yearRange(2024, "2026-03-05")).toEqual({ startKey: "2024-01-01", endKey: "2024-12-31", running: false });
    expect(yearRange(2026, "2026-03-05")).toEqual({ startKey: "2026-01-01", endKey: "2026-03-05", running: true });
    expect(yearRange(2025, "2025-12-31")).toEqual({ startKey: "2025-01-01", endKey: "2025-12-31", running: true });
  });
});

describe("monthsOf", () => {
  test("twelve calendar months of a whole year, February's length from the calendar", () => {
    const months = monthsOf({ startKey: "2024-01-01", endKey: "2024-12-31" });
    expect(months).toHaveLength(12);
    expect(months[1]).toEqual({ month: "2024-02", startKey: "2024-02-01", endKey: "2024-02-29" });
    expect(months[11]).toEqual({ month: "2024-12", startKey: "2024-12-01", endKey: "2024-12-31" });
    expect(monthsOf({ startKey: "2025-01-01", endKey: "2025-12-31" })[1]!.endKey).toBe("2025-02-28");
  });

  test("a running year stops at today's month, cut at today", () => {
    expect(monthsOf({ startKey: "2026-01-01", endKey: "2026-03-05" })).toEqual([
      { month: "2026-01", startKey: "2026-01-01", endKey: "2026-01-31" },
      { month: "2026-02", startKey: "2026-02-01", endKey: "2026-02-28" },
      { month: "2026-03", startKey: "2026-03-01", endKey: "2026-03-05" },
    ]);
    expect(monthsOf({ startKey: "2026-01-01", endKey: "2026-01-01" })).toEqual([{ month: "2026-01", startKey: "2026-01-01", endKey: "2026-01-01" }]);
  });
});
