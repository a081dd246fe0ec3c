// Imported history as stored figures (`imported_daily`, sql/102_imports.sql): an import's days of
// figures per list and label, written all at once and deleted by the import's id, and what an import
// needs to know of the domain's own hits: the day they begin (imported days stop there), and the
// weight of its page views, from which imported page views get an estimated carbon figure.
import { namedQuery, type Queryable } from "../db";
import type { ImportedDim } from "../shared/imports";

/** One stored row: an ImportedRow (src/imports/model.ts) with its estimated bytes (page and total rows only). */
type StoredImportRow = {
  day: string; dim: ImportedDim; label: string; group: string;
  views: number; uniques: number; bounces: number; durationMs: number; bytes: number | null;
};

/** Rows per INSERT: postgres.js sends each column as one array, so a batch is ten parameters. */
const BATCH = 5_000;

/** Writes an import's rows (run it inside the caller's transaction, so an import is stored whole or not at all). */
export const writeImportedRows = namedQuery(
  "hits.writeImported",
  async (tx: Queryable, importId: number, siteId: number, rows: StoredImportRow[]) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      const col = <K extends keyof StoredImportRow>(k: K) => batch.map((r) => r[k]);
      await tx`
        INSERT INTO imported_daily (import_id, site_id, day, dim, label, grp, views, uniques, bounces, duration_ms, bytes)
        SELECT ${importId}, ${siteId}, r.*
        FROM unnest(${col("day")}::date[], ${col("dim")}::text[], ${col("label")}::text[], ${col("group")}::text[],
          ${col("views")}::bigint[], ${col("uniques")}::bigint[], ${col("bounces")}::bigint[], ${col("durationMs")}::bigint[],
          ${col("bytes")}::bigint[]) AS r`;
    }
  },
);

/** Deletes an import's rows; returns how many went. */
export const deleteImportedRows = namedQuery("hits.deleteImported", async (tx: Queryable, importId: number) =>
  (await tx`DELETE FROM imported_daily WHERE import_id = ${importId}`).count,
);

/** The first and last of `days` that another import of the domain holds already, or null. */
export const daysImportedAlready = namedQuery(
  "hits.daysImportedAlready",
  async (sql: Queryable, siteId: number, importId: number, days: string[]) => {
    const [row] = await sql<{ first: string | null; last: string | null }[]>`
      SELECT min(day)::text AS first, max(day)::text AS last FROM imported_daily
      WHERE site_id = ${siteId} AND import_id <> ${importId} AND day = ANY(${days}::date[])`;
    return row?.first && row.last ? { first: row.first, last: row.last } : null;
  },
);

/**
 * The local day of the domain's first own hit, or null. NOTE: the earliest raw hit through the
 * (site_id, time) index, and the earliest materialized day, which outlives raw hits a retention
 * dropped; both are one short index walk.
 */
export const firstOwnDay = namedQuery("hits.firstOwnDay", async (sql: Queryable, siteId: number): Promise<string | null> => {
  const [row] = await sql<{ day: string | null }[]>`
    SELECT least(
      (SELECT local_day FROM hits WHERE site_id = ${siteId} ORDER BY time LIMIT 1),
      (SELECT local_day FROM hits_daily_page WHERE site_id = ${siteId} ORDER BY bucket LIMIT 1)
    )::text AS day`;
  return row?.day ?? null;
});

/** What a page view of the domain weighs, as measured by its own hits: the median per path, and over all paths. */
type PageWeights = { byPath: Map<string, number>; site: number | null };

/** The median bytes of the domain's own page views that carried bytes (kind 1), per path and over the site. */
export const pageWeights = namedQuery("hits.pageWeights", async (sql: Queryable, siteId: number): Promise<PageWeights> => {
  // NOTE: ROLLUP's row with a NULL path is the site's median over every path.
  const rows = await sql<{ path: string | null; bytes: number }[]>`
    SELECT path, percentile_disc(0.5) WITHIN GROUP (ORDER BY transfer_bytes)::float8 AS bytes
    FROM hits WHERE site_id = ${siteId} AND kind = 1 AND transfer_bytes > 0
    GROUP BY ROLLUP (path)`;
  const byPath = new Map<string, number>();
  let site: number | null = null;
  for (const r of rows) {
    if (r.path === null) site = r.bytes;
    else byPath.set(r.path, r.bytes);
  }
  return { byPath, site };
});

/**
 * Each page row's estimated bytes (views × its path's median, else the site's, else `fallback`,
 * the inspector's figure for the home page; NULL with none of them), and the total rows' the sum of
 * their day's pages (a day without page rows: its views × the site's weight). Other lists carry no
 * bytes. NOTE: set on the rows themselves, which it returns: an import of a million hits holds some
 * 300,000 rows, and each copy of them added tens of MB to the import's peak memory.
 */
export function withEstimatedBytes<R extends Omit<StoredImportRow, "bytes">>(
  rows: R[], weights: PageWeights, fallback: number | null,
): (R & { bytes: number | null })[] {
  const siteWeight = weights.site ?? fallback;
  const perView = (path: string) => weights.byPath.get(path) ?? siteWeight;
  const perDay = new Map<string, number>();
  const out = rows as (R & { bytes: number | null })[];
  for (const r of out) {
    const weight = r.dim === "page" ? perView(r.label) : null;
    r.bytes = weight === null ? null : Math.round(r.views * weight);
    if (r.bytes !== null) perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.bytes);
  }
  for (const r of out) if (r.dim === "total") r.bytes = perDay.get(r.day) ?? (siteWeight === null ? null : Math.round(r.views * siteWeight));
  return out;
}
