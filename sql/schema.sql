-- The schema the migrations in this folder build, written by `npm run db:schema` and checked by
-- tests/server/db/schema.test.ts. Read it to see a table whole; change the schema with a new
-- migration, never here.

CREATE TABLE access_requests (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  email text NOT NULL,
  name text NOT NULL,
  website text,
  message text,
  created timestamp with time zone NOT NULL DEFAULT now(),
  handled_at timestamp with time zone,
  CONSTRAINT access_requests_email_check CHECK ((email = lower(email))),
  CONSTRAINT access_requests_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
  CONSTRAINT access_requests_pkey PRIMARY KEY (id)
);
CREATE INDEX access_requests_created ON access_requests USING btree (created DESC);
CREATE UNIQUE INDEX access_requests_pkey ON access_requests USING btree (id);

CREATE TABLE admin_audit (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  at timestamp with time zone NOT NULL DEFAULT now(),
  admin uuid,
  admin_email text NOT NULL,
  action text NOT NULL,
  target_uid uuid,
  target_email text,
  target_domain text,
  detail text,
  CONSTRAINT admin_audit_admin_fkey FOREIGN KEY (admin) REFERENCES users(uid) ON DELETE SET NULL,
  CONSTRAINT admin_audit_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX admin_audit_pkey ON admin_audit USING btree (id);
CREATE INDEX admin_audit_target ON admin_audit USING btree (target_uid, at DESC);

CREATE TABLE annotations (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  domain_id integer NOT NULL,
  day date NOT NULL,
  text text NOT NULL,
  kind text NOT NULL,
  key text,
  data jsonb,
  mailed_at timestamp with time zone,
  created timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT annotations_domain_id_fkey FOREIGN KEY (domain_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT annotations_domain_id_key_key UNIQUE (domain_id, key),
  CONSTRAINT annotations_kind_check CHECK ((kind = ANY (ARRAY['note'::text, 'regression'::text, 'traffic'::text, 'speed'::text, 'budget'::text]))),
  CONSTRAINT annotations_pkey PRIMARY KEY (id),
  CONSTRAINT annotations_text_check CHECK (((length(text) >= 1) AND (length(text) <= 500)))
);
CREATE INDEX annotations_domain_day ON annotations USING btree (domain_id, day);
CREATE UNIQUE INDEX annotations_domain_id_key_key ON annotations USING btree (domain_id, key);
CREATE UNIQUE INDEX annotations_pkey ON annotations USING btree (id);

CREATE TABLE api_keys (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  uid uuid NOT NULL,
  name text NOT NULL,
  key_hash bytea NOT NULL,
  created timestamp with time zone NOT NULL DEFAULT now(),
  last_used timestamp with time zone,
  CONSTRAINT api_keys_key_hash_key UNIQUE (key_hash),
  CONSTRAINT api_keys_pkey PRIMARY KEY (id),
  CONSTRAINT api_keys_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX api_keys_key_hash_key ON api_keys USING btree (key_hash);
CREATE UNIQUE INDEX api_keys_pkey ON api_keys USING btree (id);
CREATE INDEX api_keys_uid ON api_keys USING btree (uid);

CREATE TABLE billing_customers (
  uid uuid NOT NULL,
  customer_id text NOT NULL,
  created timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT billing_customers_customer_id_key UNIQUE (customer_id),
  CONSTRAINT billing_customers_pkey PRIMARY KEY (uid),
  CONSTRAINT billing_customers_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX billing_customers_customer_id_key ON billing_customers USING btree (customer_id);
CREATE UNIQUE INDEX billing_customers_pkey ON billing_customers USING btree (uid);

CREATE TABLE billing_declines (
  uid uuid NOT NULL,
  payment_intent text NOT NULL,
  payment_method text NOT NULL,
  at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT billing_declines_pkey PRIMARY KEY (uid, payment_intent, payment_method),
  CONSTRAINT billing_declines_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX billing_declines_pkey ON billing_declines USING btree (uid, payment_intent, payment_method);

CREATE TABLE billing_events (
  id text NOT NULL,
  type text NOT NULL,
  received timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT billing_events_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX billing_events_pkey ON billing_events USING btree (id);

CREATE TABLE billing_subscriptions (
  subscription_id text NOT NULL,
  uid uuid NOT NULL,
  status text NOT NULL,
  price_lookup_key text,
  current_period_end timestamp with time zone,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  created timestamp with time zone NOT NULL,
  updated timestamp with time zone NOT NULL DEFAULT now(),
  state_at timestamp with time zone,
  CONSTRAINT billing_subscriptions_pkey PRIMARY KEY (subscription_id),
  CONSTRAINT billing_subscriptions_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX billing_subscriptions_pkey ON billing_subscriptions USING btree (subscription_id);
CREATE INDEX billing_subscriptions_uid ON billing_subscriptions USING btree (uid);

CREATE TABLE billing_upgrades (
  uid uuid NOT NULL,
  idempotency_key text NOT NULL,
  subscription_id text,
  busy_until timestamp with time zone,
  CONSTRAINT billing_upgrades_pkey PRIMARY KEY (uid),
  CONSTRAINT billing_upgrades_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX billing_upgrades_pkey ON billing_upgrades USING btree (uid);

CREATE TABLE budgets (
  domain_id integer NOT NULL,
  position integer NOT NULL,
  pattern text,
  grams double precision,
  bytes bigint,
  CONSTRAINT budgets_bytes_check CHECK ((bytes > 0)),
  CONSTRAINT budgets_check CHECK (((grams IS NOT NULL) OR (bytes IS NOT NULL))),
  CONSTRAINT budgets_domain_id_fkey FOREIGN KEY (domain_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT budgets_grams_check CHECK ((grams > (0)::double precision)),
  CONSTRAINT budgets_pattern_check CHECK (((length(pattern) >= 1) AND (length(pattern) <= 1024))),
  CONSTRAINT budgets_pkey PRIMARY KEY (domain_id, "position"),
  CONSTRAINT budgets_position_check CHECK (("position" >= 0))
);
CREATE UNIQUE INDEX budgets_one_default ON budgets USING btree (domain_id) WHERE (pattern IS NULL);
CREATE UNIQUE INDEX budgets_pkey ON budgets USING btree (domain_id, "position");

CREATE TABLE crawler_daily (
  site_id integer NOT NULL,
  day date NOT NULL,
  crawler text NOT NULL,
  source text NOT NULL,
  requests bigint NOT NULL,
  bytes bigint NOT NULL,
  CONSTRAINT crawler_daily_bytes_check CHECK ((bytes >= 0)),
  CONSTRAINT crawler_daily_crawler_check CHECK (((length(crawler) >= 1) AND (length(crawler) <= 60))),
  CONSTRAINT crawler_daily_pkey PRIMARY KEY (site_id, day, crawler, source),
  CONSTRAINT crawler_daily_requests_check CHECK ((requests >= 0)),
  CONSTRAINT crawler_daily_site_id_fkey FOREIGN KEY (site_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT crawler_daily_source_check CHECK ((source = ANY (ARRAY['log'::text, 'beacon'::text])))
);
CREATE UNIQUE INDEX crawler_daily_pkey ON crawler_daily USING btree (site_id, day, crawler, source);

CREATE TABLE demo_seedings (
  site_id integer NOT NULL,
  claimed_at timestamp with time zone NOT NULL,
  model_version integer,
  month_start date NOT NULL,
  seed integer NOT NULL,
  CONSTRAINT demo_seedings_pkey PRIMARY KEY (site_id),
  CONSTRAINT demo_seedings_site_id_fkey FOREIGN KEY (site_id) REFERENCES domains(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX demo_seedings_pkey ON demo_seedings USING btree (site_id);

CREATE TABLE domain_activity (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  domain_id integer NOT NULL,
  actor_email text NOT NULL,
  action text NOT NULL,
  target_email text,
  detail text,
  at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT domain_activity_domain_id_fkey FOREIGN KEY (domain_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT domain_activity_pkey PRIMARY KEY (id)
);
CREATE INDEX domain_activity_domain ON domain_activity USING btree (domain_id, at DESC);
CREATE UNIQUE INDEX domain_activity_pkey ON domain_activity USING btree (id);

CREATE TABLE domain_claims (
  owner uuid NOT NULL,
  name text NOT NULL,
  tz text NOT NULL DEFAULT 'Europe/London'::text,
  public_id text NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text),
  verify_token text NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text),
  created timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT domain_claims_owner_fkey FOREIGN KEY (owner) REFERENCES users(uid) ON DELETE CASCADE,
  CONSTRAINT domain_claims_pkey PRIMARY KEY (owner, name)
);
CREATE INDEX domain_claims_name ON domain_claims USING btree (name);
CREATE UNIQUE INDEX domain_claims_pkey ON domain_claims USING btree (owner, name);

CREATE TABLE domain_invites (
  domain_id integer NOT NULL,
  email text NOT NULL,
  role text NOT NULL,
  token_hash text NOT NULL,
  created timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT domain_invites_domain_id_fkey FOREIGN KEY (domain_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT domain_invites_email_check CHECK ((email = lower(email))),
  CONSTRAINT domain_invites_pkey PRIMARY KEY (domain_id, email),
  CONSTRAINT domain_invites_role_check CHECK ((role = ANY (ARRAY['viewer'::text, 'editor'::text, 'admin'::text]))),
  CONSTRAINT domain_invites_token_hash_key UNIQUE (token_hash)
);
CREATE UNIQUE INDEX domain_invites_pkey ON domain_invites USING btree (domain_id, email);
CREATE UNIQUE INDEX domain_invites_token_hash_key ON domain_invites USING btree (token_hash);

CREATE TABLE domain_members (
  domain_id integer NOT NULL,
  uid uuid NOT NULL,
  role text NOT NULL,
  added timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT domain_members_domain_id_fkey FOREIGN KEY (domain_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT domain_members_pkey PRIMARY KEY (domain_id, uid),
  CONSTRAINT domain_members_role_check CHECK ((role = ANY (ARRAY['viewer'::text, 'editor'::text, 'admin'::text]))),
  CONSTRAINT domain_members_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX domain_members_pkey ON domain_members USING btree (domain_id, uid);
CREATE INDEX domain_members_uid ON domain_members USING btree (uid);

CREATE TABLE domains (
  id integer NOT NULL DEFAULT nextval('domains_id_seq'::regclass),
  name text NOT NULL,
  public_id text NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text),
  scope text[] NOT NULL DEFAULT '{}'::text[],
  created timestamp with time zone NOT NULL DEFAULT now(),
  tz text NOT NULL DEFAULT 'Europe/London'::text,
  retention_days integer,
  deleted_at timestamp with time zone,
  owner uuid,
  public boolean NOT NULL DEFAULT false,
  public_password_hash text,
  verify_token text NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text),
  verified_at timestamp with time zone,
  stats_epoch bigint NOT NULL DEFAULT 0,
  public_export boolean NOT NULL DEFAULT false,
  retention_grace_until timestamp with time zone,
  reports_since timestamp with time zone,
  privacy_page boolean NOT NULL DEFAULT false,
  report_alerts boolean NOT NULL DEFAULT false,
  alerts_checked date,
  embed boolean NOT NULL DEFAULT false,
  embed_origins text[] NOT NULL DEFAULT '{}'::text[],
  public_realtime boolean NOT NULL DEFAULT false,
  carbon_badge boolean NOT NULL DEFAULT false,
  CONSTRAINT domains_name_key UNIQUE (name),
  CONSTRAINT domains_owner_fkey FOREIGN KEY (owner) REFERENCES users(uid) ON DELETE CASCADE,
  CONSTRAINT domains_pkey PRIMARY KEY (id),
  CONSTRAINT domains_public_id_key UNIQUE (public_id),
  CONSTRAINT domains_retention_days_check CHECK ((retention_days > 0))
);
CREATE UNIQUE INDEX domains_name_key ON domains USING btree (name);
CREATE INDEX domains_owner ON domains USING btree (owner);
CREATE UNIQUE INDEX domains_pkey ON domains USING btree (id);
CREATE UNIQUE INDEX domains_public_id_key ON domains USING btree (public_id);

CREATE TABLE email_tokens (
  token_hash bytea NOT NULL,
  uid uuid NOT NULL,
  purpose text NOT NULL,
  created timestamp with time zone NOT NULL DEFAULT now(),
  expires timestamp with time zone NOT NULL,
  used_at timestamp with time zone,
  CONSTRAINT email_tokens_pkey PRIMARY KEY (token_hash),
  CONSTRAINT email_tokens_purpose_check CHECK ((purpose = ANY (ARRAY['verify'::text, 'reset'::text]))),
  CONSTRAINT email_tokens_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX email_tokens_pkey ON email_tokens USING btree (token_hash);
CREATE INDEX email_tokens_uid ON email_tokens USING btree (uid);

CREATE TABLE feedback (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  uid uuid,
  message text NOT NULL,
  page text,
  domain text,
  created timestamp with time zone NOT NULL DEFAULT now(),
  handled_at timestamp with time zone,
  CONSTRAINT feedback_message_check CHECK ((length(TRIM(BOTH FROM message)) > 0)),
  CONSTRAINT feedback_pkey PRIMARY KEY (id),
  CONSTRAINT feedback_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX feedback_pkey ON feedback USING btree (id);

CREATE TABLE funnels (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  domain_id integer NOT NULL,
  name text NOT NULL,
  steps bigint[] NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT funnels_domain_id_fkey FOREIGN KEY (domain_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT funnels_name_check CHECK (((length(name) >= 1) AND (length(name) <= 60))),
  CONSTRAINT funnels_pkey PRIMARY KEY (id),
  CONSTRAINT funnels_steps_check CHECK (((cardinality(steps) >= 2) AND (cardinality(steps) <= 8)))
);
CREATE UNIQUE INDEX funnels_domain_name ON funnels USING btree (domain_id, lower(name));
CREATE UNIQUE INDEX funnels_pkey ON funnels USING btree (id);

CREATE TABLE goals (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  domain_id integer NOT NULL,
  name text NOT NULL,
  kind text NOT NULL,
  match text NOT NULL,
  value text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT goals_check CHECK (((value IS NULL) OR ((kind = 'event'::text) AND ((length(value) >= 1) AND (length(value) <= 200))))),
  CONSTRAINT goals_domain_id_fkey FOREIGN KEY (domain_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT goals_kind_check CHECK ((kind = ANY (ARRAY['page'::text, 'event'::text]))),
  CONSTRAINT goals_match_check CHECK (((length(match) >= 1) AND (length(match) <= 1024))),
  CONSTRAINT goals_name_check CHECK (((length(name) >= 1) AND (length(name) <= 60))),
  CONSTRAINT goals_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX goals_domain_name ON goals USING btree (domain_id, lower(name));
CREATE UNIQUE INDEX goals_pkey ON goals USING btree (id);

CREATE TABLE hit_batches (
  id uuid NOT NULL,
  at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT hit_batches_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX hit_batches_pkey ON hit_batches USING btree (id);

CREATE TABLE hits ( -- hypertable
  time timestamp with time zone NOT NULL,
  site_id integer NOT NULL,
  kind smallint NOT NULL,
  local_day date NOT NULL,
  local_hour smallint NOT NULL,
  path text NOT NULL,
  referrer_host text,
  source text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  country text,
  language text,
  browser text,
  os text,
  device text,
  screen text,
  is_unique boolean NOT NULL DEFAULT false,
  is_bounce boolean NOT NULL DEFAULT false,
  duration_ms integer,
  load_ms integer,
  transfer_bytes bigint,
  event_name text,
  event_value text,
  referrer_post text,
  scroll_pct smallint,
  from_path text,
  lcp_ms integer,
  inp_ms integer,
  cls real,
  fcp_ms integer,
  ttfb_ms integer
);
CREATE INDEX hits_site_time ON hits USING btree (site_id, "time" DESC);
CREATE INDEX hits_site_time_post ON hits USING btree (site_id, "time" DESC) WHERE (referrer_post IS NOT NULL);
CREATE INDEX hits_site_time_vitals ON hits USING btree (site_id, "time" DESC) WHERE (kind = 4);

CREATE TABLE imported_daily (
  import_id bigint NOT NULL,
  site_id integer NOT NULL,
  day date NOT NULL,
  dim text NOT NULL,
  label text NOT NULL,
  grp text NOT NULL DEFAULT ''::text,
  views bigint NOT NULL,
  uniques bigint NOT NULL,
  bounces bigint NOT NULL,
  duration_ms bigint NOT NULL,
  bytes bigint,
  CONSTRAINT imported_daily_pkey PRIMARY KEY (import_id, dim, day, grp, label),
  CONSTRAINT imported_daily_site_id_fkey FOREIGN KEY (site_id) REFERENCES domains(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX imported_daily_pkey ON imported_daily USING btree (import_id, dim, day, grp, label);
CREATE INDEX imported_daily_site_day ON imported_daily USING btree (site_id, day);

CREATE TABLE imports (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  site_id integer NOT NULL,
  format text NOT NULL,
  status text NOT NULL DEFAULT 'queued'::text,
  sha256 text NOT NULL,
  bytes bigint NOT NULL,
  bytes_read bigint NOT NULL DEFAULT 0,
  rows bigint NOT NULL DEFAULT 0,
  first_day date,
  last_day date,
  dims text[] NOT NULL DEFAULT '{}'::text[],
  overlap text NOT NULL DEFAULT 'refuse'::text,
  error text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  finished_at timestamp with time zone,
  CONSTRAINT imports_bytes_check CHECK ((bytes >= 0)),
  CONSTRAINT imports_overlap_check CHECK ((overlap = ANY (ARRAY['refuse'::text, 'own'::text]))),
  CONSTRAINT imports_pkey PRIMARY KEY (id),
  CONSTRAINT imports_site_id_fkey FOREIGN KEY (site_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT imports_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'running'::text, 'done'::text, 'failed'::text, 'cancelled'::text])))
);
CREATE UNIQUE INDEX imports_pkey ON imports USING btree (id);
CREATE UNIQUE INDEX imports_site_file ON imports USING btree (site_id, sha256) WHERE (status <> ALL (ARRAY['failed'::text, 'cancelled'::text]));

CREATE TABLE inspection_cards (
  url text NOT NULL,
  made_at timestamp with time zone NOT NULL,
  png bytea NOT NULL,
  inspection_id bigint NOT NULL,
  CONSTRAINT inspection_cards_pkey PRIMARY KEY (url)
);
CREATE UNIQUE INDEX inspection_cards_pkey ON inspection_cards USING btree (url);

CREATE TABLE inspection_screenshots (
  url text NOT NULL,
  taken_at timestamp with time zone NOT NULL,
  jpeg bytea NOT NULL,
  CONSTRAINT inspection_screenshots_pkey PRIMARY KEY (url)
);
CREATE UNIQUE INDEX inspection_screenshots_pkey ON inspection_screenshots USING btree (url);

CREATE TABLE inspections (
  id bigint NOT NULL DEFAULT nextval('inspections_id_seq'::regclass),
  url text NOT NULL,
  status text NOT NULL DEFAULT 'queued'::text,
  requested_at timestamp with time zone NOT NULL DEFAULT now(),
  started_at timestamp with time zone,
  finished_at timestamp with time zone,
  lease_until timestamp with time zone,
  attempts integer NOT NULL DEFAULT 0,
  error text,
  error_type text,
  bytes bigint,
  bytes_initial bigint,
  filecount integer,
  co2 double precision,
  detail jsonb,
  CONSTRAINT inspections_pkey PRIMARY KEY (id),
  CONSTRAINT inspections_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'running'::text, 'done'::text, 'failed'::text])))
);
CREATE INDEX inspections_history ON inspections USING btree (url, finished_at DESC) WHERE (status = ANY (ARRAY['done'::text, 'failed'::text]));
CREATE UNIQUE INDEX inspections_live_url ON inspections USING btree (url) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]));
CREATE UNIQUE INDEX inspections_pkey ON inspections USING btree (id);
CREATE INDEX inspections_queue ON inspections USING btree (requested_at) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]));

CREATE TABLE maintenance_runs (
  job text NOT NULL,
  started timestamp with time zone NOT NULL,
  duration_ms integer NOT NULL,
  error text,
  claimed_until timestamp with time zone,
  runs bigint NOT NULL DEFAULT 0,
  CONSTRAINT maintenance_runs_pkey PRIMARY KEY (job)
);
CREATE UNIQUE INDEX maintenance_runs_pkey ON maintenance_runs USING btree (job);

CREATE TABLE passkeys (
  id text NOT NULL,
  uid uuid NOT NULL,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}'::text[],
  name text NOT NULL,
  created timestamp with time zone NOT NULL DEFAULT now(),
  last_used timestamp with time zone,
  CONSTRAINT passkeys_pkey PRIMARY KEY (id),
  CONSTRAINT passkeys_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX passkeys_pkey ON passkeys USING btree (id);
CREATE INDEX passkeys_uid ON passkeys USING btree (uid);

CREATE TABLE process_heartbeats (
  id uuid NOT NULL,
  kind text NOT NULL,
  version text NOT NULL,
  host text NOT NULL,
  pid integer NOT NULL,
  started timestamp with time zone NOT NULL,
  last_seen timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT process_heartbeats_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX process_heartbeats_pkey ON process_heartbeats USING btree (id);

CREATE TABLE recovery_codes (
  uid uuid NOT NULL,
  code_hash bytea NOT NULL,
  used_at timestamp with time zone,
  CONSTRAINT recovery_codes_pkey PRIMARY KEY (uid, code_hash),
  CONSTRAINT recovery_codes_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX recovery_codes_pkey ON recovery_codes USING btree (uid, code_hash);

CREATE TABLE report_recipients (
  id integer NOT NULL DEFAULT nextval('report_recipients_id_seq'::regclass),
  domain_id integer NOT NULL,
  email text NOT NULL,
  is_owner boolean NOT NULL DEFAULT false,
  confirmed_at timestamp with time zone,
  unsubscribed_at timestamp with time zone,
  created timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT report_recipients_domain_id_email_key UNIQUE (domain_id, email),
  CONSTRAINT report_recipients_domain_id_fkey FOREIGN KEY (domain_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT report_recipients_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX report_recipients_domain_id_email_key ON report_recipients USING btree (domain_id, email);
CREATE UNIQUE INDEX report_recipients_owner ON report_recipients USING btree (domain_id) WHERE is_owner;
CREATE UNIQUE INDEX report_recipients_pkey ON report_recipients USING btree (id);

CREATE TABLE report_runs (
  domain_id integer NOT NULL,
  week date NOT NULL,
  recipient_id integer NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamp with time zone NOT NULL,
  lease_until timestamp with time zone,
  sent_at timestamp with time zone,
  error text,
  CONSTRAINT report_runs_domain_id_fkey FOREIGN KEY (domain_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT report_runs_pkey PRIMARY KEY (domain_id, week, recipient_id),
  CONSTRAINT report_runs_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES report_recipients(id) ON DELETE CASCADE
);
CREATE INDEX report_runs_due ON report_runs USING btree (next_attempt_at) WHERE (sent_at IS NULL);
CREATE UNIQUE INDEX report_runs_pkey ON report_runs USING btree (domain_id, week, recipient_id);

CREATE TABLE schema_migrations (
  version integer NOT NULL,
  name text NOT NULL,
  applied_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT schema_migrations_pkey PRIMARY KEY (version)
);
CREATE UNIQUE INDEX schema_migrations_pkey ON schema_migrations USING btree (version);

CREATE TABLE segments (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  domain_id integer NOT NULL,
  name text NOT NULL,
  filters jsonb NOT NULL,
  created_by uuid,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT segments_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(uid) ON DELETE SET NULL,
  CONSTRAINT segments_domain_id_fkey FOREIGN KEY (domain_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT segments_filters_check CHECK (((jsonb_typeof(filters) = 'array'::text) AND ((jsonb_array_length(filters) >= 1) AND (jsonb_array_length(filters) <= 10)))),
  CONSTRAINT segments_name_check CHECK (((length(name) >= 1) AND (length(name) <= 60))),
  CONSTRAINT segments_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX segments_domain_name ON segments USING btree (domain_id, lower(name));
CREATE UNIQUE INDEX segments_pkey ON segments USING btree (id);

CREATE TABLE sessions (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  uid uuid NOT NULL,
  kind text NOT NULL,
  family uuid NOT NULL,
  token_hash bytea NOT NULL,
  created timestamp with time zone NOT NULL DEFAULT now(),
  expires timestamp with time zone NOT NULL,
  rotated_at timestamp with time zone,
  revoked_at timestamp with time zone,
  family_expires timestamp with time zone NOT NULL,
  CONSTRAINT sessions_kind_check CHECK ((kind = ANY (ARRAY['cookie'::text, 'refresh'::text]))),
  CONSTRAINT sessions_pkey PRIMARY KEY (id),
  CONSTRAINT sessions_token_hash_key UNIQUE (token_hash),
  CONSTRAINT sessions_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE INDEX sessions_family ON sessions USING btree (family);
CREATE UNIQUE INDEX sessions_pkey ON sessions USING btree (id);
CREATE UNIQUE INDEX sessions_token_hash_key ON sessions USING btree (token_hash);
CREATE INDEX sessions_uid ON sessions USING btree (uid);

CREATE TABLE signin_challenges (
  token_hash bytea NOT NULL,
  uid uuid NOT NULL,
  with_tokens boolean NOT NULL,
  expires timestamp with time zone NOT NULL,
  CONSTRAINT signin_challenges_pkey PRIMARY KEY (token_hash),
  CONSTRAINT signin_challenges_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX signin_challenges_pkey ON signin_challenges USING btree (token_hash);
CREATE INDEX signin_challenges_uid ON signin_challenges USING btree (uid);

CREATE TABLE signin_events (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  uid uuid NOT NULL,
  at timestamp with time zone NOT NULL DEFAULT now(),
  outcome text NOT NULL,
  CONSTRAINT signin_events_outcome_check CHECK ((outcome = ANY (ARRAY['ok'::text, 'wrong_password'::text, 'wrong_code'::text, 'disabled'::text]))),
  CONSTRAINT signin_events_pkey PRIMARY KEY (id),
  CONSTRAINT signin_events_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX signin_events_pkey ON signin_events USING btree (id);
CREATE INDEX signin_events_uid ON signin_events USING btree (uid, at DESC);

CREATE TABLE usage_notices (
  uid uuid NOT NULL,
  month text NOT NULL,
  tier text NOT NULL,
  sent timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT usage_notices_month_check CHECK ((month ~ '^\d{4}-\d{2}$'::text)),
  CONSTRAINT usage_notices_pkey PRIMARY KEY (uid, month),
  CONSTRAINT usage_notices_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX usage_notices_pkey ON usage_notices USING btree (uid, month);

CREATE TABLE user_totp (
  uid uuid NOT NULL,
  secret bytea NOT NULL,
  enabled_at timestamp with time zone,
  last_step bigint NOT NULL DEFAULT 0,
  created timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT user_totp_pkey PRIMARY KEY (uid),
  CONSTRAINT user_totp_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX user_totp_pkey ON user_totp USING btree (uid);

CREATE TABLE users (
  uid uuid NOT NULL DEFAULT gen_random_uuid(),
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  scope text[] NOT NULL DEFAULT '{}'::text[],
  verified boolean NOT NULL DEFAULT false,
  created timestamp with time zone NOT NULL DEFAULT now(),
  token_epoch integer NOT NULL DEFAULT 0,
  disabled_at timestamp with time zone,
  CONSTRAINT users_email_check CHECK ((email = lower(email))),
  CONSTRAINT users_email_key UNIQUE (email),
  CONSTRAINT users_pkey PRIMARY KEY (uid)
);
CREATE UNIQUE INDEX users_email_key ON users USING btree (email);
CREATE UNIQUE INDEX users_pkey ON users USING btree (uid);

CREATE TABLE webauthn_challenges (
  challenge text NOT NULL,
  uid uuid,
  purpose text NOT NULL,
  expires timestamp with time zone NOT NULL,
  pending bytea,
  CONSTRAINT webauthn_challenges_pending_fkey FOREIGN KEY (pending) REFERENCES signin_challenges(token_hash) ON DELETE CASCADE,
  CONSTRAINT webauthn_challenges_pkey PRIMARY KEY (challenge),
  CONSTRAINT webauthn_challenges_purpose_check CHECK ((purpose = ANY (ARRAY['register'::text, 'signin'::text, 'second-step'::text]))),
  CONSTRAINT webauthn_challenges_uid_fkey FOREIGN KEY (uid) REFERENCES users(uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX webauthn_challenges_pkey ON webauthn_challenges USING btree (challenge);

CREATE TABLE webhook_attempts (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  webhook_id bigint NOT NULL,
  at timestamp with time zone NOT NULL DEFAULT now(),
  attempt integer NOT NULL,
  status integer,
  error text,
  CONSTRAINT webhook_attempts_pkey PRIMARY KEY (id),
  CONSTRAINT webhook_attempts_webhook_id_fkey FOREIGN KEY (webhook_id) REFERENCES webhooks(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX webhook_attempts_pkey ON webhook_attempts USING btree (id);
CREATE INDEX webhook_attempts_webhook ON webhook_attempts USING btree (webhook_id, id);

CREATE TABLE webhook_deliveries (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  webhook_id bigint NOT NULL,
  annotation_id bigint,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  due_at timestamp with time zone NOT NULL DEFAULT now(),
  done_at timestamp with time zone,
  CONSTRAINT webhook_deliveries_annotation_id_fkey FOREIGN KEY (annotation_id) REFERENCES annotations(id) ON DELETE CASCADE,
  CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (id),
  CONSTRAINT webhook_deliveries_webhook_id_annotation_id_key UNIQUE (webhook_id, annotation_id),
  CONSTRAINT webhook_deliveries_webhook_id_fkey FOREIGN KEY (webhook_id) REFERENCES webhooks(id) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries USING btree (due_at) WHERE (done_at IS NULL);
CREATE UNIQUE INDEX webhook_deliveries_pkey ON webhook_deliveries USING btree (id);
CREATE UNIQUE INDEX webhook_deliveries_webhook_id_annotation_id_key ON webhook_deliveries USING btree (webhook_id, annotation_id);

CREATE TABLE webhooks (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  domain_id integer NOT NULL,
  kind text NOT NULL,
  url text NOT NULL,
  secret text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT webhooks_domain_id_fkey FOREIGN KEY (domain_id) REFERENCES domains(id) ON DELETE CASCADE,
  CONSTRAINT webhooks_kind_check CHECK ((kind = ANY (ARRAY['slack'::text, 'json'::text]))),
  CONSTRAINT webhooks_pkey PRIMARY KEY (id)
);
CREATE INDEX webhooks_domain ON webhooks USING btree (domain_id);
CREATE UNIQUE INDEX webhooks_pkey ON webhooks USING btree (id);

-- Continuous aggregates: hits_daily_campaign, hits_daily_campaign_page, hits_daily_entry, hits_daily_event, hits_daily_geo, hits_daily_grid, hits_daily_page, hits_daily_post, hits_daily_referrer, hits_daily_step, hits_daily_tech, hits_hourly, hits_hourly_campaign, hits_hourly_campaign_page, hits_hourly_entry, hits_hourly_event, hits_hourly_geo, hits_hourly_grid, hits_hourly_page, hits_hourly_post, hits_hourly_referrer, hits_hourly_step, hits_hourly_tech.
-- Other views: none.
