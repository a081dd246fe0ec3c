// Single-use, expiring tokens behind the links we mail: email verification and password reset.
// Only the hash is stored; consuming one marks it used in the same statement that reads it.
import { namedQuery } from "../db";
import { hashToken, randomToken } from "./tokens";

type LinkPurpose = "verify" | "reset";

export const LINK_LIFETIME_MINUTES: Record<LinkPurpose, number> = { verify: 24 * 60, reset: 60 };

export const createLinkToken = namedQuery("emailLinks.create", async (sql, uid: string, purpose: LinkPurpose) => {
  const token = randomToken();
  await sql`
    INSERT INTO email_tokens (token_hash, uid, purpose, expires)
    VALUES (${hashToken(token)}, ${uid}, ${purpose},
            now() + make_interval(mins => ${LINK_LIFETIME_MINUTES[purpose]}))`;
  return token;
});

/** Marks the token used and returns its user, or null when unknown, used, expired or for another purpose. */
export const consumeLinkToken = namedQuery(
  "emailLinks.consume",
  async (sql, token: string, purpose: LinkPurpose) => {
    const [row] = await sql<{ uid: string }[]>`
      UPDATE email_tokens SET used_at = now()
      WHERE token_hash = ${hashToken(token)} AND purpose = ${purpose} AND used_at IS NULL AND expires > now()
      RETURNING uid`;
    return row?.uid ?? null;
  },
);

/** Marks every still-live link of the user for `purpose` used, e.g. all reset links once one worked. */
export const retireLinkTokens = namedQuery("emailLinks.retire", async (sql, uid: string, purpose: LinkPurpose) => {
  await sql`UPDATE email_tokens SET used_at = now() WHERE uid = ${uid} AND purpose = ${purpose} AND used_at IS NULL`;
});
