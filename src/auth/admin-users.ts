// Named queries over accounts for the admin area: the searchable user list, one user's profile,
// sign-in outcomes, and the changes an admin makes (verify, scopes, disable, delete). The rule that
// an instance keeps one admin at least is in the SQL, under one lock, so two admins demoting each
// other at the same moment cannot both succeed.
import type { Sql } from "postgres";
import { namedQuery, type Queryable } from "../db";

type AdminUserRow = {
  uid: string;
  email: string;
  name: string;
  scope: string[];
  verified: boolean;
  disabled: boolean;
  created: Date;
  lastSignin: Date | null;
  domains: number;
};

type SigninOutcome = "ok" | "wrong_password" | "wrong_code" | "disabled";

const ROW = `u.uid, u.email, u.name, u.scope, u.verified, u.disabled_at IS NOT NULL AS disabled, u.created,
  (SELECT max(at) FROM signin_events s WHERE s.uid = u.uid AND s.outcome = 'ok') AS "lastSignin",
  (SELECT count(*) FROM domains d WHERE d.owner = u.uid AND d.deleted_at IS NULL)::int AS domains`;

/** One page of users, newest first; `q` matches a part of the email or the name. */
export const searchUsers = namedQuery(
  "adminUsers.search",
  async (sql, q: string, limit: number, offset: number) => {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await sql<(AdminUserRow & { total: number })[]>`
      SELECT ${sql.unsafe(ROW)}, count(*) OVER ()::int AS total FROM users u
      WHERE ${q} = '' OR u.email ILIKE ${like} OR u.name ILIKE ${like}
      ORDER BY u.created DESC, u.uid LIMIT ${limit} OFFSET ${offset}`;
    return { total: rows[0]?.total ?? 0, users: rows.map(({ total: _, ...u }) => u) };
  },
);

export const adminUser = namedQuery("adminUsers.one", async (sql, uid: string) => {
  const [row] = await sql<AdminUserRow[]>`SELECT ${sql.unsafe(ROW)} FROM users u WHERE u.uid = ${uid}`;
  return row ?? null;
});

/** The accounts of `uids` and every account holding Pro, for matching subscriptions to scopes. */
export const accountsForBilling = namedQuery("adminUsers.forBilling", (sql, uids: string[]) =>
  sql<{ uid: string; email: string; scope: string[] }[]>`
    SELECT uid, email, scope FROM users WHERE uid = ANY(${uids}::uuid[]) OR 'pro' = ANY(scope) ORDER BY email`,
);

/** Sign-in outcomes are kept this long: enough to see a pattern, not a history of someone's days. */
const SIGNINS_KEPT = "90 days";

export const recordSignin = namedQuery("adminUsers.recordSignin", async (sql, uid: string, outcome: SigninOutcome) => {
  await sql`INSERT INTO signin_events (uid, outcome) VALUES (${uid}, ${outcome})`;
  await sql`DELETE FROM signin_events WHERE uid = ${uid} AND at < now() - ${SIGNINS_KEPT}::interval`;
});

export const recentSignins = namedQuery("adminUsers.recentSignins", (sql, uid: string, limit: number) =>
  sql<{ at: Date; outcome: SigninOutcome }[]>`
    SELECT at, outcome FROM signin_events WHERE uid = ${uid} ORDER BY at DESC LIMIT ${limit}`,
);

export const setVerified = namedQuery("adminUsers.verify", async (sql, uid: string) => {
  const rows = await sql`UPDATE users SET verified = true WHERE uid = ${uid} RETURNING uid`;
  return rows.length > 0;
});

/** True while an admin who can sign in, other than `uid`, remains. */
const otherAdmins = (sql: Queryable, uid: string) =>
  sql`EXISTS (SELECT 1 FROM users o WHERE 'admin' = ANY(o.scope) AND o.disabled_at IS NULL AND o.uid <> ${uid})`;

/** The advisory lock key of the last-admin rule: any constant no other lock uses. */
const ADMIN_RULE_LOCK = 0x6164_6d6e;

/**
 * Runs a change that may leave fewer admins in a transaction that first takes the last-admin lock.
 * TRICKY: the rule reads other rows than the change writes, so two admins demoting (or disabling,
 * or deleting) each other at once would each still see the other as admin and both succeed (write
 * skew). With the lock the second waits for the first to commit, and its check, a new statement
 * under READ COMMITTED, then sees the first one's change.
 */
const underAdminLock = async (sql: Sql, change: (tx: Queryable) => Promise<Change>): Promise<Change> =>
  (await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${ADMIN_RULE_LOCK}::bigint)`;
    return change(tx);
  })) as Change;

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** "missing": no such user; "last-admin": the change would leave no admin who can sign in. */
type Change = "done" | "missing" | "last-admin";

const changed = async (rows: PromiseLike<readonly unknown[]>, exists: () => Promise<boolean>): Promise<Change> =>
  (await rows).length ? "done" : (await exists()) ? "last-admin" : "missing";

const exists = (sql: Queryable, uid: string) => async () => (await sql`SELECT 1 FROM users WHERE uid = ${uid}`).length > 0;

/** Adds or removes a scope; removing `admin` from the last admin is refused. */
export const setScope = namedQuery("adminUsers.setScope", async (sql, uid: string, scope: "pro" | "admin", grant: boolean) => {
  if (!isUuid(uid)) return "missing" as Change;
  const demotes = scope === "admin" && !grant;
  const update = (q: Queryable) =>
    changed(
      q`UPDATE users SET scope = CASE WHEN ${grant} THEN array_append(array_remove(scope, ${scope}), ${scope})
                                     ELSE array_remove(scope, ${scope}) END
        WHERE uid = ${uid} ${demotes ? q`AND ${otherAdmins(q, uid)}` : q``} RETURNING uid`,
      exists(q, uid),
    );
  return demotes ? underAdminLock(sql, update) : update(sql);
});

/** Switches sign-in off (or on again); switching off the last admin is refused. */
export const setDisabled = namedQuery("adminUsers.setDisabled", async (sql, uid: string, disabled: boolean) => {
  if (!isUuid(uid)) return "missing" as Change;
  const update = (q: Queryable) =>
    changed(
      q`UPDATE users SET disabled_at = CASE WHEN ${disabled} THEN coalesce(disabled_at, now()) END
        WHERE uid = ${uid} ${disabled ? q`AND (NOT 'admin' = ANY(scope) OR ${otherAdmins(q, uid)})` : q``} RETURNING uid`,
      exists(q, uid),
    );
  return disabled ? underAdminLock(sql, update) : update(sql);
});

/**
 * Deletes an account after `owned` removed, in the same transaction, what the foreign keys do not
 * cascade to (./deletion.ts); sessions, links, keys, domains and feedback follow by ON DELETE
 * CASCADE. All or nothing. The last admin is refused, whoever asks (an admin, or the account itself
 * from its settings): an instance without one cannot be run from the browser.
 */
export const deleteUser = namedQuery("users.delete", async (sql, uid: string, owned: (tx: Queryable) => Promise<void>) => {
  if (!isUuid(uid)) return "missing" as Change;
  return underAdminLock(sql, async (tx): Promise<Change> => {
    const [row] = await tx`SELECT uid FROM users
      WHERE uid = ${uid} AND (NOT 'admin' = ANY(scope) OR ${otherAdmins(tx, uid)}) FOR UPDATE`;
    if (!row) return (await exists(tx, uid)()) ? "last-admin" : "missing";
    await owned(tx);
    await tx`DELETE FROM users WHERE uid = ${uid}`;
    return "done";
  });
});
