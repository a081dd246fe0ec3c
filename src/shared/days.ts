// Day maths for the server and the browser alike: local days of a time zone as YYYY-MM-DD keys,
// the local hour of an instant, arithmetic on day keys, and a day as the product writes it short. Intl knows every IANA zone, and day
// keys need only UTC arithmetic, so no date library is needed and nothing here touches Node.

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

type LocalTime = { day: string; hour: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
const localCache = new Map<string, LocalTime>();
// NOTE: every UTC offset in use is a multiple of 15 minutes, so a local day and hour are constant
// within a quarter-hour of UTC; caching per (zone, quarter) makes this a map lookup per hit.
const QUARTER = 15 * 60 * 1000;

/** Local calendar day (YYYY-MM-DD) and hour (0–23) of `ms` in zone `tz`. */
export function localTime(tz: string, ms: number): LocalTime {
  const key = `${tz}|${Math.floor(ms / QUARTER)}`;
  const hit = localCache.get(key);
  if (hit) return hit;
  let f = formatters.get(tz);
  if (!f) {
    // NOTE: building a formatter costs about a millisecond; one per zone, kept.
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23",
    });
    formatters.set(tz, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(ms)) parts[p.type] = p.value;
  const value = { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
  if (localCache.size > 50_000) localCache.clear();
  localCache.set(key, value);
  return value;
}

/** The local day of an instant, e.g. dayIn("Pacific/Auckland", Date.parse("2026-01-01T12:00Z")) = "2026-01-02". */
export const dayIn = (tz: string, ms: number): string => localTime(tz, ms).day;

/** Milliseconds of UTC midnight of a day key, or null when it is not a real calendar day. */
export function dayMs(key: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // NOTE: Date.UTC rolls 2026-02-30 over to March 2nd; a real day survives the round trip.
  return new Date(ms).toISOString().slice(0, 10) === key ? ms : null;
}

export const isDayKey = (key: string): boolean => dayMs(key) !== null;

/** The years a day key from a client may name: the database's timestamps and a range's previous period must fit. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/**
 * The one check of a day key sent by a client (every route's startKey, endKey and day): null when
 * it is a real calendar day from FIRST_YEAR to LAST_YEAR, else what is wrong with it. Runs before
 * any query, so no impossible date ever reaches the database client.
 */
export function dayKeyProblem(key: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) return "must be a date as YYYY-MM-DD";
  if (dayMs(key) === null) return "is not a day of the calendar";
  const year = Number(key.slice(0, 4));
  return year < FIRST_YEAR || year > LAST_YEAR ? `must be a date from ${FIRST_YEAR} to ${LAST_YEAR}` : null;
}

export const dayKey = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** UTC midnight of a key already known to be a day (checked input, or produced here). */
export const utcMidnight = (key: string): number => Date.UTC(+key.slice(0, 4), +key.slice(5, 7) - 1, +key.slice(8, 10));

const SHORT_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
/** "20 Nov" for "2026-11-20": a day as the dashboard's axis, lists and notes write it. */
export const shortDay = (key: string): string => SHORT_DAY.format(utcMidnight(key));

export const addDays = (key: string, n: number): string => dayKey(utcMidnight(key) + n * DAY_MS);

/** Days from a to b (b − a); 0 for the same day. */
export const daysBetween = (a: string, b: string): number => Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);

/** Every day key from `from` to `to`, both included. */
export function dayKeys(from: string, to: string): string[] {
  const out: string[] = [];
  for (let ms = utcMidnight(from), end = utcMidnight(to); ms <= end; ms += DAY_MS) out.push(dayKey(ms));
  return out;
}
