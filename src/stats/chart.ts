// SUMMARY's chart data (SPEC §3): datasets of points whose x is the time a local hour or day of the
// domain's zone begins, in ms since 1970 (the unit `start`/`end` take), and whose y is its count.
import type { Chart, Day, TimePoint } from "./contract";
import { localTime, utcMidnight } from "../shared/days";

const HOUR = 3_600_000;
/** Every UTC offset in use is a multiple of 15 minutes, so a local hour begins on a UTC quarter. */
const QUARTER = 15 * 60 * 1000;
/** The furthest ahead of UTC a zone runs (+14:00, Pacific/Kiritimati). */
const MAX_AHEAD = 14 * HOUR;

const wall = (day: string, hour: number) => `${day}T${String(hour).padStart(2, "0")}`;

/**
 * The times local hours begin, asked in order: each search goes on from the last answer, so a
 * range costs a few steps per point. TRICKY: no arithmetic on offsets: an hour skipped by daylight
 * saving has no start (the next hour's is found), and a repeated hour begins at its first pass.
 */
function hourStarts(tz: string, firstDay: string) {
  let t = utcMidnight(firstDay) - MAX_AHEAD;
  return (day: string, hour: number): number => {
    const want = wall(day, hour);
    for (let l = localTime(tz, t); wall(l.day, l.hour) < want; l = localTime(tz, t)) t += QUARTER;
    return t;
  };
}

/** Page views per local hour (one-day ranges) or per local day with unique visits, as time points. */
export function chartData(days: readonly Day[], unit: "hour" | "day", tz: string): Chart {
  if (days.length === 0) return { unit, datasets: [{ label: "views", data: [] }] };
  const start = hourStarts(tz, days[0]!.stamp);
  if (unit === "day") {
    const xs = days.map((d) => start(d.stamp, 0));
    return {
      unit,
      datasets: [
        { label: "views", data: days.map((d, i) => ({ x: xs[i]!, y: d.visits })) },
        { label: "unique", data: days.map((d, i) => ({ x: xs[i]!, y: d.unique })) },
      ],
    };
  }
  const data = days.flatMap((d) =>
    d.hours.flatMap((y, hour): TimePoint[] => {
      const x = start(d.stamp, hour);
      const at = localTime(tz, x);
      // NOTE: an hour daylight saving skips has no time of its own, nor any page view.
      return at.day === d.stamp && at.hour === hour ? [{ x, y }] : [];
    }),
  );
  return { unit, datasets: [{ label: "views", data }] };
}
