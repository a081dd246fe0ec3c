-- Imported history (src/imports, src/hits): `imports` are the uploads and their jobs, one row per
-- file (the imports room's); `imported_daily` the days of figures an import added, per list and
-- label (the hits room's, like every stored figure: src/shared/imports.ts names the lists). The
-- stats room reads imported days beside the aggregates (src/stats/queries.ts). Deleting an import
-- deletes its rows by `import_id`; both go with their domain.
CREATE TABLE imports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  format text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  sha256 text NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  bytes_read bigint NOT NULL DEFAULT 0,
  rows bigint NOT NULL DEFAULT 0,
  first_day date,
  last_day date,
  dims text[] NOT NULL DEFAULT '{}',
  -- What the upload asked for days the domain has hits of its own: refuse the file, or keep the own days ('own').
  overlap text NOT NULL DEFAULT 'refuse' CHECK (overlap IN ('refuse', 'own')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- NOTE: the same file twice adds nothing: one live import per file and domain.
CREATE UNIQUE INDEX imports_site_file ON imports (site_id, sha256) WHERE status NOT IN ('failed', 'cancelled');

CREATE TABLE imported_daily (
  import_id bigint NOT NULL,
  site_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  day date NOT NULL,
  dim text NOT NULL,
  label text NOT NULL,
  grp text NOT NULL DEFAULT '',
  views bigint NOT NULL,
  uniques bigint NOT NULL,
  bounces bigint NOT NULL,
  duration_ms bigint NOT NULL,
  -- Estimated bytes of the page views (`total` and `page` rows only): NULL when nothing to estimate from.
  bytes bigint,
  PRIMARY KEY (import_id, dim, day, grp, label)
);
CREATE INDEX imported_daily_site_day ON imported_daily (site_id, day);
