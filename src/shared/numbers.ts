// How the product writes numbers, wherever it shows them (the dashboard, the weekly report's mail,
// the yearly report, the admin pages, the pricing pages): counts with thousands separators, changes
// in % or in points, compact durations, rough measures. Pure, so a server render, a mail and the
// hydrated dashboard word the same number alike, to the character.

const whole = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** 1234567 → "1,234,567" (rounded to a whole number: the product counts things). */
export const formatNumber = (n: number): string => whole.format(n);

/** A measure a comparison gives roughly (car km, hours of streaming): one decimal under 100 ("3.4"),
 * whole with separators from 100 ("1,235"). */
export const formatRough = (n: number): string => (n >= 100 ? formatNumber(n) : String(Math.round(n * 10) / 10));

const pad = (n: number) => String(n).padStart(2, "0");

/** Compact time: "0s", "45s", "3m 05s", "1h 02m" (ms in; seconds rounded). */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
}

/** The change against the previous period (a percentage): "+12%", "−3%" (a real minus sign),
 * "0%", or "" when the previous period had nothing to compare with. */
export function formatChange(c: number | null): string {
  if (c === null || !Number.isFinite(c)) return "";
  const r = Math.round(c);
  if (r === 0) return "0%";
  return r > 0 ? `+${formatNumber(r)}%` : `\u2212${formatNumber(-r)}%`;
}

/** The change of a rate in points (the bounce rate's): "+3 pts", "−2 pts", "±0 pts". */
export function formatPoints(c: number): string {
  const r = Math.round(c);
  return `${r > 0 ? "+" : r < 0 ? "\u2212" : "\u00b1"}${Math.abs(r)} pts`;
}
