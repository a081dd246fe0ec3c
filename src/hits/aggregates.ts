// The continuous aggregates over `hits` and the bucket each materializes: hits_hourly, a daily
// aggregate per grouping, and each daily one's hourly twin, which keeps only the last few days.
// Stats reads them by name (src/stats/grouped.ts); the jobs (./jobs.ts) refresh them.

/** What the daily aggregates group by (sql/003_hits.sql, sql/060_stats.sql, sql/087_visitor_grid.sql, sql/100_from_path.sql). */
const DAILY = ["page", "geo", "tech", "event", "referrer", "campaign", "entry", "campaign_page", "post", "grid", "step"] as const;

/**
 * How long an hourly twin keeps its hours (sql/093_hourly_twins.sql): it is read for today and the
 * unmaterialized tail of the daily aggregates, never further back than TWIN_READ_DAYS.
 */
export const TWIN_KEEP = "3 days";
export const TWIN_READ_DAYS = 2;

type Aggregate = { view: string; bucket: "1 hour" | "1 day"; /** An hourly twin: refreshed and kept for TWIN_KEEP only. */ twin?: true };

/** The continuous aggregates over `hits` and the bucket each one materializes. */
export const AGGREGATES: readonly Aggregate[] = [
  { view: "hits_hourly", bucket: "1 hour" },
  ...DAILY.map((d): Aggregate => ({ view: `hits_daily_${d}`, bucket: "1 day" })),
  ...DAILY.map((d): Aggregate => ({ view: `hits_hourly_${d}`, bucket: "1 hour", twin: true })),
];

/** The aggregate holding `view`'s SELECT by the hour (hits_hourly is its own), or null. */
export function hourlyTwin(view: string): string | null {
  if (view === "hits_hourly") return view;
  const twin = view.replace(/^hits_daily_/, "hits_hourly_");
  return twin !== view && AGGREGATES.some((a) => a.view === twin) ? twin : null;
}
