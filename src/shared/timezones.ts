// The time zones a domain can report in: ~100 IANA zones with a city label, each shown as its
// current UTC offset and zone name ("UTC+01:00 Europe/Berlin"; computed, so daylight saving is
// always right), in offset order. Europe/London is the default.
export const DEFAULT_TZ = "Europe/London";

// NOTE: one zone per distinct offset/region people pick from; labels are cities. The order shown is
// computed (timezoneOptions), since daylight saving moves zones past each other during the year.
const TIMEZONES: readonly (readonly [zone: string, label: string])[] = [
  ["Pacific/Pago_Pago", "Pago Pago"], ["Pacific/Honolulu", "Hawaii"], ["America/Anchorage", "Alaska"],
  ["America/Los_Angeles", "Pacific Time (US & Canada)"], ["America/Tijuana", "Tijuana"], ["America/Phoenix", "Arizona"],
  ["America/Denver", "Mountain Time (US & Canada)"], ["America/Chicago", "Central Time (US & Canada)"],
  ["America/Mexico_City", "Mexico City"], ["America/Guatemala", "Central America"], ["America/Regina", "Saskatchewan"],
  ["America/New_York", "Eastern Time (US & Canada)"], ["America/Bogota", "Bogota"], ["America/Lima", "Lima"],
  ["America/Toronto", "Toronto"], ["America/Halifax", "Atlantic Time (Canada)"], ["America/Caracas", "Caracas"],
  ["America/La_Paz", "La Paz"], ["America/Santiago", "Santiago"], ["America/St_Johns", "Newfoundland"],
  ["America/Sao_Paulo", "Brasilia"], ["America/Argentina/Buenos_Aires", "Buenos Aires"], ["America/Montevideo", "Montevideo"],
  ["America/Nuuk", "Greenland"], ["Atlantic/South_Georgia", "Mid-Atlantic"], ["Atlantic/Azores", "Azores"],
  ["Atlantic/Cape_Verde", "Cape Verde"], ["UTC", "Coordinated Universal Time"], ["Europe/London", "London"], ["Europe/Dublin", "Dublin"],
  ["Europe/Lisbon", "Lisbon"], ["Africa/Casablanca", "Casablanca"], ["Africa/Monrovia", "Monrovia"],
  ["Europe/Amsterdam", "Amsterdam"], ["Europe/Berlin", "Berlin"], ["Europe/Brussels", "Brussels"],
  ["Europe/Copenhagen", "Copenhagen"], ["Europe/Madrid", "Madrid"], ["Europe/Paris", "Paris"], ["Europe/Prague", "Prague"],
  ["Europe/Rome", "Rome"], ["Europe/Stockholm", "Stockholm"], ["Europe/Vienna", "Vienna"], ["Europe/Warsaw", "Warsaw"],
  ["Europe/Zurich", "Zurich"], ["Europe/Oslo", "Oslo"], ["Europe/Budapest", "Budapest"], ["Africa/Lagos", "West Central Africa"],
  ["Europe/Athens", "Athens"], ["Europe/Bucharest", "Bucharest"], ["Europe/Helsinki", "Helsinki"], ["Europe/Kyiv", "Kyiv"],
  ["Europe/Riga", "Riga"], ["Europe/Sofia", "Sofia"], ["Europe/Tallinn", "Tallinn"], ["Europe/Vilnius", "Vilnius"],
  ["Africa/Cairo", "Cairo"], ["Africa/Johannesburg", "Pretoria"], ["Asia/Jerusalem", "Jerusalem"], ["Asia/Beirut", "Beirut"],
  ["Europe/Istanbul", "Istanbul"], ["Europe/Minsk", "Minsk"], ["Europe/Moscow", "Moscow"], ["Asia/Riyadh", "Riyadh"],
  ["Asia/Baghdad", "Baghdad"], ["Asia/Kuwait", "Kuwait"], ["Africa/Nairobi", "Nairobi"], ["Asia/Tehran", "Tehran"],
  ["Asia/Dubai", "Abu Dhabi, Dubai"], ["Asia/Baku", "Baku"], ["Asia/Tbilisi", "Tbilisi"], ["Asia/Yerevan", "Yerevan"],
  ["Asia/Kabul", "Kabul"], ["Asia/Karachi", "Karachi"], ["Asia/Tashkent", "Tashkent"], ["Asia/Yekaterinburg", "Ekaterinburg"],
  ["Asia/Kolkata", "Chennai, Kolkata, Mumbai, New Delhi"], ["Asia/Colombo", "Sri Jayawardenepura"], ["Asia/Kathmandu", "Kathmandu"],
  ["Asia/Dhaka", "Dhaka"], ["Asia/Almaty", "Almaty"], ["Asia/Yangon", "Yangon"], ["Asia/Bangkok", "Bangkok, Hanoi"],
  ["Asia/Jakarta", "Jakarta"], ["Asia/Novosibirsk", "Novosibirsk"], ["Asia/Shanghai", "Beijing, Shanghai"],
  ["Asia/Hong_Kong", "Hong Kong"], ["Asia/Singapore", "Singapore"], ["Asia/Kuala_Lumpur", "Kuala Lumpur"],
  ["Asia/Taipei", "Taipei"], ["Australia/Perth", "Perth"], ["Asia/Manila", "Manila"], ["Asia/Tokyo", "Tokyo"],
  ["Asia/Seoul", "Seoul"], ["Asia/Yakutsk", "Yakutsk"], ["Australia/Darwin", "Darwin"], ["Australia/Adelaide", "Adelaide"],
  ["Australia/Brisbane", "Brisbane"], ["Australia/Sydney", "Canberra, Melbourne, Sydney"], ["Australia/Hobart", "Hobart"],
  ["Pacific/Guam", "Guam"], ["Asia/Vladivostok", "Vladivostok"], ["Pacific/Noumea", "New Caledonia"],
  ["Asia/Magadan", "Magadan"], ["Pacific/Auckland", "Auckland, Wellington"], ["Pacific/Fiji", "Fiji"],
  ["Pacific/Tongatapu", "Nuku'alofa"], ["Pacific/Kiritimati", "Kiritimati"],
];

const ZONES = new Set(TIMEZONES.map(([zone]) => zone));
export const isKnownZone = (zone: string) => ZONES.has(zone);

/** "+05:30" for Asia/Kolkata, at `at` (daylight saving included); "−" offsets as "-". */
function utcOffset(zone: string, at = new Date()): string {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")!.value; // "GMT+05:30", or "GMT" for UTC
  return name === "GMT" ? "+00:00" : name.slice(3);
}

/** "+05:30" → 330. */
const offsetMinutes = (offset: string) => (offset[0] === "-" ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

const optionText = (zone: string, offset: string) => `UTC${offset} ${zone}`;

/** UTC's text, and the one a form shows for a zone the list does not name. */
export const FALLBACK_TIMEZONE_TEXT = optionText("UTC", "+00:00");

/** The list as the domain forms show it, west to east, then by zone name: "UTC+05:30 Asia/Kolkata". */
export const timezoneOptions = (at = new Date()) =>
  TIMEZONES.map(([zone, label]) => {
    const offset = utcOffset(zone, at);
    return { zone, label, offset, text: optionText(zone, offset) };
  }).sort((a, b) => offsetMinutes(a.offset) - offsetMinutes(b.offset) || a.zone.localeCompare(b.zone));
