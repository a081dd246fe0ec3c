-- A passkey can answer the second step of a password sign-in instead of a code: its WebAuthn
-- challenge names the user and the pending sign-in (by the hash its challenge row is kept under),
-- and goes when that sign-in ends.
ALTER TABLE webauthn_challenges DROP CONSTRAINT webauthn_challenges_purpose_check;
ALTER TABLE webauthn_challenges ADD CONSTRAINT webauthn_challenges_purpose_check CHECK (purpose IN ('register', 'signin', 'second-step'));
ALTER TABLE webauthn_challenges ADD COLUMN pending bytea REFERENCES signin_challenges (token_hash) ON DELETE CASCADE;
