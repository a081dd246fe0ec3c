-- Teams (src/domains/team.ts): an owner shares a domain with other accounts, each with a role:
-- viewer (reads and exports), editor (also goals, segments, annotations, alerts, sharing), admin
-- (also members and deletion). The plan and usage stay the owner's. An invite waits for its mailed
-- link (stored hashed) to be opened by the account of the invited address; the activity list keeps
-- what was done to the domain's members and settings, with the emails as they were.
CREATE TABLE domain_members (
  domain_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  uid uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('viewer', 'editor', 'admin')),
  added timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (domain_id, uid)
);
CREATE INDEX domain_members_uid ON domain_members (uid);

CREATE TABLE domain_invites (
  domain_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  role text NOT NULL CHECK (role IN ('viewer', 'editor', 'admin')),
  token_hash text NOT NULL UNIQUE,
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (domain_id, email)
);

CREATE TABLE domain_activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  actor_email text NOT NULL,
  action text NOT NULL,
  target_email text,
  detail text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_activity_domain ON domain_activity (domain_id, at DESC);
