-- Whether a public dashboard shows its realtime view (GET /api/realtime?id=…, the live badge): the
-- owner's choice, off by default, and only ever in force while the dashboard is public.
ALTER TABLE domains ADD COLUMN public_realtime boolean NOT NULL DEFAULT false;
