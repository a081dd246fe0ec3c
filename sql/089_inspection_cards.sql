-- The social-post image (Open Graph) of each URL's newest successful inspection: a 1200×630 PNG
-- drawn once when the run finishes, so serving it costs a read. Older ones are not kept.
CREATE TABLE inspection_cards (
  url text PRIMARY KEY,
  made_at timestamptz NOT NULL,
  png bytea NOT NULL
);
