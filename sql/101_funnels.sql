-- Funnels (src/goals): a domain's ordered steps, each one of its goals (src/shared/funnels.ts). The
-- steps are goal ids in order; the goals room refuses to delete a goal a funnel uses, so every step
-- names a goal of the funnel's domain. The name is unique per domain whatever its case. A funnel
-- goes with its domain.
CREATE TABLE funnels (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  steps bigint[] NOT NULL CHECK (cardinality(steps) BETWEEN 2 AND 8),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX funnels_domain_name ON funnels (domain_id, lower(name));
