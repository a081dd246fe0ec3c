// What an importer reads out of another tool's file, before anything is stored: per-day figures
// (the tools that export aggregates) or single page views and events (the tools that export raw
// rows, classified by the collector's own rules and folded into days by ./fold.ts). Either way an
// import stores days of figures per dimension (`imported_daily`, src/hits), never a visitor.

import type { ImportedDim } from "../shared/imports";

export type { ImportedDim } from "../shared/imports";

/** One day's figures for one label of one list. Counts are whole numbers ≥ 0. */
export type ImportedRow = {
  /** The domain's local day, YYYY-MM-DD. */
  day: string;
  /** The list (src/shared/imports.ts); `total` has label "". */
  dim: ImportedDim;
  label: string;
  /**
   * A second label where the list has one, else "": a `referrer`'s source class (direct, search,
   * social, …: src/collect/referrers.ts), an `entry` page's referrer label (its host or "direct",
   * when the file tells), an `event`'s value.
   */
  group: string;
  /** Page views (for `event`: events). */
  views: number;
  /** Unique visits: the tool's visits, sessions or unique visitors of that day, whichever it counts. */
  uniques: number;
  /** Visits that saw one page. */
  bounces: number;
  /** Time on the pages, summed, in milliseconds (0 when the file has none). */
  durationMs: number;
};

/** One page view or event of a per-event file, in the file's terms; ./fold.ts classifies it. */
export type ImportedHit = {
  /** When it happened (UTC). The domain's time zone makes its local day. */
  time: Date;
  kind: "view" | "event";
  /** The page's path (query and fragment dropped by the fold). */
  path: string;
  /** The referrer as the file has it: a URL, a bare host, or empty/undefined for none. */
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  /** ISO 3166 alpha-2, when the file has it. */
  country?: string;
  language?: string;
  /** A user-agent string when the file has one (read once for browser, OS and device, then dropped)… */
  userAgent?: string;
  /** …or the tool's own browser, OS and device names. */
  browser?: string;
  os?: string;
  device?: string;
  screenWidth?: number;
  /** Whether the view began a visit (the tool's "first visit", "new session" or "entrance"). */
  unique?: boolean;
  /** Whether the visit it began saw only this page. */
  bounce?: boolean;
  durationMs?: number;
  eventName?: string;
  eventValue?: string;
};

/** A file refused: the line (1-based; 0 when the fault is the file as a whole) and why. */
export class ImportFault extends Error {
  constructor(readonly line: number, readonly reason: string) {
    super(line > 0 ? `line ${line}: ${reason}` : reason);
  }
}
