// Usage against the tiers: an account's unique visits in a calendar month (UTC), summed over its
// domains from hits_hourly, the totals every stats read uses, never from raw hits beyond what
// real-time aggregation reads for the current hour. Nothing here limits counting: it only measures.
import { namedQuery, type Queryable } from "../db";

/** Unique visits of every domain `uid` owns, from the start of `at`'s UTC month to now. */
export const monthlyVisits = namedQuery("stats.monthlyVisits", async (sql: Queryable, uid: string, at: Date) => {
  const [row] = await sql<{ n: number }[]>`
    SELECT coalesce(sum(h.uniques), 0)::bigint::float8 AS n FROM hits_hourly h JOIN domains d ON d.id = h.site_id
    WHERE d.owner = ${uid} AND d.deleted_at IS NULL
      AND h.bucket >= date_trunc('month', ${at}::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
  return row!.n;
});

/** Each account owning a domain with visits this month, with its total: the over-limit check's input. */
export const monthlyVisitsByAccount = namedQuery("stats.monthlyVisitsByAccount", (sql: Queryable, at: Date) =>
  sql<{ uid: string; visits: number }[]>`
    SELECT d.owner AS uid, sum(h.uniques)::float8 AS visits FROM hits_hourly h JOIN domains d ON d.id = h.site_id
    WHERE d.owner IS NOT NULL AND d.deleted_at IS NULL
      AND h.bucket >= date_trunc('month', ${at}::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
    GROUP BY d.owner`,
);
