// The audit log: every admin action, who did it, on whom (user and/or domain) and when, every
// admin's read of another account's stats or export, and what other rooms hand in through
// `auditWriter` (single sign-on's sign-ins and refusals, owners' embedding settings). Rows keep
// the emails as they were, so the log reads the same after an account is gone; only what an
// account that is no instance admin did itself (its sign-ins, passkeys, two-factor, its domains)
// goes with it (`forgetOwnLines`).
import { namedQuery, type Queryable } from "../db";

type AuditEntry = {
  at: Date;
  adminEmail: string;
  action: string;
  targetUid: string | null;
  targetEmail: string | null;
  targetDomain: string | null;
  detail: string | null;
};

export type AuditTarget = { uid?: string; email?: string; domain?: string; detail?: string };

/** Who acted: an admin, or (for sign-ins and an owner's settings) the account itself; no uid when
 * the actor has no account, such as a refused single sign-on. */
export type AuditActor = { uid: string | null; email: string };

export const recordAudit = namedQuery("audit.record", async (sql, admin: AuditActor, action: string, t: AuditTarget) => {
  await sql`INSERT INTO admin_audit (admin, admin_email, action, target_uid, target_email, target_domain, detail)
    VALUES (${admin.uid}, ${admin.email}, ${action}, ${t.uid ?? null}, ${t.email ?? null}, ${t.domain ?? null}, ${t.detail ?? null})`;
});

/**
 * Deletes the lines an account wrote itself, inside its deletion: nothing of a deleted account
 * stays but what instance admins did. NOTE: an instance admin's own lines stay, as every admin
 * action must.
 */
export const forgetOwnLines = namedQuery("audit.forget", async (sql: Queryable, uid: string) => {
  await sql`DELETE FROM admin_audit
    WHERE admin = ${uid} AND NOT EXISTS (SELECT 1 FROM users WHERE uid = ${uid} AND 'admin' = ANY (scope))`;
});

/** What admins did to this account, newest first. */
export const auditOf = namedQuery("audit.of", (sql, uid: string, limit: number) =>
  sql<AuditEntry[]>`
    SELECT at, admin_email AS "adminEmail", action, target_uid AS "targetUid", target_email AS "targetEmail",
      target_domain AS "targetDomain", detail
    FROM admin_audit WHERE target_uid = ${uid} ORDER BY at DESC, id DESC LIMIT ${limit}`,
);

/** An admin's read of a domain that is not theirs: its dashboard's stats or an export of them. */
export type AdminRead = { admin: string; owner: string | null; domain: string; what: "stats" | "export" };

/** The first key of this log's advisory locks (the second is the read's hash): any constant no other lock uses. */
const READ_LOCK = 0x61756469;

/**
 * Records an admin's read at most once per admin, domain and kind an hour, on the owner's page of
 * the log: a dashboard left open reloads every minute, and one line an hour says as much.
 * TRICKY: a dashboard asks for its parts at once; the lock makes the later reads wait for the first
 * to commit, and their check, a new statement under READ COMMITTED, then sees its row. Another
 * node's read may still add one of its own in the same hour.
 */
export const recordAdminRead = namedQuery("audit.read", async (sql, r: AdminRead) => {
  const action = `read ${r.what}`;
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${READ_LOCK}, hashtext(${`${r.admin}|${action}|${r.domain}`}))`;
    await tx`INSERT INTO admin_audit (admin, admin_email, action, target_uid, target_email, target_domain)
      SELECT a.uid, a.email, ${action}, o.uid, o.email, ${r.domain}
      FROM users a LEFT JOIN users o ON o.uid = ${r.owner}::uuid
      WHERE a.uid = ${r.admin} AND NOT EXISTS (
        SELECT 1 FROM admin_audit
        WHERE admin = ${r.admin} AND action = ${action} AND target_domain = ${r.domain} AND at > now() - interval '1 hour')`;
  });
});
