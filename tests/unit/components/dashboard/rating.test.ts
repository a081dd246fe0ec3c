// The Energy & Carbon section's rating legend and per-page letters, read on the scale the stats
// API sends (src/carbon's RATING_SCALE, CO2.js's own steps), checked against CO2.js itself.
import { expect, test } from "bun:test";
import { co2 } from "@tgwf/co2";
import { letterOn, ratingLegend } from "../../../../components/dashboard/widgets/CarbonSection";
import { RATING_SCALE } from "../../../../src/carbon";

test("the legend words every step, F above the last bound", () => {
  expect(ratingLegend(RATING_SCALE)).toBe("A+ ≤ 0.04 g · A ≤ 0.079 g · B ≤ 0.145 g · C ≤ 0.209 g · D ≤ 0.278 g · E ≤ 0.359 g · F above 0.359 g");
});

test("a page's letter on that scale is CO2.js's letter for its grams, 0 g included", () => {
  const scale = new co2({ model: "swd", version: 4, rating: true }).model;
  for (const g of [0, 0.02, 0.04, 0.05, 0.079, 0.08, 0.15, 0.209, 0.25, 0.3, 0.359, 0.4, 3]) expect(letterOn(RATING_SCALE, g)).toBe(scale.ratingScale(g));
});
