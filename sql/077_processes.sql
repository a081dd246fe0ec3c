-- The processes sharing this database (app nodes, `worker:inspect`, `db:serve`'s maintenance),
-- each writing its heartbeat every 15 s, and the last run of each maintenance job the embedded
-- database's own timer runs (a server's TimescaleDB jobs report theirs in job_stats).
CREATE TABLE process_heartbeats (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  version text NOT NULL,
  host text NOT NULL,
  pid int NOT NULL,
  started timestamptz NOT NULL,
  last_seen timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE maintenance_runs (
  job text PRIMARY KEY,
  started timestamptz NOT NULL,
  duration_ms int NOT NULL,
  error text
);
