// "Cleaner/Dirtier than X% of websites": where a page's weight sits among all web pages.
// Source: HTTP Archive Web Almanac 2025, Page Weight chapter (July 2025 crawl, desktop, home and
// inner pages; KB = 1024 bytes): https://almanac.httparchive.org/en/2025/page-weight
// Desktop because the inspector renders a 1366×768 desktop viewport. Refresh yearly.
export const PAGE_WEIGHT_SOURCE = "HTTP Archive Web Almanac 2025, Page Weight (desktop, July 2025)";

const KB = 1024;
/** [percentile, bytes] from the chapter's table. */
const POINTS: readonly [number, number][] = [
  [10, 607 * KB],
  [25, 1275 * KB],
  [50, 2412 * KB],
  [75, 4570 * KB],
  [90, 9179 * KB],
];

/**
 * Percentile (0–100) of a page weighing `bytes`: the share of websites lighter than it.
 * Interpolates log(bytes) linearly between the table's points and extends the end segments.
 */
export function percentileOf(bytes: number): number {
  if (bytes <= 0) return 0;
  const x = Math.log(bytes);
  const seg = (i: number) => {
    const [p0, b0] = POINTS[i]!;
    const [p1, b1] = POINTS[i + 1]!;
    return p0 + ((x - Math.log(b0)) * (p1 - p0)) / (Math.log(b1) - Math.log(b0));
  };
  let i = 0;
  while (i < POINTS.length - 2 && bytes > POINTS[i + 1]![1]) i++;
  return Math.min(100, Math.max(0, Math.round(seg(i) * 10) / 10));
}

/** Bytes at percentile p (the inverse of percentileOf over the same segments). */
function bytesAt(p: number): number {
  let i = 0;
  while (i < POINTS.length - 2 && p > POINTS[i + 1]![0]) i++;
  const [p0, b0] = POINTS[i]!;
  const [p1, b1] = POINTS[i + 1]!;
  return Math.round(Math.exp(Math.log(b0) + ((p - p0) * (Math.log(b1) - Math.log(b0))) / (p1 - p0)));
}

/** The 100-entry "averages" list: page bytes at percentiles 1…100. */
export const PERCENTILES: readonly number[] = Array.from({ length: 100 }, (_, i) => bytesAt(i + 1));
