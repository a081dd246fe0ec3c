-- Each daily aggregate gets an hourly twin with the same SELECT bucketed by the hour, so today's
-- closed hours are read materialized instead of from raw hits (src/stats/grouped.ts): at 10M hits
-- a day's raw rows cost each grouped query a scan of ~185k rows. Twins keep the recent days only:
-- refreshed from 3 days back (src/collect/jobs.ts) and their day-long chunks dropped after 3 days.
-- NOTE: the SELECT is the daily one as stored, so a twin cannot drift from its daily aggregate;
-- a migration that redefines a daily aggregate redefines its twin the same way.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT view_name, view_definition FROM timescaledb_information.continuous_aggregates
    WHERE view_name LIKE 'hits\_daily\_%' LOOP
    EXECUTE format('CREATE MATERIALIZED VIEW %I WITH (timescaledb.continuous, timescaledb.materialized_only = true) AS %s WITH NO DATA',
      replace(r.view_name, 'hits_daily_', 'hits_hourly_'),
      replace(rtrim(r.view_definition, E'; \n'), 'time_bucket(''1 day''::interval', 'time_bucket(''01:00:00''::interval'));
  END LOOP;
END $$;

SELECT set_chunk_time_interval(format('%I.%I', materialization_hypertable_schema, materialization_hypertable_name)::regclass, INTERVAL '1 day')
FROM timescaledb_information.continuous_aggregates WHERE view_name LIKE 'hits\_hourly\_%';
