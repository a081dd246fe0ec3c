// Web vitals: the five metrics the tracker's data-vitals extension sends, the largest value the
// collector takes for each, and Google's thresholds that rate a value good, needs improvement or
// poor, and how each is named and written. The collector, the stats reader, the dashboard's Speed
// section and the alerts all follow these.

export const VITALS = ["lcp", "inp", "cls", "fcp", "ttfb"] as const;
export type Vital = (typeof VITALS)[number];

/**
 * The largest value taken (milliseconds, CLS a unitless score). NOTE: a page hidden after minutes in
 * a background tab can report a late LCP, but over two minutes it measures the tab, not the page:
 * such a beacon is refused as absurd, as is a CLS over 100.
 */
export const VITAL_MAX: Record<Vital, number> = { lcp: 120_000, inp: 120_000, cls: 100, fcp: 120_000, ttfb: 120_000 };

/** Good up to the first value, poor above the second (web.dev's thresholds, as CrUX rates). */
export const VITAL_THRESHOLDS: Record<Vital, readonly [good: number, poor: number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
  fcp: [1800, 3000],
  ttfb: [800, 1800],
};

/** Each vital's short name, as the dashboard, the report and the alerts write it. */
export const VITAL_NAMES: Record<Vital, string> = { lcp: "LCP", inp: "INP", cls: "CLS", fcp: "FCP", ttfb: "TTFB" };

/** A vital as read: milliseconds under a second, seconds above; CLS as a score. */
export const formatVital = (v: Vital, value: number): string =>
  v === "cls" ? value.toFixed(2) : value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;

export type VitalRating = "good" | "needs-improvement" | "poor";

/** Each rating in words, as the dashboard and the yearly report write it beside a value. */
export const VITAL_RATING_NAMES: Record<VitalRating, string> = { good: "good", "needs-improvement": "needs improvement", poor: "poor" };

/** A value's rating: at or under the good threshold is good, over the poor one is poor. */
export function rateVital(vital: Vital, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[vital];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** The percentile every figure of the Speed section reports, as CrUX does. */
export const VITAL_PERCENTILE = 0.75;
