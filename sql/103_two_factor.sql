-- Two-factor sign-in. A user's TOTP secret is stored AES-GCM-encrypted under a key derived from
-- SECRET_KEY (a database dump alone does not hold it) and is never sent back by any endpoint after
-- its setup; last_step is the newest 30 s step a code was accepted for, so a code works once.
-- Recovery codes are kept as SHA-256 hashes (they are random, 60 bits each) and each works once.
-- A sign-in challenge is what a right password gets when a second step is due: not a session, a
-- short-lived hashed token that only the code endpoint accepts.
CREATE TABLE user_totp (
  uid uuid PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  secret bytea NOT NULL,
  enabled_at timestamptz,
  last_step bigint NOT NULL DEFAULT 0,
  created timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE recovery_codes (
  uid uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  code_hash bytea NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (uid, code_hash)
);

CREATE TABLE signin_challenges (
  token_hash bytea PRIMARY KEY,
  uid uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  with_tokens boolean NOT NULL,
  expires timestamptz NOT NULL
);
CREATE INDEX signin_challenges_uid ON signin_challenges (uid);

-- A sign-in whose password was right but whose second step was not.
ALTER TABLE signin_events DROP CONSTRAINT signin_events_outcome_check;
ALTER TABLE signin_events ADD CONSTRAINT signin_events_outcome_check CHECK (outcome IN ('ok', 'wrong_password', 'wrong_code', 'disabled'));
