-- The stats read caches the sums of sealed spans (past local days, past hours of today) in memory,
-- keyed by the domain's stats epoch (src/stats/cache.ts). Anything that changes hits of a sealed
-- span bumps it: the batch writer after a batch with late rows, and retention after it deletes.
ALTER TABLE domains ADD COLUMN stats_epoch bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE PROCEDURE bothy_retention(job_id int DEFAULT NULL, config jsonb DEFAULT NULL)
LANGUAGE plpgsql AS $$
DECLARE
  d record;
  n bigint;
BEGIN
  FOR d IN SELECT id, retention_days FROM domains WHERE retention_days IS NOT NULL LOOP
    DELETE FROM hits WHERE site_id = d.id AND time < now() - make_interval(days => d.retention_days);
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n > 0 THEN
      UPDATE domains SET stats_epoch = stats_epoch + 1 WHERE id = d.id;
    END IF;
  END LOOP;
  DELETE FROM hit_batches WHERE at < now() - INTERVAL '1 day';
END $$;
