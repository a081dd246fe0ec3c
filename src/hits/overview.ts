// Named queries over `hits` and its aggregates for the admin area: page views per day and per site,
// storage as TimescaleDB measures it, and how far behind each continuous aggregate is.
import type { Sql } from "postgres";
import { namedQuery } from "../db";
import { AGGREGATES } from "./aggregates";

/** Page views per UTC day across the instance, oldest first. */
export const viewsPerDay = namedQuery("collect.viewsPerDay", (sql, days: number) =>
  sql<{ day: string; views: number }[]>`
    SELECT to_char(time_bucket('1 day', bucket), 'YYYY-MM-DD') AS day, sum(views)::float8 AS views
    FROM hits_hourly WHERE bucket >= date_trunc('day', now()) - make_interval(days => ${days - 1})
    GROUP BY 1 ORDER BY 1`,
);

/** Page views per site in the last `days` days, busiest first. */
export const viewsBySite = namedQuery("collect.viewsBySite", (sql, days: number) =>
  sql<{ siteId: number; views: number }[]>`
    SELECT site_id AS "siteId", sum(views)::float8 AS views FROM hits_hourly
    WHERE bucket >= now() - make_interval(days => ${days})
    GROUP BY site_id ORDER BY views DESC`,
);

type Storage = {
  /** What the hits take now (compressed chunks at their compressed size), and before compression. */
  totalBytes: number;
  compressedBytes: number;
  uncompressedBytes: number;
  /** Rows per site, the share each site is charged of the sizes above. */
  rows: { siteId: number; rows: number }[];
};

/**
 * Storage of `hits`. TRICKY: chunks hold every site's rows (compression segments by site within a
 * chunk), so TimescaleDB measures chunks, not sites: a site's share is estimated by its rows.
 */
export const hitsStorage = namedQuery("collect.storage", async (sql): Promise<Storage> => {
  const [size] = await sql<{ total: number }[]>`SELECT coalesce(sum(total_bytes), 0)::float8 AS total FROM hypertable_detailed_size('hits')`;
  const [comp] = await sql<{ before: number; after: number }[]>`
    SELECT coalesce(sum(before_compression_total_bytes), 0)::float8 AS before,
           coalesce(sum(after_compression_total_bytes), 0)::float8 AS after
    FROM chunk_compression_stats('hits') WHERE compression_status = 'Compressed'`;
  const rows = await sql<{ siteId: number; rows: number }[]>`
    SELECT site_id AS "siteId", sum(views + leaves + events)::float8 AS rows FROM hits_hourly GROUP BY site_id`;
  const total = size?.total ?? 0;
  return {
    totalBytes: total,
    compressedBytes: comp?.after ?? 0,
    uncompressedBytes: total - (comp?.after ?? 0) + (comp?.before ?? 0),
    rows,
  };
});

/** Each continuous aggregate and where its materialized part ends (null: nothing yet). */
export const aggregateWatermarks = namedQuery("collect.aggregateWatermarks", (sql) =>
  sql<{ view: string; watermark: Date | null }[]>`
    SELECT c.view_name AS view,
      CASE WHEN w.mark IS NULL OR w.mark <= -210866803200000000 THEN NULL
           ELSE _timescaledb_functions.to_timestamp(w.mark) END AS watermark
    FROM timescaledb_information.continuous_aggregates c
    JOIN _timescaledb_catalog.hypertable h
      ON h.schema_name = c.materialization_hypertable_schema AND h.table_name = c.materialization_hypertable_name
    CROSS JOIN LATERAL (SELECT _timescaledb_functions.cagg_watermark(h.id) AS mark) w
    WHERE c.view_name = ANY(${AGGREGATES.map((a) => a.view)})
    ORDER BY c.view_name`,
);

/** Each continuous aggregate and how long ago its materialized part ends (null: nothing yet). */
export const aggregateLag = async (sql: Sql) =>
  (await aggregateWatermarks(sql)).map((r) => ({
    view: r.view,
    lagS: r.watermark ? Math.max(0, Math.round((Date.now() - r.watermark.getTime()) / 1000)) : null,
  }));
