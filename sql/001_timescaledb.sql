-- TimescaleDB is the one SQL dialect of every later migration (hypertables, continuous
-- aggregates, compression). The embedded database also creates it when it opens; this file
-- makes a fresh server match.
CREATE EXTENSION IF NOT EXISTS timescaledb;
