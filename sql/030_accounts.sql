-- Accounts: users, their sessions (browser cookies and API refresh tokens), and the single-use
-- tokens behind verification and reset links. Tokens are stored only as SHA-256 hashes, so a
-- database dump cannot be replayed as a login.
CREATE TABLE users (
  uid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  name text NOT NULL,
  password_hash text NOT NULL,
  scope text[] NOT NULL DEFAULT '{}',
  verified boolean NOT NULL DEFAULT false,
  created timestamptz NOT NULL DEFAULT now()
);

-- kind 'cookie': the browser session; kind 'refresh': an API refresh token. A refresh token is
-- rotated on use: the old row gets rotated_at, the new one keeps the family. Presenting a rotated
-- token again means it was stolen, and the whole family is revoked.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uid uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('cookie', 'refresh')),
  family uuid NOT NULL,
  token_hash bytea NOT NULL UNIQUE,
  created timestamptz NOT NULL DEFAULT now(),
  expires timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX sessions_uid ON sessions (uid);
CREATE INDEX sessions_family ON sessions (family);

CREATE TABLE email_tokens (
  token_hash bytea PRIMARY KEY,
  uid uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  created timestamptz NOT NULL DEFAULT now(),
  expires timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_tokens_uid ON email_tokens (uid);

-- Pro API keys: shown once at creation, stored as hashes, read-only access to stats.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uid uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  name text NOT NULL,
  key_hash bytea NOT NULL UNIQUE,
  created timestamptz NOT NULL DEFAULT now(),
  last_used timestamptz
);
CREATE INDEX api_keys_uid ON api_keys (uid);

-- The feedback box: read in the admin area; goes with its author's account.
CREATE TABLE feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid uuid REFERENCES users ON DELETE CASCADE,
  message text NOT NULL CHECK (length(trim(message)) > 0),
  page text,
  domain text,
  created timestamptz NOT NULL DEFAULT now()
);
