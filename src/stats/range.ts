// Stage 1 of a stats read: the asked local days checked and turned into the two periods compared
// (`now` and `then`, the same number of days just before) and the UTC bucket window that lets the
// aggregates' chunk exclusion work. Errors are values with the status the API answers.
import { DAY_MS, dayKey, dayKeyProblem, dayMs, localTime } from "../shared/days";

/** Longest range one read may ask for (ten years and a bit). */
const MAX_RANGE_DAYS = 3660;
/** Ranges up to this many days carry 24 hourly counts per day (the dashboard's hours view). */
const HOURS_MAX_DAYS = 7;

export type ReadRange = {
  startKey: string;
  endKey: string;
  /** Days in the range, ends included. */
  days: number;
  thenStart: string;
  thenEnd: string;
  /** Today in the domain's time zone. */
  today: string;
  hourly: boolean;
  /** UTC bucket bounds wide enough for every local day of then…now in any zone (−12:00 … +14:00). */
  bucketFrom: Date;
  bucketTo: Date;
};

type RangeError = { ok: false; status: 400 | 403; message: string };

export function parseRange(
  q: { startKey: string; endKey: string },
  target: { tz: string; historyDays: number | null },
  now: Date,
): { ok: true; range: ReadRange } | RangeError {
  // NOTE: the schema checked keys sent as keys; days of times sent as `start`/`end` are checked here.
  for (const [name, key] of [["startKey", q.startKey], ["endKey", q.endKey]] as const) {
    const problem = dayKeyProblem(key);
    if (problem) return { ok: false, status: 400, message: `${name} ${problem}.` };
  }
  const start = dayMs(q.startKey)!;
  const end = dayMs(q.endKey)!;
  if (start > end) return { ok: false, status: 400, message: "startKey must not be after endKey." };
  const days = (end - start) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) {
    return { ok: false, status: 400, message: `A range may span at most ${MAX_RANGE_DAYS} days; this one spans ${days}.` };
  }
  const today = localTime(target.tz, now.getTime()).day;
  if (target.historyDays !== null && start < dayMs(today)! - target.historyDays * DAY_MS) {
    return {
      ok: false,
      status: 403,
      message: `Free plans show the last ${target.historyDays} days. Upgrade to Pro for all of your history.`,
    };
  }
  const thenStartMs = start - days * DAY_MS;
  return {
    ok: true,
    range: {
      startKey: q.startKey,
      endKey: q.endKey,
      days,
      thenStart: dayKey(thenStartMs),
      thenEnd: dayKey(start - DAY_MS),
      today,
      hourly: days <= HOURS_MAX_DAYS,
      // TRICKY: a local day D lies within UTC [D − 14 h, D + 1 day + 12 h), so the UTC day buckets
      // D − 1 … D + 1 hold all of it; hourly buckets fall inside the same bounds.
      bucketFrom: new Date(thenStartMs - DAY_MS),
      bucketTo: new Date(end + 2 * DAY_MS),
    },
  };
}
