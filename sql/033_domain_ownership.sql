-- Proof of domain ownership. A domain is unverified until its owner shows control of its home page
-- (a <meta name="bothy-verify" content="{verify_token}"> tag, src/domains/verify.ts).
-- A name another account already holds can still be added: it becomes a claim (domain_claims), which
-- counts nothing; verifying a claim takes the domain over from an unverified holder. Each token is
-- random and per account, so a holder's tag never proves a claimant's control, nor the reverse.
ALTER TABLE domains ADD COLUMN verify_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
ALTER TABLE domains ADD COLUMN verified_at timestamptz;

CREATE TABLE domain_claims (
  owner uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  name text NOT NULL,
  tz text NOT NULL DEFAULT 'Europe/London',
  -- NOTE: becomes the domain's public id on a take-over; never served before.
  public_id text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', ''),
  verify_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', ''),
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, name)
);
CREATE INDEX domain_claims_name ON domain_claims (name);
