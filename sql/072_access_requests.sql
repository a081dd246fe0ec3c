-- Requests for access while the instance is in beta (/request), read in the admin area. They hold
-- what the person typed and when, nothing about the request itself (no address, no user-agent).
CREATE TABLE access_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL CHECK (email = lower(email)),
  name text NOT NULL CHECK (length(trim(name)) > 0),
  website text,
  message text,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX access_requests_created ON access_requests (created DESC);
