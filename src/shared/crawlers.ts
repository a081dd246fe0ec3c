// Bots and crawlers as the dashboard and the API name them: the purposes a crawler's operator gives
// it, and one row of the "Bots & crawlers" answer. The list of known crawlers (their user-agent
// tokens) is the collector's (src/collect/crawlers.ts): only the server reads user agents.

export const CRAWLER_PURPOSES = ["training", "search", "assistant", "other"] as const;
export type CrawlerPurpose = (typeof CRAWLER_PURPOSES)[number];

/** What each purpose means, for the section's legend and the docs. */
export const PURPOSE_NAMES: Record<CrawlerPurpose, string> = {
  training: "AI training",
  search: "Search",
  assistant: "AI assistant",
  other: "Other",
};

/** The crawler's name for the bots no list names (isbot's and the tools' patterns still catch them). */
export const OTHER_BOTS = "Other bots";

/** One crawler over the range: what it asked for and what serving it cost. */
export type CrawlerRow = {
  crawler: string;
  operator: string;
  purpose: CrawlerPurpose;
  requests: number;
  bytes: number;
  /** Energy of the bytes served, at the dashboard's kWh per GB (src/shared/units.ts). */
  kwh: number;
};

export type CrawlerStats = { rows: CrawlerRow[]; total: { requests: number; bytes: number; kwh: number } };
