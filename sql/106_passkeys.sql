-- Passkeys (WebAuthn): each credential's public key and signature counter, by its credential id
-- (base64url), for signing in without a password. The challenges of registrations and passkey
-- sign-ins in flight are kept until used once or five minutes pass; a sign-in's has no user yet
-- (the passkey chosen names it).
CREATE TABLE passkeys (
  id text PRIMARY KEY,
  uid uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  last_used timestamptz
);
CREATE INDEX passkeys_uid ON passkeys (uid);

CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  uid uuid REFERENCES users ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('register', 'signin')),
  expires timestamptz NOT NULL
);
