-- Aggregates for the stats views that the 003 aggregates cannot answer, or only slowly: arrivals
-- per referrer, campaigns, entry pages per referrer and per campaign, social posts. Like those,
-- they group by the domain's local day next to their UTC bucket, so a local day is one exact sum,
-- and real-time aggregation reads the rows after the watermark.
-- NOTE: only arrivals (a page view with a source: direct or an outside referrer) are entries; an
-- internal page view has no source and is no one's entry page.

-- NOTE: hits_daily_source also splits by utm_*, which multiplies its rows; the referrer list and
-- the source classes read this one, a few hundred rows a day at most.
CREATE MATERIALIZED VIEW hits_daily_referrer WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, source, referrer_host, count(*) AS views
FROM hits WHERE kind = 1 AND source IS NOT NULL
GROUP BY 1, site_id, local_day, source, referrer_host WITH NO DATA;

-- The campaign list and its utm_source and utm_medium sublists: campaign page views only, without
-- the referrer columns that multiply hits_daily_source's rows.
CREATE MATERIALIZED VIEW hits_daily_campaign WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, utm_campaign, utm_source, utm_medium,
  count(*) AS views
FROM hits WHERE kind = 1 AND utm_campaign IS NOT NULL
GROUP BY 1, site_id, local_day, utm_campaign, utm_source, utm_medium WITH NO DATA;

CREATE MATERIALIZED VIEW hits_daily_entry WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, source, referrer_host, path,
  count(*) AS views
FROM hits WHERE kind = 1 AND source IS NOT NULL
GROUP BY 1, site_id, local_day, source, referrer_host, path WITH NO DATA;

CREATE MATERIALIZED VIEW hits_daily_campaign_page WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, utm_campaign, path, count(*) AS views
FROM hits WHERE kind = 1 AND utm_campaign IS NOT NULL
GROUP BY 1, site_id, local_day, utm_campaign, path WITH NO DATA;

-- Social posts that sent visitors: the collect pipeline fills referrer_post only
-- when the referrer is a public post URL (x.com …/status/N, Mastodon-style /@user/N, bsky.app
-- …/post/…). A public post names no visitor, so keeping it respects the privacy model.
ALTER TABLE hits ADD COLUMN referrer_post text;

CREATE MATERIALIZED VIEW hits_daily_post WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, referrer_post, count(*) AS views
FROM hits WHERE kind = 1 AND referrer_post IS NOT NULL
GROUP BY 1, site_id, local_day, referrer_post WITH NO DATA;
-- TRICKY: real-time aggregation reads the raw rows after an aggregate's watermark, and an aggregate
-- with nothing materialized yet (no site has had a post referrer) has no watermark: every read
-- would scan all of a site's hits in the range. Posts are rare, so this partial index keeps that
-- read (and the refresh) to the few rows that have one.
CREATE INDEX hits_site_time_post ON hits (site_id, time DESC) WHERE referrer_post IS NOT NULL;
