// Sessions: browser cookies and API refresh tokens, stored as hashes. Refresh tokens rotate on
// every use; a rotated token presented again revokes its whole family (it was copied). Each
// session ends after `idleDays` unused, and every family `maxDays` after its sign-in at the latest.
import { namedQuery } from "../db";
import { hashToken, randomToken } from "./tokens";

type SessionKind = "cookie" | "refresh";

export type SessionLimits = { idleDays: number; maxDays: number };

export const createSession = namedQuery(
  "sessions.create",
  async (sql, uid: string, kind: SessionKind, limits: SessionLimits) => {
    const token = randomToken();
    await sql`
      INSERT INTO sessions (uid, kind, family, token_hash, expires, family_expires)
      VALUES (${uid}, ${kind}, ${crypto.randomUUID()}, ${hashToken(token)},
              now() + make_interval(days => ${Math.min(limits.idleDays, limits.maxDays)}),
              now() + make_interval(days => ${limits.maxDays}))`;
    return token;
  },
);

/**
 * The user of a live session token, or null (unknown, idle too long, past its family's end,
 * rotated or revoked). Using it pushes the idle deadline forward, never past the family's end.
 */
export const sessionUid = namedQuery("sessions.uid", async (sql, token: string, kind: SessionKind, idleDays: number) => {
  // NOTE: the deadline is rewritten at most once a minute per session, not on every request.
  const [row] = await sql<{ uid: string }[]>`
    WITH live AS (
      SELECT id, uid, expires, family_expires FROM sessions
      WHERE token_hash = ${hashToken(token)} AND kind = ${kind}
        AND expires > now() AND family_expires > now() AND rotated_at IS NULL AND revoked_at IS NULL
    ), touched AS (
      UPDATE sessions s SET expires = least(now() + make_interval(days => ${idleDays}), live.family_expires)
      FROM live
      WHERE s.id = live.id AND live.expires < least(now() + make_interval(days => ${idleDays}), live.family_expires) - interval '1 minute'
    )
    SELECT uid FROM live`;
  return row?.uid ?? null;
});

type Rotation = { ok: true; uid: string; token: string } | { ok: false; reason: "unknown" | "reused" };

/** Swaps a refresh token for a new one of the same family, in one transaction. */
export const rotateRefresh = namedQuery("sessions.rotateRefresh", (sql, token: string, idleDays: number) =>
  sql.begin(async (tx): Promise<Rotation> => {
    const [row] = await tx<{ id: string; uid: string; family: string; familyExpires: Date; rotated: boolean; live: boolean }[]>`
      SELECT id, uid, family, family_expires AS "familyExpires", rotated_at IS NOT NULL AS rotated,
             expires > now() AND family_expires > now() AND revoked_at IS NULL AS live
      FROM sessions WHERE token_hash = ${hashToken(token)} AND kind = 'refresh'
      FOR UPDATE`;
    if (!row) return { ok: false, reason: "unknown" };
    if (row.rotated) {
      // TRICKY: both the thief and the owner hold this token; we cannot tell who is who, so
      // everything descended from it stops working and the owner signs in again.
      await tx`UPDATE sessions SET revoked_at = now() WHERE family = ${row.family} AND revoked_at IS NULL`;
      return { ok: false, reason: "reused" };
    }
    if (!row.live) return { ok: false, reason: "unknown" };
    await tx`UPDATE sessions SET rotated_at = now() WHERE id = ${row.id}`;
    const next = randomToken();
    // NOTE: the family's end is inherited, never renewed: only signing in again starts a new one.
    await tx`
      INSERT INTO sessions (uid, kind, family, token_hash, expires, family_expires)
      VALUES (${row.uid}, 'refresh', ${row.family}, ${hashToken(next)},
              least(now() + make_interval(days => ${idleDays}), ${row.familyExpires}), ${row.familyExpires})`;
    return { ok: true, uid: row.uid, token: next };
  }),
);

/** Ends the token's session (a refresh token's whole family); answers its user, if any. */
export const revokeSession = namedQuery("sessions.revoke", async (sql, token: string) => {
  // NOTE: revoking a refresh token ends its family, so older rotated copies cannot revive it.
  const [row] = await sql<{ uid: string }[]>`
    UPDATE sessions SET revoked_at = now()
    WHERE revoked_at IS NULL
      AND family IN (SELECT family FROM sessions WHERE token_hash = ${hashToken(token)})
    RETURNING uid`;
  return row?.uid ?? null;
});

/** Ends every session of a user, optionally keeping one (the one changing the password). */
export const revokeAllSessions = namedQuery("sessions.revokeAll", async (sql, uid: string, keep?: string) => {
  const kept = keep ? hashToken(keep) : null;
  await sql`
    UPDATE sessions SET revoked_at = now()
    WHERE uid = ${uid} AND revoked_at IS NULL AND (${kept}::bytea IS NULL OR token_hash <> ${kept})`;
});
