// Web vitals: the five metrics the tracker's data-vitals extension sends and the largest value the
// collector takes for each.

export type Vital = "lcp" | "inp" | "cls" | "fcp" | "ttfb";

/**
 * The largest value taken (milliseconds, CLS a unitless score). NOTE: a page hidden after minutes in
 * a background tab can report a late LCP, but over two minutes it measures the tab, not the page:
 * such a beacon is refused as absurd, as is a CLS over 100.
 */
export const VITAL_MAX: Record<Vital, number> = { lcp: 120_000, inp: 120_000, cls: 100, fcp: 120_000, ttfb: 120_000 };
