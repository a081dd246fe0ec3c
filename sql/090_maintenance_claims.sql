-- Several processes may run the same maintenance jobs on one database (app nodes, one or more
-- `worker:maintenance`): a process runs a job only after claiming it until `claimed_until`, in one
-- statement, so two never run the same job in the same interval; `runs` counts every run.
ALTER TABLE maintenance_runs
  ADD COLUMN claimed_until timestamptz,
  ADD COLUMN runs bigint NOT NULL DEFAULT 0;
