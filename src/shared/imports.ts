// What imported history holds, as the stats answer tells it and the dashboard shows it: the lists
// an imported day can fill. Browser-safe.

/**
 * The lists an imported day can fill: `total` the day's totals, `page` and `entry` page paths,
 * `referrer` a referrer's host ("direct" for none), `campaign` a utm_campaign, `utm_source` and
 * `utm_medium`, `country` (ISO 3166 alpha-2), `language`, `device` (desktop, mobile, tablet),
 * `browser`, `os`, `screen` (s, m, l), `event` an event name.
 */
export const IMPORTED_DIMS = [
  "total", "page", "entry", "referrer", "campaign", "utm_source", "utm_medium",
  "country", "language", "device", "browser", "os", "screen", "event",
] as const;
export type ImportedDim = (typeof IMPORTED_DIMS)[number];

/** Each list as the dashboard names it. */
export const IMPORTED_DIM_NAMES: Record<ImportedDim, string> = {
  total: "totals", page: "pages", entry: "entry pages", referrer: "referrers", campaign: "campaigns",
  utm_source: "UTM sources", utm_medium: "UTM media", country: "countries", language: "languages",
  device: "devices", browser: "browsers", os: "systems", screen: "screen sizes", event: "events",
};

/** The imported days of an answer's range: how many, and the lists they fill (others say so). */
export type ImportedSpan = { days: number; lists: ImportedDim[] };
