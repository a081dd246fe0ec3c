-- Two daily aggregates reshaped for the stats read (src/stats/queries.ts):
-- - hits_daily_page gains each page's direct arrivals and campaign arrivals (`direct`, `utm`: Top
--   Pages' columns). They were grouped from hits_daily_entry and hits_daily_campaign_page, whose
--   rows are per referrer or campaign and page: at 10M hits a 30-day read hashed ~1.3M rows for
--   what is one row per page and day here.
-- - hits_daily_event loses `path`, which no read groups by: it multiplied the rows by the pages
--   (100k rows over 30 days at 10M hits for five event names).
-- TRICKY: a continuous aggregate cannot gain or lose a column, so both are created again, with
-- their hourly twins (the same SELECT by the hour, as in 093). Dropping them drops a server's
-- policies with them; the boot registers them again (src/collect/jobs.ts). Until their first
-- refresh they have no materialized rows and the stats reader reads the raw rows after their
-- watermark, so no figure goes missing.
DROP MATERIALIZED VIEW hits_hourly_page;
DROP MATERIALIZED VIEW hits_daily_page;
CREATE MATERIALIZED VIEW hits_daily_page WITH (timescaledb.continuous, timescaledb.materialized_only = true) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, path,
  sum((kind = 1)::int) AS views, sum(is_unique::int) AS uniques, sum(is_bounce::int) AS bounces,
  sum((kind = 2)::int) AS leaves, sum(duration_ms) AS duration_ms, sum(load_ms) AS load_ms,
  count(load_ms) AS loads, sum(transfer_bytes) AS bytes, sum(scroll_pct) AS scroll_pct, count(scroll_pct) AS scrolls,
  count(*) FILTER (WHERE kind = 1 AND source = 'direct') AS direct,
  count(*) FILTER (WHERE kind = 1 AND utm_campaign IS NOT NULL) AS utm
FROM hits WHERE kind IN (1, 2) GROUP BY 1, site_id, local_day, path WITH NO DATA;

DROP MATERIALIZED VIEW hits_hourly_event;
DROP MATERIALIZED VIEW hits_daily_event;
CREATE MATERIALIZED VIEW hits_daily_event WITH (timescaledb.continuous, timescaledb.materialized_only = true) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, event_name, event_value,
  count(*) AS events
FROM hits WHERE kind = 3 GROUP BY 1, site_id, local_day, event_name, event_value WITH NO DATA;

-- The hourly twin of a daily aggregate, as 093 made them; a migration that redefines a daily
-- aggregate calls this after creating it again.
CREATE FUNCTION bothy_hourly_twin(daily text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  twin text := replace(daily, 'hits_daily_', 'hits_hourly_');
BEGIN
  EXECUTE format('CREATE MATERIALIZED VIEW %I WITH (timescaledb.continuous, timescaledb.materialized_only = true) AS %s WITH NO DATA',
    twin, replace(rtrim((SELECT view_definition FROM timescaledb_information.continuous_aggregates WHERE view_name = daily), E'; \n'),
      'time_bucket(''1 day''::interval', 'time_bucket(''01:00:00''::interval'));
  PERFORM set_chunk_time_interval(format('%I.%I', materialization_hypertable_schema, materialization_hypertable_name)::regclass, INTERVAL '1 day')
    FROM timescaledb_information.continuous_aggregates WHERE view_name = twin;
END $$;

SELECT bothy_hourly_twin('hits_daily_page');
SELECT bothy_hourly_twin('hits_daily_event');
