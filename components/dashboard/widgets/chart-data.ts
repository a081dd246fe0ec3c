// The time chart's data: one point per local hour (hour unit) or per
// local day (day unit), at most 10 x ticks, and the en-GB tooltip dates. Day keys are the
// domain's local days, so they are formatted as UTC dates: the viewer's own zone must not
// shift a day (nor the server's, which renders the same text first).
import { shortDay } from "../../../src/shared/days";
import type { Day } from "../../../src/shared/stats";

export type ChartPoint = { x: number; y: number; unique: number | null; stamp: string; hour: number | null };

const parse = (stamp: string, hour = 0) => {
  const [y, m, d] = stamp.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, hour));
};

export function chartPoints(days: readonly Day[], unit: "hour" | "day"): ChartPoint[] {
  if (unit === "day") return days.map((d, i) => ({ x: i, y: d.visits, unique: d.unique, stamp: d.stamp, hour: null }));
  // NOTE: days without hours (longer ranges never send them) still count 24 empty hours, so the
  // axis keeps its rhythm.
  return days.flatMap((d, di) =>
    Array.from({ length: 24 }, (_, h) => ({ x: di * 24 + h, y: d.hours[h] ?? 0, unique: null, stamp: d.stamp, hour: h })),
  );
}

/** Evenly spaced tick positions, at most `most` of them (at most 10 x ticks). */
export function ticks(count: number, most = 10): number[] {
  if (count <= 0) return [];
  const step = Math.ceil(count / most);
  return Array.from({ length: Math.ceil(count / step) }, (_, i) => i * step);
}

const hourly = new Intl.DateTimeFormat("en-GB", { weekday: "short", year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
const daily = new Intl.DateTimeFormat("en-GB", { weekday: "short", year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** "Mon, 16 Nov 2026, 14:00" for an hour, "Mon, 16 Nov 2026" for a day. */
export const tooltipDate = (p: Pick<ChartPoint, "stamp" | "hour">): string =>
  p.hour === null ? daily.format(parse(p.stamp)) : hourly.format(parse(p.stamp, p.hour));

/** Axis label: "16 Nov" for days and midnights, "14:00" for other hours. */
export const tickLabel = (p: Pick<ChartPoint, "stamp" | "hour">): string =>
  p.hour === null || p.hour === 0 ? shortDay(p.stamp) : `${String(p.hour).padStart(2, "0")}:00`;
