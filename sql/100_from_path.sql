-- Where a hit came from within the site, for funnels (src/stats/funnel.ts): `from_path` is the page
-- before this one in the same tab, read from a same-site referrer (a full page load) or sent by the
-- tracker as the route before a client-side navigation. A leave beacon and an event carry their page
-- view's. It is a path of the site, as `path` is: no visitor is told apart by it.
-- NOTE: nullable and without a default, so adding it rewrites no chunk, compressed ones included.
ALTER TABLE hits ADD COLUMN from_path text;

-- Page views, their leave beacons and events by page and the page before it: each funnel step is
-- counted from the step before it out of these rows. Page views and leave beacons are kept only when
-- they came from a page of the site (a later step is always reached from one; the first step reads
-- the pages aggregate); events always, since one sent on the step's own page counts too.
CREATE MATERIALIZED VIEW hits_daily_step WITH (timescaledb.continuous, timescaledb.materialized_only = true) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, kind, path, from_path, event_name, event_value,
  count(*) AS hits, sum(transfer_bytes) AS bytes
FROM hits WHERE from_path IS NOT NULL OR kind = 3
GROUP BY 1, site_id, local_day, kind, path, from_path, event_name, event_value WITH NO DATA;

SELECT bothy_hourly_twin('hits_daily_step');
