-- Beta access requests are answered from the admin area like feedback: when one was handled.
ALTER TABLE access_requests ADD COLUMN handled_at timestamptz;
