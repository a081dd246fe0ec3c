-- Embedding a public dashboard: the owner turns it on and names the sites that may frame it; the
-- public page sends those origins in its frame-ancestors, and every other page keeps 'none'.
ALTER TABLE domains ADD COLUMN embed boolean NOT NULL DEFAULT false;
ALTER TABLE domains ADD COLUMN embed_origins text[] NOT NULL DEFAULT '{}';
