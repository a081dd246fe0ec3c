-- Hits: one row per page view, leave beacon or custom event. No IP, no user-agent string, no
-- visitor or session id: nothing links two rows to one person.
-- Every column a dashboard sums is additive, so aggregates can be summed across buckets exactly.
CREATE TABLE hits (
  time timestamptz NOT NULL,
  site_id int NOT NULL,
  kind smallint NOT NULL,           -- 1 page view, 2 leave beacon, 3 custom event
  -- TRICKY: the domain's local day and hour, fixed at ingest from its time zone. Aggregates group
  -- by them next to their UTC bucket, so a local day is an exact sum for any offset (Asia/Kolkata
  -- is +05:30, so UTC hours never line up with its midnight) and across DST changes.
  local_day date NOT NULL,
  local_hour smallint NOT NULL,
  path text NOT NULL,
  referrer_host text,
  source text,                      -- direct, search, social, email, unknown (page views only)
  utm_source text,
  utm_medium text,
  utm_campaign text,
  country text,
  language text,
  browser text,
  os text,
  device text,
  screen text,
  is_unique boolean NOT NULL DEFAULT false,
  is_bounce boolean NOT NULL DEFAULT false,
  duration_ms int,                  -- visible time, from the leave beacon
  load_ms int,
  transfer_bytes bigint,
  event_name text,
  event_value text
);
SELECT create_hypertable('hits', by_range('time', INTERVAL '1 day'), create_default_indexes => false);
CREATE INDEX hits_site_time ON hits (site_id, time DESC);
ALTER TABLE hits SET (timescaledb.compress, timescaledb.compress_segmentby = 'site_id', timescaledb.compress_orderby = 'time DESC');

-- Totals and time series. Real-time aggregation is on: rows after the materialized watermark are
-- read from the raw table, so a hit shows up as soon as its batch is written.
CREATE MATERIALIZED VIEW hits_hourly WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 hour', time) AS bucket, site_id, local_day, local_hour,
  sum((kind = 1)::int) AS views, sum(is_unique::int) AS uniques, sum(is_bounce::int) AS bounces,
  sum((kind = 2)::int) AS leaves, sum(duration_ms) AS duration_ms, sum(load_ms) AS load_ms,
  count(load_ms) AS loads, sum(transfer_bytes) AS bytes, sum((kind = 3)::int) AS events
FROM hits GROUP BY 1, site_id, local_day, local_hour WITH NO DATA;

-- Per-dimension lists by local day. A UTC day bucket holds at most two local days, so these have at
-- most twice the rows of UTC-day aggregates, and a local day is still one exact sum.
CREATE MATERIALIZED VIEW hits_daily_page WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, path,
  sum((kind = 1)::int) AS views, sum(is_unique::int) AS uniques, sum(is_bounce::int) AS bounces,
  sum((kind = 2)::int) AS leaves, sum(duration_ms) AS duration_ms, sum(load_ms) AS load_ms,
  count(load_ms) AS loads, sum(transfer_bytes) AS bytes
FROM hits WHERE kind IN (1, 2) GROUP BY 1, site_id, local_day, path WITH NO DATA;

CREATE MATERIALIZED VIEW hits_daily_source WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, source, referrer_host,
  utm_source, utm_medium, utm_campaign, count(*) AS views, sum(is_unique::int) AS uniques
FROM hits WHERE kind = 1
GROUP BY 1, site_id, local_day, source, referrer_host, utm_source, utm_medium, utm_campaign WITH NO DATA;

CREATE MATERIALIZED VIEW hits_daily_geo WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, country, language,
  count(*) AS views, sum(is_unique::int) AS uniques
FROM hits WHERE kind = 1 GROUP BY 1, site_id, local_day, country, language WITH NO DATA;

CREATE MATERIALIZED VIEW hits_daily_tech WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, browser, os, device, screen,
  count(*) AS views, sum(is_unique::int) AS uniques
FROM hits WHERE kind = 1 GROUP BY 1, site_id, local_day, browser, os, device, screen WITH NO DATA;

CREATE MATERIALIZED VIEW hits_daily_event WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, event_name, event_value, path,
  count(*) AS events
FROM hits WHERE kind = 3 GROUP BY 1, site_id, local_day, event_name, event_value, path WITH NO DATA;

-- Batch ids make the batch writer's retries idempotent: a batch whose INSERT committed but whose
-- answer was lost (the database stopped at that moment) is retried, finds its id here, and inserts
-- nothing the second time. Ids older than a day are pruned by bothy_retention().
CREATE TABLE hit_batches (
  id uuid PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now()
);

-- Retention: raw hits older than a domain's plan window. The aggregates follow at their next
-- refresh, which re-materializes the invalidated (now empty) buckets. The embedded database calls
-- this from its maintenance timer; a server runs it as a TimescaleDB job.
CREATE OR REPLACE PROCEDURE bothy_retention(job_id int DEFAULT NULL, config jsonb DEFAULT NULL)
LANGUAGE plpgsql AS $$
DECLARE d record;
BEGIN
  FOR d IN SELECT id, retention_days FROM domains WHERE retention_days IS NOT NULL LOOP
    DELETE FROM hits WHERE site_id = d.id AND time < now() - make_interval(days => d.retention_days);
  END LOOP;
  DELETE FROM hit_batches WHERE at < now() - INTERVAL '1 day';
END $$;
