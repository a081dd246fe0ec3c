// The realtime view's contract, for the server that streams it (src/realtime) and the pages that
// draw it: the window, what "on the site now" counts, and one snapshot as the stream sends it.
// Nothing in a snapshot names a visitor: it holds counts only.

/** The chart's minutes: the current one and the 29 before it. */
export const WINDOW_MINUTES = 30;
/** "On the site now" looks at the page views of the last 5 minutes. */
export const NOW_MINUTES = 5;
/** Each top list's rows. */
export const TOP_ROWS = 10;
/** The event name of a snapshot on the stream. */
export const REALTIME_EVENT = "realtime";

export type RealtimeRow = { label: string; views: number };

export type RealtimeSnapshot = {
  /** When it was read, in ms: the window ends here. */
  at: number;
  /** The start of the window's first minute, in ms (a whole minute). */
  from: number;
  /** Page views per minute, oldest first: WINDOW_MINUTES numbers, the last one the current minute so far. */
  minutes: number[];
  /** Page views of the last NOW_MINUTES minutes whose leave beacon has not come yet (per page, never below 0). */
  onNow: number;
  pages: RealtimeRow[];
  sources: RealtimeRow[];
  countries: RealtimeRow[];
  devices: RealtimeRow[];
};

/** The realtime stream's address for a domain (by name) or a public dashboard (by its id). */
export const realtimeUrl = (target: { domain: string } | { id: string }): string =>
  "domain" in target ? `/api/realtime?domain=${encodeURIComponent(target.domain)}` : `/api/realtime?id=${encodeURIComponent(target.id)}`;
