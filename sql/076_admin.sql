-- The admin area: accounts an admin has switched off, the outcome of each sign-in (time and
-- outcome only: no IP, no user-agent), the audit log of admin actions, and feedback an admin has
-- dealt with.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;

CREATE TABLE signin_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  outcome text NOT NULL CHECK (outcome IN ('ok', 'wrong_password', 'disabled'))
);
CREATE INDEX signin_events_uid ON signin_events (uid, at DESC);

-- NOTE: no foreign keys on the targets: the log must outlive a deleted user or domain, so it keeps
-- their email and name as they were. The admin's own row may go too (SET NULL, email kept).
CREATE TABLE admin_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  admin uuid REFERENCES users ON DELETE SET NULL,
  admin_email text NOT NULL,
  action text NOT NULL,
  target_uid uuid,
  target_email text,
  target_domain text,
  detail text
);
CREATE INDEX admin_audit_target ON admin_audit (target_uid, at DESC);

ALTER TABLE feedback ADD COLUMN handled_at timestamptz;
