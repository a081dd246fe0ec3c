// The stored hits: the contract between the collector that writes `hits` (src/collect) and every
// room that reads it (stats, demo, admin, the privacy notice). The table's columns and what each
// holds, the continuous aggregates and their hourly twins, when a row or a bucket is final, the
// jobs that refresh, compress and expire them, the removal of a site's hits (./remove.ts), and the
// admin's measures of it all. No routes.
export { addCrawlerCounts, crawlerCounter, crawlerTotals, type CrawlerCount } from "./crawlers";
export { AGGREGATES, hourlyTwin, TWIN_READ_DAYS } from "./aggregates";
export { HIT_COLUMN_NAMES, HIT_COLUMNS, hitColumnText, hitsCsv, type HitRow } from "./columns";
export { HIT_FIELDS } from "./fields";
export { harmlessFailure, jobFailures } from "./job-health";
export { hitsJobs, keepPolicies, MAINTAINED_BY, POLICY_JOBS, refreshAggregates, refreshIfJobsFail } from "./jobs";
export { aggregateLag, hitsStorage, viewsBySite, viewsPerDay } from "./overview";
export { deleteSiteHits } from "./remove";
export { LATE_ROW_MS, SEAL_LAG_MS } from "./seal";
export { daysImportedAlready, deleteImportedRows, firstOwnDay, pageWeights, withEstimatedBytes, writeImportedRows } from "./imported";
