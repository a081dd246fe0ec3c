// Warms the stats cache after a boot. The cache lives in memory (cache.ts), so a restart empties it,
// and the first read of a busy domain then sums every day of its range from the continuous
// aggregates: 0.3–3 s at 1M hits and 2–5 s at 10M (bench:stats, cold), where a cached read takes
// ~30 ms. So the busiest domains of the last day get the read their dashboard opens with (the
// opening range and the one before it, every dataType) in the background, one at a time. They are
// read as a dashboard asks, through the read gate (admission.ts), which keeps each answer: while
// the first dashboards' reads run, other viewers get the warmed answer instead of waiting too.
import type { AppContext } from "../context";
import type { Site } from "../domains";
import { addDays, localTime } from "../shared/days";
import type { Database } from "../db";
import { log } from "../log";
import type { StatsAccess } from "./access";
import { DATA_TYPES, OPENING_DAYS, type DataType } from "./contract";

/** A dashboard's read of one dataType of a range, as /api/stats makes it. */
export type WarmRead = (domain: Site, q: { startKey: string; endKey: string; dataType: DataType; entries?: "none" }) => Promise<unknown>;

/** Domains warmed after a boot: each costs one cold read (above) and its share of the cache. */
const WARM_DOMAINS = 20;

// NOTE: by database, like the collector and the demo, so tests can wait for the warm-up of the app they started.
const warmings = new WeakMap<Database, Promise<number>>();
export const warmingOf = (db: Database) => warmings.get(db);

/**
 * Starts warming once `after` settles (the demo's seeding: its late rows would retire what was
 * warmed before). Resolves with the number of domains warmed; a shutdown stops it between reads.
 */
export function warmStats({ db, lifecycle }: Pick<AppContext, "db" | "lifecycle">, access: StatsAccess, read: WarmRead, after: Promise<unknown>): Promise<number> {
  let stopped = false;
  // NOTE: the read in flight, which a shutdown waits for before the database closes; it does not
  // wait for `after` (the demo's seeding is stopped by its own hook).
  let current: Promise<unknown> = Promise.resolve();
  const step = <T>(p: Promise<T>): Promise<T> => ((current = p), p);
  const run = async () => {
    await after.catch(() => {});
    if (stopped) return 0;
    const t0 = performance.now();
    const domains = await step(access.busiest(WARM_DOMAINS));
    let warmed = 0;
    for (const domain of domains) {
      if (stopped) return warmed;
      const today = localTime(domain.tz, Date.now()).day;
      const range = { startKey: addDays(today, 1 - OPENING_DAYS), endKey: today };
      // NOTE: FUNNEL answers one funnel at a time, asked by its id: nothing to warm. SPEED's
      // percentiles are read whole each time (src/stats/speed.ts) and its pages are PATH's.
      for (const dataType of DATA_TYPES.filter((d) => d !== "FUNNEL" && d !== "SPEED")) {
        if (stopped) return warmed;
        // NOTE: REF as the dashboard's load asks it: the entry pages wait for a row's popup.
        await step(read(domain, { ...range, dataType, ...(dataType === "REF" ? { entries: "none" as const } : {}) }));
      }
      warmed++;
    }
    if (warmed) log.info("stats cache warmed", { domains: warmed, ms: Math.round(performance.now() - t0) });
    return warmed;
  };
  const running = run().catch((err: unknown) => {
    // NOTE: only a head start is lost: the first dashboard reads fill the cache themselves.
    log.warn("stats warm-up stopped", { error: err instanceof Error ? err.message : String(err) });
    return 0;
  });
  warmings.set(db, running);
  lifecycle.onShutdown("stats.warm", () => {
    stopped = true;
    return current.catch(() => {});
  }, { first: true });
  return running;
}
