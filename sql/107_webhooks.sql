-- Webhooks: a domain's alerts also go to the URLs its editors add (Slack incoming webhooks, or a
-- JSON POST signed with the webhook's secret). Each alert is one delivery per webhook, queued and
-- retried by a job; every attempt is logged, the last few kept per webhook.
CREATE TABLE webhooks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id integer NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('slack', 'json')),
  url text NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_domain ON webhooks (domain_id);

CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  webhook_id bigint NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  -- NULL for "Send a test"; an alert is queued once per webhook however often the check passes it.
  annotation_id bigint REFERENCES annotations(id) ON DELETE CASCADE,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  due_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  UNIQUE (webhook_id, annotation_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (due_at) WHERE done_at IS NULL;

CREATE TABLE webhook_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  webhook_id bigint NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  attempt integer NOT NULL,
  status integer,
  error text
);
CREATE INDEX webhook_attempts_webhook ON webhook_attempts (webhook_id, id);
