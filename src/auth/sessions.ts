// Sessions: browser cookies and API refresh tokens, stored as hashes. Refresh tokens rotate on
// every use; a rotated token presented again revokes its whole family (it was copied).
import { namedQuery } from "../db";
import { hashToken, randomToken } from "./tokens";

export type SessionKind = "cookie" | "refresh";

export const SESSION_DAYS = 30;

export const createSession = namedQuery(
  "sessions.create",
  async (sql, uid: string, kind: SessionKind, family: string = crypto.randomUUID()) => {
    const token = randomToken();
    await sql`
      INSERT INTO sessions (uid, kind, family, token_hash, expires)
      VALUES (${uid}, ${kind}, ${family}, ${hashToken(token)}, now() + make_interval(days => ${SESSION_DAYS}))`;
    return token;
  },
);

/** The user of a live session token, or null (unknown, expired, rotated or revoked). */
export const sessionUid = namedQuery("sessions.uid", async (sql, token: string, kind: SessionKind) => {
  const [row] = await sql<{ uid: string }[]>`
    SELECT uid FROM sessions
    WHERE token_hash = ${hashToken(token)} AND kind = ${kind}
      AND expires > now() AND rotated_at IS NULL AND revoked_at IS NULL`;
  return row?.uid ?? null;
});

export type Rotation = { ok: true; uid: string; token: string } | { ok: false; reason: "unknown" | "reused" };

/** Swaps a refresh token for a new one of the same family, in one transaction. */
export const rotateRefresh = namedQuery("sessions.rotateRefresh", (sql, token: string) =>
  sql.begin(async (tx): Promise<Rotation> => {
    const [row] = await tx<{ id: string; uid: string; family: string; rotated: boolean; live: boolean }[]>`
      SELECT id, uid, family, rotated_at IS NOT NULL AS rotated,
             expires > now() AND revoked_at IS NULL AS live
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
    await tx`
      INSERT INTO sessions (uid, kind, family, token_hash, expires)
      VALUES (${row.uid}, 'refresh', ${row.family}, ${hashToken(next)}, now() + make_interval(days => ${SESSION_DAYS}))`;
    return { ok: true, uid: row.uid, token: next };
  }),
);

export const revokeSession = namedQuery("sessions.revoke", async (sql, token: string) => {
  // NOTE: revoking a refresh token ends its family, so older rotated copies cannot revive it.
  await sql`
    UPDATE sessions SET revoked_at = now()
    WHERE revoked_at IS NULL
      AND family IN (SELECT family FROM sessions WHERE token_hash = ${hashToken(token)})`;
});

/** Ends every session of a user, optionally keeping one (the one changing the password). */
export const revokeAllSessions = namedQuery("sessions.revokeAll", async (sql, uid: string, keep?: string) => {
  const kept = keep ? hashToken(keep) : null;
  await sql`
    UPDATE sessions SET revoked_at = now()
    WHERE uid = ${uid} AND revoked_at IS NULL AND (${kept}::bytea IS NULL OR token_hash <> ${kept})`;
});
