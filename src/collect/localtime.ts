// Time-zone facts for a hit: the domain's local day and hour (which aggregate row it lands in) and
// the visitor's country, derived from the browser's IANA zone, never from an IP address.
import ct from "countries-and-timezones";

const formatters = new Map<string, Intl.DateTimeFormat>();
const localCache = new Map<string, LocalTime>();

export type LocalTime = { day: string; hour: number };

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

/** True when the runtime knows `tz` as an IANA zone. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const countries = new Map<string, string | null>();

/** ISO country code of a zone ("Asia/Kolkata" → "IN"); null for UTC, Etc/* and unknown zones. */
export function countryOfTimeZone(tz: string): string | null {
  let id = countries.get(tz);
  if (id === undefined) {
    id = ct.getCountryForTimezone(tz)?.id ?? null;
    // NOTE: zone names come from visitors; the cap keeps junk from growing the map.
    if (countries.size < 5_000) countries.set(tz, id);
  }
  return id;
}
