-- Scroll depth: the leave beacon carries the deepest share of its page the visitor saw, stored as a
-- whole percent (0–100) on leave rows only. A share of a page is no identifier.
ALTER TABLE hits ADD COLUMN scroll_pct smallint;

-- TRICKY: a continuous aggregate cannot gain a column, so hits_daily_page is created again with the
-- scroll sums (additive like its other columns: the Attention section shows sum / count). Dropping
-- it drops a server's refresh policy with it; the boot registers policies again (collect/jobs.ts),
-- and until the next refresh real-time aggregation reads the raw rows, so no figure goes missing.
DROP MATERIALIZED VIEW hits_daily_page;
CREATE MATERIALIZED VIEW hits_daily_page WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, path,
  sum((kind = 1)::int) AS views, sum(is_unique::int) AS uniques, sum(is_bounce::int) AS bounces,
  sum((kind = 2)::int) AS leaves, sum(duration_ms) AS duration_ms, sum(load_ms) AS load_ms,
  count(load_ms) AS loads, sum(transfer_bytes) AS bytes, sum(scroll_pct) AS scroll_pct, count(scroll_pct) AS scrolls
FROM hits WHERE kind IN (1, 2) GROUP BY 1, site_id, local_day, path WITH NO DATA;
