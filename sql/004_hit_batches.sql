-- Batch ids make the batch writer's retries idempotent: a batch whose INSERT committed but whose
-- answer was lost (the database stopped at that moment) is retried, finds its id here, and inserts
-- nothing the second time. Ids older than a day are pruned by bothy_retention().
CREATE TABLE hit_batches (
  id uuid PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now()
);

CREATE OR REPLACE PROCEDURE bothy_retention(job_id int DEFAULT NULL, config jsonb DEFAULT NULL)
LANGUAGE plpgsql AS $$
DECLARE d record;
BEGIN
  FOR d IN SELECT id, retention_days FROM domains WHERE retention_days IS NOT NULL LOOP
    DELETE FROM hits WHERE site_id = d.id AND time < now() - make_interval(days => d.retention_days);
  END LOOP;
  DELETE FROM hit_batches WHERE at < now() - INTERVAL '1 day';
END $$;
