// The dashboard's wording of numbers ("<0.01%", y values above 999 as k) and the pure rules of
// its widgets (list rows, pages of a list, the site-link check). Pure functions only, so the unit
// tests check them without a browser and the server render and the hydrated client agree to the
// character.
import type { ChangeTone } from "../../src/shared/change";
import type { ListRow } from "../../src/shared/stats";

// NOTE: the product's number and unit wordings live in src/shared, one for the dashboard, the
// inspector, the exports and the weekly report; here for the widgets to find beside the rest.
export { formatChange, formatDuration, formatNumber, formatPercent, formatRough } from "../../src/shared/numbers";
export { formatBytes, formatMass, streamingHours } from "../../src/shared/units";

/** The colour of a change by its meaning (src/shared/change.ts changeTone), never by its sign. */
export const CHANGE_TONE_CLASS: Record<ChangeTone, string> = {
  good: "text-green-700 dark:text-green-400",
  bad: "text-red-700 dark:text-red-400",
  neutral: "text-gray-600 dark:text-gray-400",
};

const trim = (v: number): string => (v < 10 ? String(Math.round(v * 10) / 10) : String(Math.round(v)));

/** Axis style: 999 → "999", 1234 → "1.2k", 12345 → "12k", 1_300_000 → "1.3M", 1e9 → "1B";
 * a fraction under 10 keeps one decimal (0.5 → "0.5"), never rounding to a run of equal labels. */
export function formatCompact(n: number): string {
  const abs = Math.abs(n);
  const sign = n < 0 ? "-" : "";
  if (abs <= 999) return sign + trim(abs);
  // TRICKY: 999,950 rounds to "1000k" and 999,950,000 to "1000M"; say "1M" and "1B" instead.
  if (abs < 999_500) return sign + trim(abs / 1000) + "k";
  if (abs < 999_500_000) return sign + trim(abs / 1_000_000) + "M";
  return sign + trim(abs / 1_000_000_000) + "B";
}

/** The site-link check: optional http(s) scheme and www, a dotted host ending in 2–5
 * letters, an optional port of up to 5 digits and an optional path. */
const SITE_LINK = /^(https?:\/\/)?(www\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,5}(:\d{1,5})?(\/\S*)?$/i;
export const isSiteLink = (s: string): boolean => SITE_LINK.test(s);

type Page<T> = { rows: T[]; page: number; pages: number };

/** One page (1-based, clamped into range) of `size` rows; an empty list is one empty page. */
export function paginate<T>(rows: readonly T[], page: number, size: number): Page<T> {
  const pages = Math.max(1, Math.ceil(rows.length / Math.max(1, size)));
  const p = Math.min(pages, Math.max(1, Math.floor(page) || 1));
  return { rows: rows.slice((p - 1) * size, p * size), page: p, pages };
}

/** Rows whose label contains the query, ignoring case and surrounding spaces. */
export function filterRows<T extends Pick<ListRow, "label">>(rows: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  return q ? rows.filter((r) => r.label.toLowerCase().includes(q)) : [...rows];
}
