-- Whether a public dashboard's visitors may download its stats (GET /api/export?id=…): the owner's
-- choice, off by default, and only ever in force while the dashboard is public.
ALTER TABLE domains ADD COLUMN public_export boolean NOT NULL DEFAULT false;
