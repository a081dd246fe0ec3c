-- The demo's seeding claim: app nodes booting together on one database seed the demo once. A claim
-- older than ten minutes is stale (its node died half way) and may be taken again.
CREATE TABLE demo_seedings (
  site_id int PRIMARY KEY REFERENCES domains (id) ON DELETE CASCADE,
  claimed_at timestamptz NOT NULL
);
