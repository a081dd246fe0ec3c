// When stored hits stop changing: the delays the writer (src/collect) and the readers (src/stats,
// src/realtime, the continuous aggregates) all count on, so that a reader never keeps a sum a
// later row would change without that row retiring it.

/**
 * A row written this long after its time is late: a stats read may already have sealed and cached
 * the span it belongs to (src/stats/spans.ts seals spans 2 × this after their end), so the writer
 * retires the site's cached sums. NOTE: short, since every stats read groups the unsealed rows
 * again (at 5,000 hits/s, 30 s here made each dashboard read ~2 s); written rows are seldom a
 * second old, even under that load.
 */
export const LATE_ROW_MS = 5_000;

/**
 * A span of stored hits is sealed (its sums may be kept) once this long has passed since its end:
 * the stats read's spans (src/stats/spans.ts) and the realtime window's parts (src/realtime).
 * TRICKY: the batch writer bumps a domain's stats epoch when it writes a row older than
 * LATE_ROW_MS; twice that leaves room for a row that was young at its flush and is written while
 * the clock moves on.
 */
export const SEAL_LAG_MS = 2 * LATE_ROW_MS;

/**
 * An aggregate materializes only whole buckets that closed this long ago. TRICKY: the stats reader
 * (and hits_hourly's real-time aggregation) reads everything after the watermark from the raw
 * table, so a hit shows up as soon as its batch is written; but once a bucket is materialized,
 * later rows in it are invisible until the next refresh. This lets in-flight batches land first.
 */
export const BUCKET_SEAL = "2 minutes";
