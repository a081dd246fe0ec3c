-- The per-domain privacy notice (/privacy/{domain}): shown only when its owner turns it on.
-- NOTE: off by default. The notice says publicly that the site is measured by this Bothy, which
-- nothing else here tells a stranger, and only an owner who proved control of the site may say so
-- (the API refuses the switch for an unverified domain).
ALTER TABLE domains ADD COLUMN privacy_page boolean NOT NULL DEFAULT false;
