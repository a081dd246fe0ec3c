// Page views of crawlers that run JavaScript (a search engine's renderer, an AI agent's browser):
// dropped as bots by the pipeline, and counted here instead, per domain, local day and crawler,
// with the bytes the page's beacon reports. Summed in memory and written every few seconds and at
// shutdown: a crawler's beacons are a trickle, and a failed write only loses those counts.
import type { Sql } from "postgres";
import { addCrawlerCounts, crawlerCounter } from "../hits";
import { log } from "../log";
import { localTime } from "../shared/days";
import { OTHER_BOTS } from "../shared/crawlers";
import { crawlerOf } from "./crawlers";
import type { Incoming } from "./model";
import type { Site, Sites } from "./sites";

const FLUSH_MS = 5_000;

export type CrawlerTally = { seen(input: Incoming): void; flush(): Promise<void>; stop(): Promise<void> };

export function crawlerTally(sql: Sql, sites: Sites): CrawlerTally {
  const counts = crawlerCounter("beacon");
  /** Beacons whose domain is being looked up: a flush waits for them. */
  const pending = new Set<Promise<void>>();

  const add = (input: Extract<Incoming, { kind: "view" }>, site: Site | null) => {
    if (!site || site.deleted) return;
    // NOTE: a headless browser that names no crawler (dropped for its 0 px screen) is one of the other bots.
    const crawler = crawlerOf(input.ua)?.crawler ?? OTHER_BOTS;
    counts.add(site.id, localTime(site.tz, input.time).day, crawler, Math.max(0, input.body.b ?? 0));
  };

  const flush = async () => {
    await Promise.all(pending);
    const batch = counts.take();
    if (!batch.length) return;
    await addCrawlerCounts(sql, batch).catch((err: unknown) => log.warn("crawler counts not written", { error: (err as Error).message, rows: batch.length }));
  };
  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();

  return {
    seen(input) {
      if (input.kind !== "view") return;
      const site = sites.lookup(input.body.d);
      if (!(site instanceof Promise)) return add(input, site);
      const looked = site.then((s) => add(input, s), () => {}).finally(() => pending.delete(looked));
      pending.add(looked);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
