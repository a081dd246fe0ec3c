-- Weekly email reports (src/reports). A domain's reports are on while reports_since is set: the
-- first week mailed is the one whose Monday 08:00 (local) comes after that instant, so turning
-- reports on mid-week sends nothing until the next Monday.
ALTER TABLE domains ADD COLUMN reports_since timestamptz;

-- Who gets a domain's report: its owner (is_owner, mailed at the account's address) and up to ten
-- more addresses, each of which must confirm by a signed link (confirmed_at) before it gets anything.
-- An unsubscribed row stays, so a link clicked twice still finds it.
CREATE TABLE report_recipients (
  id serial PRIMARY KEY,
  domain_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  email text NOT NULL,
  is_owner boolean NOT NULL DEFAULT false,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  created timestamptz NOT NULL DEFAULT now(),
  UNIQUE (domain_id, email)
);
CREATE UNIQUE INDEX report_recipients_owner ON report_recipients (domain_id) WHERE is_owner;

-- One row per report mail: domain, week (the local Monday it starts) and recipient. The primary key
-- makes planning idempotent (INSERT … ON CONFLICT DO NOTHING); a sender takes a row with FOR UPDATE
-- SKIP LOCKED and a lease, so a second worker or a restart never sends a mail that was sent.
CREATE TABLE report_runs (
  domain_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  week date NOT NULL,
  recipient_id int NOT NULL REFERENCES report_recipients ON DELETE CASCADE,
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  lease_until timestamptz,
  sent_at timestamptz,
  error text,
  PRIMARY KEY (domain_id, week, recipient_id)
);
CREATE INDEX report_runs_due ON report_runs (next_attempt_at) WHERE sent_at IS NULL;
