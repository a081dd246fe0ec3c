-- Saved segments (src/segments): a named set of dashboard filters (src/shared/filters.ts) on one
-- domain, for its owner to pick again. The filters are stored as the API checked them, a JSON array
-- of 1 to MAX_FILTERS (10) [operator, dimension, values]; the name is unique per domain whatever its
-- case. A segment goes with its domain; the account that saved it may go first (an admin's).
CREATE TABLE segments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  filters jsonb NOT NULL CHECK (jsonb_typeof(filters) = 'array' AND jsonb_array_length(filters) BETWEEN 1 AND 10),
  created_by uuid REFERENCES users ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX segments_domain_name ON segments (domain_id, lower(name));
