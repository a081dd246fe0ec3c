// CO2 per page view with the Sustainable Web Design model v4 (@tgwf/co2), the model Website
// Carbon also uses. Every visit is counted as a first visit of the bytes measured.
import { co2, type Rating } from "@tgwf/co2";
import { averageIntensity } from "@tgwf/co2/data";
import countries from "i18n-iso-countries";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { energyKwh, KWH_PER_GB } from "../shared/units";
import type { ReportModel } from "../shared/yearly";

// NOTE: all three visit options are passed because perVisitTrace warns three times per call
// for each one missing; these are also v4's defaults (first visit, nothing cached).
const FIRST_VISIT = { dataReloadRatio: 0, firstVisitPercentage: 1, returnVisitPercentage: 0 };
const swd4 = new co2({ model: "swd", version: 4, rating: true });

type VisitCarbon = { grams: number; rating: Rating; kwh: number };

/**
 * CO2.js's country key (ISO 3166 alpha-3) for an alpha-2 code, or null when its grid data has no
 * figure for that country (about 40 small territories): those use the global average.
 */
function gridCountry(alpha2: string | null): string | null {
  const alpha3 = alpha2 ? countries.alpha2ToAlpha3(alpha2) : undefined;
  return alpha3 && alpha3 in averageIntensity.data ? alpha3 : null;
}

/**
 * Grams of CO2 for one view of a page weighing `bytes`. `green` is the green-hosting verdict;
 * "unknown" counts as grid energy (renewable only when green is known). `country` (alpha-2) prices
 * the device and network shares on that country's annual average grid (CO2.js's data) instead of
 * the global average; the data centre share keeps the global one, as the greencheck answer names
 * no country for the host.
 */
export function perVisit(bytes: number, green: boolean | "unknown", country: string | null = null): VisitCarbon {
  const grid = gridCountry(country);
  const options = grid ? { ...FIRST_VISIT, gridIntensity: { device: { country: grid }, network: { country: grid } } } : FIRST_VISIT;
  const trace = swd4.perVisitTrace(bytes, green === true, options);
  // TRICKY: under 1 byte the model answers a bare 0 without its rating; the letter still comes
  // from its own scale (0 g is A+).
  const result = typeof trace.co2 === "number" ? { total: trace.co2, rating: ratingOf(trace.co2) } : trace.co2;
  return { grams: result.total, rating: result.rating, kwh: energyKwh(bytes) };
}

/** The SWD v4 letter (A+ … F) of `grams` per visit, from CO2.js's own scale. */
export const ratingOf = (grams: number): Rating => swd4.model.ratingScale(grams);

const LETTERS: Rating[] = ["A+", "A", "B", "C", "D", "E", "F"];

/**
 * The scale's steps as CO2.js grades them: each letter's upper bound, found by bisecting its own
 * ratingScale (the thresholds are not exported), to a microgram. F has no bound.
 */
export const RATING_SCALE: { rating: Rating; upTo: number | null }[] = LETTERS.map((rating, i) => {
  if (i === LETTERS.length - 1) return { rating, upTo: null };
  let [low, high] = [0, 10];
  const atOrBelow = (g: number) => LETTERS.indexOf(ratingOf(g)) <= i;
  for (let step = 0; step < 60; step++) {
    const mid = (low + high) / 2;
    if (atOrBelow(mid)) low = mid;
    else high = mid;
  }
  return { rating, upTo: Math.round(low * 1e6) / 1e6 };
});

/**
 * The grid intensity (g CO2e per kWh) SWD v4 counts every segment at: CO2.js's global average. Read
 * back from its own answer for a gigabyte on grey hosting, as the model keeps the constant private.
 */
const GRID_INTENSITY = Math.round((swd4.perVisitTrace(1e9, false, FIRST_VISIT).co2 as { total: number }).total / KWH_PER_GB * 100) / 100;

/** The installed @tgwf/co2's version, from its own package.json (its exports map hides the file). */
const CO2JS_VERSION: string = (() => {
  // NOTE: the entry point lies a few folders below the package root (dist/esm/index.js).
  for (let dir = dirname(Bun.resolveSync("@tgwf/co2", import.meta.dir)); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "@tgwf/co2" && pkg.version) return pkg.version;
    } catch {}
  }
  throw new Error("@tgwf/co2's package.json was not found");
})();

/** What every published figure rests on (the yearly report, the earned badge's evidence): the model, the library and its constants. */
export const SWD_MODEL: ReportModel = {
  model: "Sustainable Web Design v4",
  library: "@tgwf/co2",
  version: CO2JS_VERSION,
  gridIntensity: GRID_INTENSITY,
  kwhPerGb: KWH_PER_GB,
};
