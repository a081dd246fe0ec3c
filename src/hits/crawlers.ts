// The crawlers' table (sql/113_crawlers.sql): requests and bytes served to bots per domain, local
// day and crawler, beside `hits` and never in it, so no visit count can include a crawler. Written
// by the collector (crawlers' page-view beacons) and the log ingest (src/crawlers), read by the
// dashboard's "Bots & crawlers" section.
import { namedQuery, type Queryable } from "../db";

/** Requests a crawler made on one of a domain's local days, and the bytes served to it. */
export type CrawlerCount = { siteId: number; day: string; crawler: string; source: "log" | "beacon"; requests: number; bytes: number };

/** Sums requests and their bytes per site, day and crawler; `take()` hands the sums over for one write and starts again. */
export function crawlerCounter(source: CrawlerCount["source"]) {
  let counts = new Map<string, CrawlerCount>();
  return {
    add(siteId: number, day: string, crawler: string, bytes: number) {
      const key = `${siteId}|${day}|${crawler}`;
      const count = counts.get(key) ?? { siteId, day, crawler, source, requests: 0, bytes: 0 };
      count.requests += 1;
      count.bytes += bytes;
      counts.set(key, count);
    },
    take(): CrawlerCount[] {
      const taken = [...counts.values()];
      counts = new Map();
      return taken;
    },
  };
}

/** Adds the counts to their days (rows of one day and crawler summed first). */
export const addCrawlerCounts = namedQuery("crawlers.add", async (sql: Queryable, counts: readonly CrawlerCount[]) => {
  if (!counts.length) return;
  const rows = counts.map((c) => ({ site_id: c.siteId, day: c.day, crawler: c.crawler, source: c.source, requests: c.requests, bytes: c.bytes }));
  await sql`
    INSERT INTO crawler_daily (site_id, day, crawler, source, requests, bytes)
    SELECT r.site_id, r.day, r.crawler, r.source, sum(r.requests), sum(r.bytes)
    FROM jsonb_to_recordset(${sql.json(rows)}::jsonb) AS r(site_id int, day date, crawler text, source text, requests bigint, bytes bigint)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (site_id, day, crawler, source) DO UPDATE
      SET requests = crawler_daily.requests + EXCLUDED.requests, bytes = crawler_daily.bytes + EXCLUDED.bytes`;
});

/** Each crawler's requests and bytes over a domain's local days `from`..`to`, both sources summed. */
export const crawlerTotals = namedQuery("crawlers.totals", (sql: Queryable, siteId: number, from: string, to: string) =>
  sql<{ crawler: string; requests: number; bytes: number }[]>`
    SELECT crawler, sum(requests)::float8 AS requests, sum(bytes)::float8 AS bytes
    FROM crawler_daily
    WHERE site_id = ${siteId} AND day BETWEEN ${from}::date AND ${to}::date
    GROUP BY crawler
    ORDER BY bytes DESC, crawler`,
);
