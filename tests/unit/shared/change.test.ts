// One rule for change against the previous period: the API's rows, the dashboard's figures and
// its insights all call percentChange; rounding is the display's.
import { describe, expect, test } from "bun:test";
import { formatChange } from "../../../components/dashboard/format";
import { percentChange } from "../../../src/shared/change";

describe("percentChange", () => {
  test("change in % against the previous period, null without one", () => {
    expect(percentChange(120, 100)).toBe(20);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(1, 3)).toBeCloseTo(-66.667, 3);
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });

  test("the display rounds to whole percent", () => {
    expect(formatChange(percentChange(1, 3))).toBe("\u221267%");
    expect(formatChange(percentChange(1001, 1000))).toBe("0%");
    expect(formatChange(percentChange(10, 0))).toBe("");
  });
});
