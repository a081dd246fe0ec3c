// One rule for change against the previous period: the API's rows, the dashboard's figures and
// its insights all call percentChange; rounding is the display's.
import { describe, expect, test } from "bun:test";
import { formatChange } from "../../../components/dashboard/format";
import { changeTone, percentChange } from "../../../src/shared/change";

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

describe("changeTone", () => {
  test("more visitors is good news, more CO2, bounce, weight or load time is bad", () => {
    expect([changeTone("views", 12), changeTone("views", -12)]).toEqual(["good", "bad"]);
    expect([changeTone("co2", 12), changeTone("co2", -12)]).toEqual(["bad", "good"]);
    expect([changeTone("bounce", 3), changeTone("loadTime", 40), changeTone("weight", -5)]).toEqual(["bad", "bad", "good"]);
  });

  test("a change that shows as 0 is neutral, whatever its sign", () => {
    for (const c of [0, 0.4, -0.4]) expect([changeTone("views", c), changeTone("co2", c)]).toEqual(["neutral", "neutral"]);
  });
});
