-- Annotations on a domain's time series (src/annotations): the owner's own notes, and the alerts the
-- daily check adds (src/reports/alerts.ts): a page that got heavier, traffic far above or below the
-- same weekday of the last four weeks. An alert's `key` (e.g. "page:/pricing:2026-11-16") is unique
-- per domain, so a check that runs twice adds nothing twice; `mailed_at` is set once its mail went.
CREATE TABLE annotations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  day date NOT NULL,
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
  kind text NOT NULL CHECK (kind IN ('note', 'regression', 'traffic')),
  key text,
  -- regression: the page, its bytes per visit and the level it was compared with.
  data jsonb,
  mailed_at timestamptz,
  created timestamptz NOT NULL DEFAULT now(),
  UNIQUE (domain_id, key)
);
CREATE INDEX annotations_domain_day ON annotations (domain_id, day);

-- The owner's opt-in to alerts, beside the weekly report setting it belongs to, and the last local
-- day the alert check ran for the domain: claiming a day is one UPDATE, so two nodes never both run it.
ALTER TABLE domains ADD COLUMN report_alerts boolean NOT NULL DEFAULT false;
ALTER TABLE domains ADD COLUMN alerts_checked date;
