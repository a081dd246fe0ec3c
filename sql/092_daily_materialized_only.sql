-- The daily aggregates stop unioning their unmaterialized tail (real-time aggregation): that tail
-- was every raw hit since the last refresh, today's included, read again and thrown away by each
-- past day's read. The stats reader (src/stats/grouped.ts) reads the tail itself, from the
-- watermark to the end of the days it asks for. hits_hourly keeps it: usage and the busiest
-- domains read it directly, up to the minute.
ALTER MATERIALIZED VIEW hits_daily_page SET (timescaledb.materialized_only = true);
ALTER MATERIALIZED VIEW hits_daily_geo SET (timescaledb.materialized_only = true);
ALTER MATERIALIZED VIEW hits_daily_tech SET (timescaledb.materialized_only = true);
ALTER MATERIALIZED VIEW hits_daily_event SET (timescaledb.materialized_only = true);
ALTER MATERIALIZED VIEW hits_daily_referrer SET (timescaledb.materialized_only = true);
ALTER MATERIALIZED VIEW hits_daily_campaign SET (timescaledb.materialized_only = true);
ALTER MATERIALIZED VIEW hits_daily_entry SET (timescaledb.materialized_only = true);
ALTER MATERIALIZED VIEW hits_daily_campaign_page SET (timescaledb.materialized_only = true);
ALTER MATERIALIZED VIEW hits_daily_post SET (timescaledb.materialized_only = true);
ALTER MATERIALIZED VIEW hits_daily_grid SET (timescaledb.materialized_only = true);
