// Time-zone facts for a hit: whether a zone is real, and the visitor's country derived from the
// browser's IANA zone, never from an IP address. Local days and hours are src/shared/days.
import ct from "countries-and-timezones";

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
