// The realtime window of one domain read straight from `hits`, in one statement: page views per
// minute of the last 30 minutes, "on the site now" and the four top lists. The aggregates lag by
// their refresh; the raw rows of half an hour are few and sit in the newest chunk.
// NOTE: the window's ends come from the caller's clock, never the database's now(): the minutes
// must be the ones the page draws.
import { namedQuery, type Queryable } from "../db";
import { NOW_MINUTES, TOP_ROWS, WINDOW_MINUTES, type RealtimeRow, type RealtimeSnapshot } from "../shared/realtime";
import { REF_LABEL } from "../stats";

const MINUTE_MS = 60_000;

type Row = {
  minutes: [number, number][];
  onNow: number;
  top: [keyof Pick<RealtimeSnapshot, "pages" | "sources" | "countries" | "devices">, string, number][];
};

/** The window that ends at `at`: its first minute's start (a whole minute) and where "now" starts. */
const windowOf = (at: number) => ({
  from: Math.floor(at / MINUTE_MS) * MINUTE_MS - (WINDOW_MINUTES - 1) * MINUTE_MS,
  since: at - NOW_MINUTES * MINUTE_MS,
});

/**
 * TRICKY: a leave beacon names no page view, only its page; it carries the view's visible time. A
 * leave of the last 5 minutes answers a view of that page in them when its time minus its visible
 * time is inside them too (the view began no later than that); "on now" is, per page, its views
 * less those leaves, never below 0. A view whose leave beacon never comes drops out after 5 minutes.
 */
export const readRealtime = namedQuery("realtime.window", async (sql: Queryable, siteId: number, at: number): Promise<RealtimeSnapshot> => {
  const { from, since } = windowOf(at);
  const [row] = await sql<Row[]>`
    WITH w AS MATERIALIZED (
      SELECT time, kind, path, source, referrer_host, country, device, duration_ms FROM hits
      WHERE site_id = ${siteId} AND kind IN (1, 2) AND time >= ${new Date(from)} AND time <= ${new Date(at)}
    ), v AS (SELECT * FROM w WHERE kind = 1),
    ranked AS (
      SELECT dim, label, count(*)::int AS views, row_number() OVER (PARTITION BY dim ORDER BY count(*) DESC, label) AS r
      FROM v CROSS JOIN LATERAL (VALUES
        ('pages', path),
        ('sources', CASE WHEN source IS NULL THEN NULL ELSE ${sql.unsafe(REF_LABEL)} END),
        ('countries', coalesce(country, 'unknown')),
        ('devices', coalesce(device, 'unknown'))
      ) d(dim, label)
      WHERE label IS NOT NULL
      GROUP BY dim, label
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_array(m, n) ORDER BY m), '[]') FROM (
        SELECT floor(extract(epoch FROM time - ${new Date(from)}::timestamptz) / 60)::int AS m, count(*)::int AS n FROM v GROUP BY 1
      ) per_minute) AS minutes,
      (SELECT coalesce(sum(greatest(0, views - leaves)), 0)::int FROM (
        SELECT count(*) FILTER (WHERE kind = 1) AS views,
          count(*) FILTER (WHERE kind = 2 AND time - coalesce(duration_ms, 0) * interval '1 millisecond' >= ${new Date(since)}) AS leaves
        FROM w WHERE time >= ${new Date(since)} GROUP BY path
      ) per_page) AS "onNow",
      (SELECT coalesce(json_agg(json_build_array(dim, label, views) ORDER BY dim, r), '[]') FROM ranked WHERE r <= ${TOP_ROWS}) AS top`;
  const minutes = new Array<number>(WINDOW_MINUTES).fill(0);
  for (const [m, n] of row!.minutes) if (m >= 0 && m < WINDOW_MINUTES) minutes[m] = n;
  const lists: Record<Row["top"][number][0], RealtimeRow[]> = { pages: [], sources: [], countries: [], devices: [] };
  for (const [dim, label, views] of row!.top) lists[dim].push({ label, views });
  return { at, from, minutes, onNow: row!.onNow, ...lists };
});
