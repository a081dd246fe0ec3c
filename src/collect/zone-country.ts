// Time-zone facts for a hit: the visitor's country derived from the browser's IANA zone, never from
// an IP address. Local days and hours are src/shared/days.
import ct from "countries-and-timezones";

const countries = new Map<string, string | null>();

/**
 * Zones the package gives another country than IANA's zone.tab, which names one country per zone.
 * NOTE: countries-and-timezones lists Europe/Simferopol under RU first (from zone1970.tab's "RU,UA").
 */
const ZONE_TAB: Record<string, string> = { "Europe/Simferopol": "UA" };

/** ISO country code of a zone ("Asia/Kolkata" → "IN"); null for UTC, Etc/* and unknown zones. */
export function countryOfTimeZone(tz: string): string | null {
  let id = countries.get(tz);
  if (id === undefined) {
    id = ZONE_TAB[tz] ?? ct.getCountryForTimezone(tz)?.id ?? null;
    // NOTE: zone names come from visitors; the cap keeps junk from growing the map.
    if (countries.size < 5_000) countries.set(tz, id);
  }
  return id;
}
