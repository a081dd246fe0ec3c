// When a weekly report is due: Monday 08:00 in the domain's time zone, for the Monday–Sunday just
// ended there. Local days and hours come from src/shared/days, so DST and half-hour zones need no
// instant arithmetic: "is it past Monday 08:00 here" is a comparison of local (day, hour) pairs.
import { addDays, localTime, utcMidnight } from "../shared/days";

/** The local hour on Monday from which last week's report goes out. */
const SEND_HOUR = 8;

/** The Monday (a day key) of the local week holding `day`. */
export const mondayOf = (day: string): string => addDays(day, -((new Date(utcMidnight(day)).getUTCDay() + 6) % 7));

const reached = (t: { day: string; hour: number }, day: string) => t.day > day || (t.day === day && t.hour >= SEND_HOUR);

/**
 * The first day (a Monday) of the week whose report is due at `nowMs`, or null before this week's
 * Monday 08:00. `since` is when reports were turned on: a week whose Monday 08:00 came before that
 * is not mailed, so turning reports on mid-week waits for the next Monday.
 */
export function dueWeek(tz: string, nowMs: number, since: Date): string | null {
  const now = localTime(tz, nowMs);
  const monday = mondayOf(now.day);
  if (!reached(now, monday)) return null;
  if (reached(localTime(tz, since.getTime()), monday)) return null;
  return addDays(monday, -7);
}
