// The VSME breakdown's arithmetic (src/shared/vsme.ts): its intensities are SWD v4's as CO2.js holds
// them and add up to the report's 0.3 kWh/GB; its totals are the report's figures exactly and its
// cells add up to them; green hosting zeroes only the data centre's operational CO2e, as CO2.js's
// green hosting factor does; the range brackets the value by the documented factors.
import { describe, expect, test } from "bun:test";
import { co2 } from "@tgwf/co2";
import { SWD_MODEL } from "../../../src/carbon";
import { energyKwh, KWH_PER_GB } from "../../../src/shared/units";
import { PHASES, SEGMENTS, SWD_V4_KWH_PER_GB, UNCERTAINTY, vsmeBreakdown, type Phase, type Segment, type VsmeBreakdown } from "../../../src/shared/vsme";

const sumOf = (b: VsmeBreakdown, k: "kwh" | "co2Grams") => SEGMENTS.reduce((a, s: Segment) => a + PHASES.reduce((c, p: Phase) => c + b.cells[s][p][k], 0), 0);
const swd4 = new co2({ model: "swd", version: 4, results: "segment" });
const FIRST_VISIT = { dataReloadRatio: 0, firstVisitPercentage: 1, returnVisitPercentage: 0 };
type Trace = { co2: { dataCenterOperationalCO2e: number; networkOperationalCO2e: number; consumerDeviceOperationalCO2e: number; dataCenterEmbodiedCO2e: number; networkEmbodiedCO2e: number; consumerDeviceEmbodiedCO2e: number; total: number } };

describe("vsmeBreakdown", () => {
  test("its intensities are SWD v4's and add up to the report's kWh per GB", () => {
    const total = SEGMENTS.reduce((a, s) => a + SWD_V4_KWH_PER_GB[s].operational + SWD_V4_KWH_PER_GB[s].embodied, 0);
    expect(total).toBeCloseTo(KWH_PER_GB, 12);
  });

  for (const green of [false, true, "unknown"] as const) {
    test(`green hosting ${String(green)}: totals are the report's, cells add up, and match CO2.js's own segments`, () => {
      const bytes = 7.5e9;
      const trace = swd4.perVisitTrace(bytes, green === true, FIRST_VISIT) as unknown as Trace;
      const report = { kwh: energyKwh(bytes), co2Grams: trace.co2.total, green, assumptions: SWD_MODEL };
      const b = vsmeBreakdown(report);
      expect(b.total).toEqual({ kwh: report.kwh, co2Grams: report.co2Grams });
      expect(sumOf(b, "kwh")).toBeCloseTo(report.kwh, 9);
      expect(sumOf(b, "co2Grams")).toBeCloseTo(report.co2Grams, 9);
      // NOTE: CO2.js's segment trace keeps the data centre's operational figure on green hosting; its total drops it.
      expect(b.cells.dataCentre.operational.co2Grams).toBeCloseTo(green === true ? 0 : trace.co2.dataCenterOperationalCO2e, 6);
      expect(b.cells.network.embodied.co2Grams).toBeCloseTo(trace.co2.networkEmbodiedCO2e, 6);
      expect(b.cells.device.operational.co2Grams).toBeCloseTo(trace.co2.consumerDeviceOperationalCO2e, 6);
      expect(b.greenHosting).toBe(green === true);
      expect(b.low.co2Grams).toBeCloseTo(report.co2Grams * UNCERTAINTY.energy.low * UNCERTAINTY.grid.low * UNCERTAINTY.bytes.low, 9);
      expect(b.low.co2Grams).toBeLessThanOrEqual(b.total.co2Grams);
      expect(b.high.co2Grams).toBeGreaterThanOrEqual(b.total.co2Grams);
    });
  }

  test("an empty year is zero everywhere", () => {
    const b = vsmeBreakdown({ kwh: 0, co2Grams: 0, green: true, assumptions: SWD_MODEL });
    expect([sumOf(b, "kwh"), sumOf(b, "co2Grams"), b.low.co2Grams, b.high.co2Grams]).toEqual([0, 0, 0, 0]);
  });
});
