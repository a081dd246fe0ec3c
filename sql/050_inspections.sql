-- Page inspections. One table is both the job queue (workers claim rows with FOR UPDATE SKIP
-- LOCKED, so they can run as separate processes) and the history per URL (every finished row).
CREATE TABLE inspections (
  id bigserial PRIMARY KEY,
  url text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  requested_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  -- A running job whose lease ran out belonged to a worker that died; another worker retakes it.
  lease_until timestamptz,
  attempts int NOT NULL DEFAULT 0,
  error text,
  error_type text,
  bytes bigint,
  bytes_initial bigint,
  filecount int,
  co2 double precision,
  detail jsonb
);

-- At most one live job per URL: a second request for it joins the first (INSERT … ON CONFLICT).
CREATE UNIQUE INDEX inspections_live_url ON inspections (url) WHERE status IN ('queued', 'running');
CREATE INDEX inspections_queue ON inspections (requested_at) WHERE status IN ('queued', 'running');
CREATE INDEX inspections_history ON inspections (url, finished_at DESC) WHERE status IN ('done', 'failed');

-- The latest viewport screenshot per URL (older ones are not kept: history needs numbers only).
CREATE TABLE inspection_screenshots (
  url text PRIMARY KEY,
  taken_at timestamptz NOT NULL,
  jpeg bytea NOT NULL
);
