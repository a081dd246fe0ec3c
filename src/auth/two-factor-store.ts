// Two-factor sign-in's tables (sql/103_two_factor.sql): a user's sealed TOTP secret, their
// recovery codes as hashes, and the short-lived challenges between a right password and its code.
import { namedQuery } from "../db";
import { hashToken, randomToken } from "./tokens";

/** How long a right password waits for its code. */
export const CHALLENGE_MINUTES = 5;

export const totpOf = namedQuery("twoFactor.totp", async (sql, uid: string) => {
  const [row] = await sql<{ secret: Buffer; enabled: boolean }[]>`
    SELECT secret, enabled_at IS NOT NULL AS enabled FROM user_totp WHERE uid = ${uid}`;
  return row ?? null;
});

/** A new secret waiting for its first code; replaces one not confirmed yet, never an enabled one. */
export const stagePendingTotp = namedQuery("twoFactor.stage", async (sql, uid: string, sealed: Buffer) => {
  const rows = await sql`
    INSERT INTO user_totp (uid, secret) VALUES (${uid}, ${sealed})
    ON CONFLICT (uid) DO UPDATE SET secret = excluded.secret, last_step = 0, created = now()
      WHERE user_totp.enabled_at IS NULL
    RETURNING uid`;
  return rows.length > 0;
});

/**
 * Takes a code's step as used: false when this step (or a newer one) was used already.
 * TRICKY: one conditional UPDATE, so two requests with the same code cannot both pass.
 */
export const takeStep = namedQuery("twoFactor.takeStep", async (sql, uid: string, step: number) => {
  const rows = await sql`UPDATE user_totp SET last_step = ${step} WHERE uid = ${uid} AND last_step < ${step} RETURNING uid`;
  return rows.length > 0;
});

/** Confirms the staged secret and stores a new set of recovery codes, in one transaction. */
export const enableTotp = namedQuery("twoFactor.enable", (sql, uid: string, codeHashes: Buffer[]) =>
  sql.begin(async (tx) => {
    await tx`UPDATE user_totp SET enabled_at = now() WHERE uid = ${uid}`;
    await tx`DELETE FROM recovery_codes WHERE uid = ${uid}`;
    await tx`INSERT INTO recovery_codes ${tx(codeHashes.map((h) => ({ uid, code_hash: h })))}`;
  }),
);

export const disableTotp = namedQuery("twoFactor.disable", (sql, uid: string) =>
  sql.begin(async (tx) => {
    await tx`DELETE FROM user_totp WHERE uid = ${uid}`;
    await tx`DELETE FROM recovery_codes WHERE uid = ${uid}`;
  }),
);

/** Uses up a recovery code: false when it is unknown or was used before. */
export const useRecoveryCode = namedQuery("twoFactor.useRecovery", async (sql, uid: string, codeHash: Buffer) => {
  const rows = await sql`
    UPDATE recovery_codes SET used_at = now() WHERE uid = ${uid} AND code_hash = ${codeHash} AND used_at IS NULL RETURNING uid`;
  return rows.length > 0;
});

export const recoveryCodesLeft = namedQuery("twoFactor.recoveryLeft", async (sql, uid: string) => {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM recovery_codes WHERE uid = ${uid} AND used_at IS NULL`;
  return row?.n ?? 0;
});

export const createChallenge = namedQuery("twoFactor.challenge", async (sql, uid: string, withTokens: boolean) => {
  const token = randomToken();
  // NOTE: a user's expired challenges go when they get a new one, so the table stays small.
  await sql`DELETE FROM signin_challenges WHERE uid = ${uid} AND expires <= now()`;
  await sql`
    INSERT INTO signin_challenges (token_hash, uid, with_tokens, expires)
    VALUES (${hashToken(token)}, ${uid}, ${withTokens}, now() + make_interval(mins => ${CHALLENGE_MINUTES}))`;
  return token;
});

/** The live challenge's user and whether it asked for API tokens, or null. */
export const challengeOf = namedQuery("twoFactor.challengeOf", async (sql, token: string) => {
  const [row] = await sql<{ uid: string; withTokens: boolean }[]>`
    SELECT uid, with_tokens AS "withTokens" FROM signin_challenges WHERE token_hash = ${hashToken(token)} AND expires > now()`;
  return row ?? null;
});

export const endChallenge = namedQuery("twoFactor.endChallenge", async (sql, token: string) => {
  await sql`DELETE FROM signin_challenges WHERE token_hash = ${hashToken(token)}`;
});

/** Ends a user's pending sign-ins (their password changed, or their account was switched off). */
export const endChallengesOf = namedQuery("twoFactor.endChallengesOf", async (sql, uid: string) => {
  await sql`DELETE FROM signin_challenges WHERE uid = ${uid}`;
});
