// The dashboard's wording of numbers (thousands separators, compact durations,
// "<0.01%", y values above 999 as k) and the pure rules its widgets and the weekly report share
// (list rows, the site-link check, the bounce clamp, bounce rate, average time). Pure functions
// only, so the unit tests check them without a browser and the server render and the hydrated
// client agree to the character.
import type { ListRow, PathStats, SummaryStats } from "../../src/shared/stats";

// NOTE: the carbon units are pure and import nothing from the server: one wording for the
// inspector, the exports and the dashboard.
export { formatBytes, formatMass, streamingHours } from "../../src/shared/units";

const whole = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** 1234567 → "1,234,567" (rounded to a whole number: the dashboard counts things). */
export const formatNumber = (n: number): string => whole.format(n);

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

const pad = (n: number) => String(n).padStart(2, "0");

/** Compact time: "0s", "45s", "3m 05s", "1h 02m" (ms in; seconds rounded). */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
}

/** A share (0–1) as a percentage: "12.3%"; small shares keep two decimals ("0.05%") and those
 * under 0.01 % read "<0.01%" rather than a misleading "0.0%". */
export function formatPercent(fraction: number): string {
  const pc = fraction * 100;
  if (pc === 0) return "0%";
  if (pc > 0 && pc < 0.01) return "<0.01%";
  if (Math.abs(pc) < 0.1) return `${pc.toFixed(2)}%`;
  return `${pc.toFixed(1)}%`;
}

/** The change against the previous period (a percentage): "+12%", "−3%" (a real minus sign),
 * "0%", or "" when the previous period had nothing to compare with. */
export function formatChange(c: number | null): string {
  if (c === null || !Number.isFinite(c)) return "";
  const r = Math.round(c);
  if (r === 0) return "0%";
  return r > 0 ? `+${formatNumber(r)}%` : `\u2212${formatNumber(-r)}%`;
}

/** Bounce rate is shown clamped to 0–100. */
export const clampBounce = (pct: number): number => (Number.isFinite(pct) ? Math.min(100, Math.max(0, pct)) : 0);

/** Bounces per unique visit in %, or null when no visit has ended yet (shown as "n/a"). */
export const bounceRate = (v: SummaryStats["visits"]) => (v.bounceNew > 0 ? clampBounce((v.bounceCount / v.bounceNew) * 100) : null);

/** Average visible time over the top pages, weighted by their page views; null without any leave beacon. */
export function averageTime(path: PathStats | undefined): number | null {
  const rows = path?.path.filter((r) => r.durationAvg !== null) ?? [];
  const views = rows.reduce((n, r) => n + r.value, 0);
  return views ? rows.reduce((n, r) => n + r.durationAvg! * r.value, 0) / views : null;
}

/** The site-link check: optional http(s) scheme and www, a dotted host ending in 2–5
 * letters, an optional port of up to 5 digits and an optional path. */
const SITE_LINK = /^(https?:\/\/)?(www\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,5}(:\d{1,5})?(\/\S*)?$/i;
export const isSiteLink = (s: string): boolean => SITE_LINK.test(s);

export type Page<T> = { rows: T[]; page: number; pages: number };

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
