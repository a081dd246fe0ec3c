-- Bytes of page views per visitor country and local day: the carbon figure on the visitors' own
-- electricity grids (src/stats/path.ts). The country comes from the browser's time zone, never from
-- an IP. A few hundred rows a day at most, so the dashboard reads it in the time it reads the rest.
-- NOTE: only page views carry a country; the leave beacon's bytes are spread over the countries in
-- proportion to their page-view bytes when read, since the same visits report them.
CREATE MATERIALIZED VIEW hits_daily_grid WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT time_bucket(INTERVAL '1 day', time) AS bucket, site_id, local_day, country,
  sum(transfer_bytes) AS bytes
FROM hits WHERE kind = 1 GROUP BY 1, site_id, local_day, country WITH NO DATA;
