-- Session lifetimes and access-token revocation. A session's `expires` is now its idle deadline,
-- pushed forward on use; `family_expires` is the absolute end of the sign-in it descends from,
-- copied onto every rotated refresh token, so a family cannot renew itself for ever.
-- `token_epoch` is stamped into each access token; bumping it (sign-out, reset, password change)
-- makes every access token issued before refused at once instead of when it expires.
ALTER TABLE sessions ADD COLUMN family_expires timestamptz;
UPDATE sessions SET family_expires = expires;
ALTER TABLE sessions ALTER COLUMN family_expires SET NOT NULL;

ALTER TABLE users ADD COLUMN token_epoch integer NOT NULL DEFAULT 0;
