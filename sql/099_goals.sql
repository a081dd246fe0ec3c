-- Goals (src/goals): what a domain's owner counts as a conversion (src/shared/goals.ts). A page goal
-- matches a path pattern and has no value; an event goal matches an event name, and one of its values
-- when `value` is set. The name is unique per domain whatever its case. A goal goes with its domain.
CREATE TABLE goals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  kind text NOT NULL CHECK (kind IN ('page', 'event')),
  match text NOT NULL CHECK (length(match) BETWEEN 1 AND 1024),
  value text CHECK (value IS NULL OR (kind = 'event' AND length(value) BETWEEN 1 AND 200)),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX goals_domain_name ON goals (domain_id, lower(name));
