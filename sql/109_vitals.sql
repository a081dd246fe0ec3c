-- Web vitals (tracker data-vitals, POST /b/w): one row of kind 4 in `hits` per page view that sent
-- them, with the view's page and context (device, country, source…), so every dashboard filter
-- slices them as it slices page views. Every aggregate over `hits` counts page views, leave beacons
-- and events by their kind (1, 2, 3), so these rows change none of their numbers.
-- NOTE: nullable and without a default, so adding them rewrites no chunk, compressed ones included.
-- Milliseconds but CLS, a unitless score. A metric the browser did not report stays NULL.
ALTER TABLE hits ADD COLUMN lcp_ms int, ADD COLUMN inp_ms int, ADD COLUMN cls real, ADD COLUMN fcp_ms int, ADD COLUMN ttfb_ms int;

-- The stats read of a range's vitals takes the percentiles from these rows themselves (a p75 of
-- days is not the range's p75), so it finds them without the site's other hits.
CREATE INDEX hits_site_time_vitals ON hits (site_id, time DESC) WHERE kind = 4;
