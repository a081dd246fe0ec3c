-- Domains: the sites that collection counts hits for. Ownership and settings come in
-- 031_domain_owners.sql; collection needs only the name, the id its hits carry and the time zone
-- that decides which local day a hit belongs to.
CREATE TABLE IF NOT EXISTS domains (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  -- NOTE: the id of the public dashboard (/public/{id}); random so that it reveals no domain name.
  public_id text NOT NULL UNIQUE DEFAULT replace(gen_random_uuid()::text, '-', ''),
  scope text[] NOT NULL DEFAULT '{}',
  created timestamptz NOT NULL DEFAULT now(),
  tz text NOT NULL DEFAULT 'Europe/London',
  -- NOTE: a retention window in days, applied by bothy_retention(); NULL (what every row has: nothing
  -- sets it) keeps everything. The free plan's shorter history is a read limit (src/stats/range.ts).
  retention_days int CHECK (retention_days > 0),
  deleted_at timestamptz
);
