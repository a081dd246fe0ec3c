// The carbon room without I/O: SWD v4 grams checked against co2.js itself, and the units the product words.
import { describe, expect, test } from "bun:test";
import { co2 } from "@tgwf/co2";
import { carKm, formatBytes, formatMass, GRAMS_PER_KM, historyKb, perVisit, RATING_SCALE, ratingOf, streamingHours } from "../../../src/carbon";

const FIRST = { dataReloadRatio: 0, firstVisitPercentage: 1, returnVisitPercentage: 0 };

describe("perVisit (SWD v4)", () => {
  test("grams equal @tgwf/co2's own output, grey and green", () => {
    const model = new co2({ model: "swd", version: 4 });
    for (const bytes of [0, 1, 121_653, 1_000_000, 2_200_000]) {
      expect(perVisit(bytes, false).grams).toBeCloseTo(model.perVisitTrace(bytes, false, FIRST).co2 as number, 10);
      expect(perVisit(bytes, true).grams).toBeCloseTo(model.perVisitTrace(bytes, true, FIRST).co2 as number, 10);
    }
  });

  test("the rating scale's steps are CO2.js's: each bound is its letter, a microgram more the next", () => {
    const scale = new co2({ model: "swd", version: 4, rating: true }).model;
    expect(RATING_SCALE.map((s) => s.rating)).toEqual(["A+", "A", "B", "C", "D", "E", "F"]);
    for (const [i, step] of RATING_SCALE.entries()) {
      if (step.upTo === null) continue;
      expect(scale.ratingScale(step.upTo)).toBe(step.rating);
      expect(scale.ratingScale(step.upTo + 1e-6)).toBe(RATING_SCALE[i + 1]!.rating);
    }
    for (const g of [0, 0.01, 0.04, 0.0401, 0.1, 0.2, 0.3, 0.359, 0.36, 2]) expect(ratingOf(g)).toBe(scale.ratingScale(g));
  });

  test("0 bytes is 0 g and A+ on CO2.js's own scale, not F", () => {
    expect(perVisit(0, false)).toEqual({ grams: 0, rating: "A+", kwh: 0 });
    expect(perVisit(0.5, true).rating).toBe("A+");
  });

  test("1 MB is 0.1482 g on the grid and 0.12103 g on green hosting (note B2)", () => {
    expect(perVisit(1_000_000, false)).toEqual({ grams: 0.1482, rating: "C", kwh: 0.0003 });
    expect(perVisit(1_000_000, true).grams).toBeCloseTo(0.12103, 5);
    expect(perVisit(1_000_000, true).rating).toBe("B");
  });

  test('"unknown" green counts as grid energy', () => {
    expect(perVisit(1_000_000, "unknown").grams).toBe(perVisit(1_000_000, false).grams);
  });
});

describe("units", () => {
  test("bytes / 700 million are streaming hours", () => {
    expect(streamingHours(700_000_000)).toBe(1);
    expect(streamingHours(350_000_000)).toBe(0.5);
  });
  test("car kilometres use the EEA 2023 new-car average of 106.6 g CO2/km", () => {
    expect(GRAMS_PER_KM).toBe(106.6);
    expect(carKm(1066)).toBeCloseTo(10, 10);
    expect(carKm(0)).toBe(0);
  });
  test("mass scales by 1000 through g, kg, t, kt", () => {
    expect(formatMass(0.148)).toBe("0.15 g");
    expect(formatMass(1234)).toBe("1.23 kg");
    expect(formatMass(5_600_000)).toBe("5.6 t");
    expect(formatMass(7e9)).toBe("7 kt");
    expect(formatMass(7e12)).toBe("7000 kt");
  });
  test("bytes scale by 1000 through B … TB; history is kB of 1024", () => {
    expect(formatBytes(999)).toBe("999 B");
    expect(formatBytes(121_653)).toBe("122 kB");
    expect(formatBytes(2_412_000_000_000)).toBe("2.41 TB");
    expect(historyKb(2048)).toBe(2);
  });
});
