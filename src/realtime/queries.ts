// The realtime window's two reads of raw `hits` (./window.ts puts them together): the sums of
// sealed parts (PART_MS each, read once when they seal) and, every tick, the live rest of the
// window plus the raw rows "on the site now" needs beyond the parts. The aggregates lag by their
// refresh, so both read the raw rows; each reads a few seconds of them, not half an hour.
// NOTE: every bound comes from the caller's clock, never the database's now(): the minutes must be
// the ones the page draws.
import { namedQuery, type Queryable } from "../db";
import type { RealtimeSnapshot } from "../shared/realtime";
import { REF_LABEL } from "../stats";

export type Dim = keyof Pick<RealtimeSnapshot, "pages" | "sources" | "countries" | "devices">;
/** A part's length: the window's minutes are whole parts. */
export const PART_MS = 10_000;

/** The columns both reads take from `hits`. */
const COLUMNS = "time, kind, path, source, referrer_host, country, device, duration_ms";

/** A page view's label in each top list; a NULL label is in none (an internal view has no source). */
const LABELS = `(VALUES
  ('pages', path),
  ('sources', CASE WHEN source IS NULL THEN NULL ELSE ${REF_LABEL} END),
  ('countries', coalesce(country, 'unknown')),
  ('devices', coalesce(device, 'unknown'))
) d(dim, label)`;

/**
 * TRICKY: a leave beacon names no page view, only its page; it carries the view's visible time. A
 * leave of the last 5 minutes answers a view of that page in them when its time minus its visible
 * time (its start) is inside them too (the view began no later than that); "on now" is, per page,
 * its views less those leaves, never below 0. A view whose leave beacon never comes drops out after
 * 5 minutes. The window's `at` is a whole second, so a leave's start counts by its whole second.
 */
const START = "time - coalesce(duration_ms, 0) * interval '1 millisecond'";

type Sealed = {
  views: [number, Dim, string, number][];
  /** Per part and page, leaves by their start's whole second (in s), only those starting from `since`. */
  leaves: [number, string, number, number][];
};

/** Sums of the parts in [from, to) (whole parts): views per part and label, and leaves per start second from `since`. */
export const readSealed = namedQuery("realtime.sealed", async (sql: Queryable, siteId: number, from: number, to: number, since: number): Promise<Sealed> => {
  // NOTE: rows are binned with date_bin (timestamp maths) and turned into ms once per group, not on every row.
  const part = sql.unsafe(`date_bin('${PART_MS / 1000} seconds', time, timestamptz 'epoch')`);
  const ms = sql.unsafe("(extract(epoch FROM p) * 1000)::float8");
  const [row] = await sql<Sealed[]>`
    WITH w AS MATERIALIZED (
      SELECT ${sql.unsafe(COLUMNS)} FROM hits
      WHERE site_id = ${siteId} AND kind IN (1, 2) AND time >= ${new Date(from)} AND time < ${new Date(to)}
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_array(${ms}, dim, label, n)), '[]') FROM (
        SELECT ${part} AS p, dim, label, count(*)::int AS n
        FROM w CROSS JOIN LATERAL ${sql.unsafe(LABELS)} WHERE kind = 1 AND label IS NOT NULL GROUP BY 1, 2, 3
      ) g) AS views,
      (SELECT coalesce(json_agg(json_build_array(${ms}, path, extract(epoch FROM s)::float8, n)), '[]') FROM (
        SELECT ${part} AS p, path, date_bin('1 second', ${sql.unsafe(START)}, timestamptz 'epoch') AS s, count(*)::int AS n
        FROM w WHERE kind = 2 AND time >= ${new Date(since)} AND ${sql.unsafe(START)} >= ${new Date(since)} GROUP BY 1, 2, 3
      ) l) AS leaves`;
  return row!;
});

type Live = {
  /** The domain's stats epoch (src/domains), read in the same statement: the kept parts' key. */
  epoch: number;
  /** Views per minute of the window (its index from `from`) in [sealedTo, at]. */
  minutes: [number, number][];
  top: [Dim, string, number][];
  /** Per page, views and answering leaves in [since, headEnd) and [sealedTo, at]. */
  now: [string, number, number][];
};

/**
 * The domain's stats epoch and the raw rows the parts do not hold: the window's live end [sealedTo, at] by minute and label, and
 * for "on now" per page the views and answering leaves there and in [since, headEnd), the start of
 * its 5 minutes up to the first whole part.
 */
export const readLive = namedQuery(
  "realtime.live",
  async (sql: Queryable, siteId: number, w: { from: number; sealedTo: number; at: number; since: number; headEnd: number }): Promise<Live> => {
    const since = new Date(w.since);
    const [row] = await sql<Live[]>`
      WITH w AS MATERIALIZED (
        SELECT ${sql.unsafe(COLUMNS)} FROM hits
        WHERE site_id = ${siteId} AND kind IN (1, 2) AND time >= ${new Date(w.sealedTo)} AND time <= ${new Date(w.at)}
        UNION ALL
        SELECT ${sql.unsafe(COLUMNS)} FROM hits
        WHERE site_id = ${siteId} AND kind IN (1, 2) AND time >= ${since} AND time < ${new Date(w.headEnd)}
      ), v AS (SELECT * FROM w WHERE kind = 1 AND time >= ${new Date(w.sealedTo)})
      SELECT
        coalesce((SELECT stats_epoch::float8 FROM domains WHERE id = ${siteId}), 0) AS epoch,
        (SELECT coalesce(json_agg(json_build_array(m, n)), '[]') FROM (
          SELECT floor(extract(epoch FROM time - ${new Date(w.from)}::timestamptz) / 60)::int AS m, count(*)::int AS n FROM v GROUP BY 1
        ) per_minute) AS minutes,
        (SELECT coalesce(json_agg(json_build_array(dim, label, n)), '[]') FROM (
          SELECT dim, label, count(*)::int AS n FROM v CROSS JOIN LATERAL ${sql.unsafe(LABELS)} WHERE label IS NOT NULL GROUP BY 1, 2
        ) g) AS top,
        (SELECT coalesce(json_agg(json_build_array(path, views, leaves)), '[]') FROM (
          SELECT path, count(*) FILTER (WHERE kind = 1)::int AS views,
            count(*) FILTER (WHERE kind = 2 AND ${sql.unsafe(START)} >= ${since})::int AS leaves
          FROM w WHERE time >= ${since} GROUP BY path
        ) per_page) AS now`;
    return row!;
  },
);
