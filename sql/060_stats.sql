-- Aggregates for the stats REF view that the 003 aggregates cannot answer: entry pages per
-- referrer and per campaign. Like those, they group by the domain's local day next to their UTC
-- bucket, so a local day is one exact sum, and real-time aggregation reads rows after the watermark.
-- NOTE: only arrivals (a page view with a source: direct or an outside referrer) are entries; an
-- internal page view has no source and is no one's entry page.
CREATE MATERIALIZED VIEW hits_daily_entry WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, source, referrer_host, path,
  count(*) AS views
FROM hits WHERE kind = 1 AND source IS NOT NULL
GROUP BY 1, site_id, local_day, source, referrer_host, path WITH NO DATA;

CREATE MATERIALIZED VIEW hits_daily_campaign_page WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, utm_campaign, path, count(*) AS views
FROM hits WHERE kind = 1 AND utm_campaign IS NOT NULL
GROUP BY 1, site_id, local_day, utm_campaign, path WITH NO DATA;
