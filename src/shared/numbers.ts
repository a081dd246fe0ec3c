// How the product writes numbers, wherever it shows them (the dashboard, the weekly report's mail,
// the yearly report, the admin pages, the pricing pages): counts with thousands separators, shares
// and changes in % or in points, compact durations, rough measures, the round ticks of a value axis. Pure, so a server render, a mail and the
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

/** The change of a rate in points (the bounce rate's): "+3 pts", "−2 pts", "±0 pts". */
export function formatPoints(c: number): string {
  const r = Math.round(c);
  return `${r > 0 ? "+" : r < 0 ? "\u2212" : "\u00b1"}${Math.abs(r)} pts`;
}

/** A value axis from 0 to a round top at or above `max`, in at most `most` round steps (1, 2, 2.5
 * or 5 × a power of ten): [0, 0.01, 0.02, 0.03, 0.04] for 0.037. Charts set their domain to
 * [0, last tick], so the top of the axis is a labelled tick and no bar or point rises above it.
 * `whole` keeps every tick a whole number (an axis of counts: steps of 1, 2 or 5 × a power of ten). */
export function axisTicks(max: number, most = 4, whole = false): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = whole ? Math.max(1, max / most) : max / most;
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiples = whole ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const step = multiples.map((m) => m * power).find((s) => s >= rough * (1 - 1e-9))!;
  const count = Math.ceil(max / step - 1e-9);
  // NOTE: i × step, rounded to the step's digits, so 3 × 0.1 reads 0.3, not 0.30000000000000004.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toFixed(digits)));
}
