// Pro API keys: `bothy_` + 256 random bits, shown once, stored as a SHA-256 hash. A key reads
// stats only; the stats feature asks `apiKeyHolder` who holds one.
import type { Sql } from "postgres";
import { namedQuery } from "../db";
import { hashToken, randomToken } from "./tokens";
import { userById } from "./users";

const API_KEY_PREFIX = "bothy_";

type ApiKey = { id: string; name: string; created: Date; lastUsed: Date | null };

export const createApiKey = namedQuery("apiKeys.create", async (sql, uid: string, name: string) => {
  const key = API_KEY_PREFIX + randomToken();
  const [row] = await sql<ApiKey[]>`
    INSERT INTO api_keys (uid, name, key_hash) VALUES (${uid}, ${name}, ${hashToken(key)})
    RETURNING id, name, created, last_used AS "lastUsed"`;
  return { ...row!, key };
});

export const listApiKeys = namedQuery("apiKeys.list", (sql, uid: string) =>
  sql<ApiKey[]>`
    SELECT id, name, created, last_used AS "lastUsed" FROM api_keys WHERE uid = ${uid} ORDER BY created`,
);

/** Deletes one of the user's keys; false when the id is not theirs. */
export const revokeApiKey = namedQuery("apiKeys.revoke", async (sql, uid: string, id: string) => {
  const rows = await sql`DELETE FROM api_keys WHERE id = ${id} AND uid = ${uid} RETURNING id`;
  return rows.length > 0;
});

/** The owner of a key, stamping its last use; null for an unknown key or a switched-off account. */
const apiKeyUid = namedQuery("apiKeys.uid", async (sql, key: string) => {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  // NOTE: the key of an account an admin switched off opens nothing.
  const [row] = await sql<{ uid: string }[]>`
    UPDATE api_keys k SET last_used = now() FROM users u
    WHERE k.key_hash = ${hashToken(key)} AND u.uid = k.uid AND u.disabled_at IS NULL RETURNING k.uid`;
  return row?.uid ?? null;
});

/** A key's holder, and the tag a per-key limit counts it under (its hash: the key is kept nowhere);
 * null for an unknown key or a switched-off account. NOTE: on the primary: it stamps the key's last use. */
export const apiKeyHolder = async (sql: Sql, key: string) => {
  const uid = await apiKeyUid(sql, key);
  const user = uid ? await userById(sql, uid) : null;
  return user && { user, tag: hashToken(key).toString("hex") };
};
