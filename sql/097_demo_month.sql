-- The demo's month as its last seeding began it: the model's first day (a local day of the demo's
-- zone) and its seed. Stored with the claim, so every node's live timer follows the month the
-- seeding node wrote, not a date another node reads while that seeding is under way. A demo seeded
-- before these columns began on its creation date (which follows its first hit), with seed 1, the
-- only seed any version has drawn from.
ALTER TABLE demo_seedings ADD COLUMN month_start date, ADD COLUMN seed integer;
UPDATE demo_seedings s SET month_start = (d.created AT TIME ZONE d.tz)::date, seed = 1 FROM domains d WHERE d.id = s.site_id;
ALTER TABLE demo_seedings ALTER COLUMN month_start SET NOT NULL, ALTER COLUMN seed SET NOT NULL;
