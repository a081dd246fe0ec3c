// The VSME-shaped breakdown of the yearly report: the year's energy and location-based
// CO2e split the way SWD v4 splits them, data centre / network / user device × operational /
// embodied, with totals that are the report's own figures and a low–high range from the parameter
// ranges documented below. Pure and browser-safe: the report page, its sheet and the declaration
// draft all draw it from the same YearReport, so none can say another number.
import type { YearReport } from "./yearly";

export type Segment = "dataCentre" | "network" | "device";
export type Phase = "operational" | "embodied";
export const SEGMENTS: readonly Segment[] = ["dataCentre", "network", "device"];
export const PHASES: readonly Phase[] = ["operational", "embodied"];
export const SEGMENT_NAMES: Record<Segment, string> = { dataCentre: "Data centre", network: "Network", device: "User device" };
export const PHASE_NAMES: Record<Phase, string> = { operational: "Operational", embodied: "Embodied" };

/**
 * SWD v4's energy intensities, kWh per GB transferred, as CO2.js (src/carbon's pinned @tgwf/co2)
 * holds them in its constants: they sum to KWH_PER_GB (0.3), the report's kWh.
 * Source: Sustainable Web Design, "Estimating digital emissions" (v4, 2024), and CO2.js constants/index.js.
 */
export const SWD_V4_KWH_PER_GB: Record<Segment, Record<Phase, number>> = {
  dataCentre: { operational: 0.055, embodied: 0.012 },
  network: { operational: 0.059, embodied: 0.013 },
  device: { operational: 0.08, embodied: 0.081 },
};

/**
 * The ranges the uncertainty is computed from: each factor multiplies the model's central value.
 * They are Bothy's stated assumptions, not a confidence interval; the docs (content/docs/vsme.md) give their reasons.
 * - energy: published kWh/GB figures for each segment differ by about a factor of two either way
 *   (Aslan et al. 2018, J. Industrial Ecology, review of network intensity; SWD v4 itself notes the
 *   device and data-centre shares as averages over very different equipment), so ×0.5 to ×2 each.
 * - grid: the world average grid intensity CO2.js uses (Ember's annual figure) moves by a few
 *   per cent from year to year and differs between publishers; ±15 % covers both.
 * - bytes: browsers report no size for other sites' files without Timing-Allow-Origin, so the
 *   measured bytes can only fall short: +0 % to +10 %.
 */
export const UNCERTAINTY = {
  energy: { low: 0.5, high: 2 },
  grid: { low: 0.85, high: 1.15 },
  bytes: { low: 1, high: 1.1 },
} as const;

export type VsmeCell = { kwh: number; co2Grams: number };
export type VsmeBreakdown = {
  /** Every segment and phase: its share of the report's kWh and CO2e. */
  cells: Record<Segment, Record<Phase, VsmeCell>>;
  /** The report's own kWh and CO2e grams, the very same numbers. */
  total: VsmeCell;
  low: VsmeCell;
  high: VsmeCell;
  /** g CO2e per kWh the report counts every segment at (CO2.js's world average). */
  gridIntensity: number;
  /** The data centre's operational energy counts as zero carbon (SWD v4 green hosting factor 1). */
  greenHosting: boolean;
};

/**
 * The breakdown of `report`. The kWh split is the segments' share of 0.3 kWh/GB; the CO2e split
 * follows the model's own arithmetic (every segment at one grid intensity, the data centre's
 * operational part zero on green hosting) as shares of the report's CO2, so the totals are the
 * report's exactly rather than recomputed sums that could differ in the last digit.
 */
export function vsmeBreakdown(report: Pick<YearReport, "kwh" | "co2Grams" | "green" | "assumptions">): VsmeBreakdown {
  const green = report.green === true;
  const kwhWeight = (s: Segment, p: Phase) => SWD_V4_KWH_PER_GB[s][p];
  const co2Weight = (s: Segment, p: Phase) => (green && s === "dataCentre" && p === "operational" ? 0 : kwhWeight(s, p));
  const sum = (w: (s: Segment, p: Phase) => number) => SEGMENTS.reduce((a, s) => a + PHASES.reduce((b, p) => b + w(s, p), 0), 0);
  const kwhAll = sum(kwhWeight);
  const co2All = sum(co2Weight);
  const cells = Object.fromEntries(
    SEGMENTS.map((s) => [s, Object.fromEntries(PHASES.map((p) => [p, { kwh: (report.kwh * kwhWeight(s, p)) / kwhAll, co2Grams: co2All ? (report.co2Grams * co2Weight(s, p)) / co2All : 0 }]))]),
  ) as Record<Segment, Record<Phase, VsmeCell>>;
  const { energy, grid, bytes } = UNCERTAINTY;
  // NOTE: the factors are multiplied together at their ends (all low, all high): bounds, wider than
  // any interval that would assume the errors independent.
  return {
    cells,
    total: { kwh: report.kwh, co2Grams: report.co2Grams },
    low: { kwh: report.kwh * energy.low * bytes.low, co2Grams: report.co2Grams * energy.low * bytes.low * grid.low },
    high: { kwh: report.kwh * energy.high * bytes.high, co2Grams: report.co2Grams * energy.high * bytes.high * grid.high },
    gridIntensity: report.assumptions.gridIntensity,
    greenHosting: green,
  };
}

/** The method in one line, as the sheet, the page and the declaration state it. */
export const methodLine = (m: YearReport["assumptions"]): string =>
  `${m.model} (${m.library} ${m.version}), ${m.kwhPerGb} kWh/GB, location-based at ${m.gridIntensity} g CO2e/kWh (world average grid)`;
