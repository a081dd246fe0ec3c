// Removing sites' hits: a deleted domain's, and the demo's when it is seeded again from another
// model. NOTE: a delete invalidates the buckets it touched, so the aggregates' next refresh drops
// them too; a site that lives on also needs its cached stats retired (its stats epoch, src/domains).
import { namedQuery, type Queryable } from "../db";

/** Deletes every hit (and crawler count) of these sites (run it inside the caller's transaction) and returns how many went. */
export const deleteSiteHits = namedQuery("hits.deleteSites", async (tx: Queryable, siteIds: number[]) => {
  if (!siteIds.length) return 0;
  // NOTE: the crawlers' counts of these sites go with their hits.
  await tx`DELETE FROM crawler_daily WHERE site_id = ANY(${siteIds}::int[])`;
  return (await tx`DELETE FROM hits WHERE site_id = ANY(${siteIds}::int[])`).count;
});
