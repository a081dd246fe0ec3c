// The audit log: every admin action, who did it, on whom (user and/or domain) and when. Rows keep
// the emails as they were, so the log reads the same after an account is gone.
import { namedQuery } from "../db";

type AuditEntry = {
  at: Date;
  adminEmail: string;
  action: string;
  targetUid: string | null;
  targetEmail: string | null;
  targetDomain: string | null;
  detail: string | null;
};

type Target = { uid?: string; email?: string; domain?: string; detail?: string };

export const recordAudit = namedQuery("audit.record", async (sql, admin: { uid: string; email: string }, action: string, t: Target) => {
  await sql`INSERT INTO admin_audit (admin, admin_email, action, target_uid, target_email, target_domain, detail)
    VALUES (${admin.uid}, ${admin.email}, ${action}, ${t.uid ?? null}, ${t.email ?? null}, ${t.domain ?? null}, ${t.detail ?? null})`;
});

/** What admins did to this account, newest first. */
export const auditOf = namedQuery("audit.of", (sql, uid: string, limit: number) =>
  sql<AuditEntry[]>`
    SELECT at, admin_email AS "adminEmail", action, target_uid AS "targetUid", target_email AS "targetEmail",
      target_domain AS "targetDomain", detail
    FROM admin_audit WHERE target_uid = ${uid} ORDER BY at DESC, id DESC LIMIT ${limit}`,
);
