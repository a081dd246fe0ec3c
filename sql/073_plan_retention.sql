-- Retention by plan: free domains keep FREE_HISTORY_DAYS (src/shared/plans.ts) of raw hits, set on
-- domains.retention_days by src/plans. A domain whose owner left Pro keeps everything until
-- retention_grace_until, so a downgrade never deletes history on the spot.
ALTER TABLE domains ADD COLUMN retention_grace_until timestamptz;

-- Deletes each due domain's raw hits older than its window, one domain per transaction, refreshes
-- the deleted range of every aggregate over hits, and only then bumps the domain's stats epoch.
-- TRICKY: a DELETE on compressed chunks decompresses the rows it touches, and TimescaleDB aborts a
-- transaction past timescaledb.max_tuples_decompressed_per_dml_transaction (100,000 by default),
-- which stopped the whole loop at the first big domain. The limit is lifted for each domain's own
-- transaction only (SET LOCAL ends at its COMMIT), and a failure still leaves the domains before it done.
-- TRICKY: the stats cache keys sealed days by the epoch; bumped before the refresh, a read in
-- between would cache the aggregates' pre-deletion sums under the new epoch. Arrays, not query
-- loops, feed the loops: refresh_continuous_aggregate commits, which an open cursor would hold up.
CREATE OR REPLACE PROCEDURE bothy_retention(job_id int DEFAULT NULL, config jsonb DEFAULT NULL)
LANGUAGE plpgsql AS $$
DECLARE
  site int;
  days int;
  sites int[];
  windows int[];
  views text[];
  view_name text;
  cutoff timestamptz;
  oldest timestamptz;
BEGIN
  SELECT array_agg(id ORDER BY id), array_agg(retention_days ORDER BY id) INTO sites, windows FROM domains
  WHERE retention_days IS NOT NULL AND (retention_grace_until IS NULL OR retention_grace_until <= now());
  SELECT array_agg(c.view_name::text) INTO views
  FROM timescaledb_information.continuous_aggregates c WHERE c.hypertable_name = 'hits';
  FOR i IN 1 .. coalesce(array_length(sites, 1), 0) LOOP
    site := sites[i];
    days := windows[i];
    cutoff := now() - make_interval(days => days);
    SET LOCAL timescaledb.max_tuples_decompressed_per_dml_transaction = 0;
    SELECT min(time) INTO oldest FROM hits WHERE site_id = site AND time < cutoff;
    IF oldest IS NOT NULL THEN
      DELETE FROM hits WHERE site_id = site AND time < cutoff;
      COMMIT;
      -- NOTE: whole days, so the window is at least one bucket of every aggregate (hours and days).
      FOREACH view_name IN ARRAY coalesce(views, '{}') LOOP
        CALL refresh_continuous_aggregate(view_name::regclass, time_bucket(INTERVAL '1 day', oldest),
          time_bucket(INTERVAL '1 day', cutoff) + INTERVAL '1 day');
      END LOOP;
      UPDATE domains SET stats_epoch = stats_epoch + 1 WHERE id = site;
    END IF;
    COMMIT;
  END LOOP;
  DELETE FROM hit_batches WHERE at < now() - INTERVAL '1 day';
END $$;

-- Usage over the tier: one mail per account and calendar month (src/usage), never a stop in counting.
CREATE TABLE usage_notices (
  uid uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  month text NOT NULL CHECK (month ~ '^\d{4}-\d{2}$'),
  tier text NOT NULL,
  sent timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, month)
);
