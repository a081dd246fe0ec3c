-- The version of the demo's traffic model (DEMO_MODEL_VERSION in src/demo/model.ts) that the last
-- claim of its seeding ran: a node running another version replaces the demo's data. NULL for a
-- demo seeded before there was a version, which is replaced too.
ALTER TABLE demo_seedings ADD COLUMN model_version integer;
