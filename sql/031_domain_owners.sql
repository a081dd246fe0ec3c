-- Ownership and sharing of domains: each domain belongs to one account and goes with it;
-- a public dashboard is reached by public_id, optionally behind a password (Pro), stored hashed.
ALTER TABLE domains ADD COLUMN owner uuid REFERENCES users ON DELETE CASCADE;
ALTER TABLE domains ADD COLUMN public boolean NOT NULL DEFAULT false;
ALTER TABLE domains ADD COLUMN public_password_hash text;
CREATE INDEX domains_owner ON domains (owner);
