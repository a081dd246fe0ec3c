// The admin room: the admin API (./routes.ts) and the reads the /admin/* pages render
// (./reads.ts), both for the admin scope only. Pages are guarded by the pages framework
// (guards: { admin: true } sends anyone else to /signin); the API answers 404 to anyone else.
import { onAccountRows } from "../auth";
import type { AppContext } from "../context";
import { forgetOwnLines, recordAudit, type AuditActor, type AuditTarget } from "./audit";
import { adminReads, type AdminReads } from "./reads";
import { adminRoutes } from "./routes";
import { samplerOf } from "./samples";

export type { AdminReads } from "./reads";
export { recordAdminRead, type AdminRead } from "./audit";

/** Writes one line of the audit log, for the rooms that record what happens outside the admin
 * area (single sign-on, embedding); handed to them by src/app.ts, since they cannot import this room. */
export const auditWriter = (ctx: Pick<AppContext, "db">) => (actor: AuditActor, action: string, target: AuditTarget) =>
  recordAudit(ctx.db.sql, actor, action, target);

// NOTE: one set of reads per database, shared by the API and the pages.
const readsByDb = new WeakMap<object, AdminReads>();
export const adminPages = (ctx: AppContext): AdminReads => {
  let reads = readsByDb.get(ctx.db);
  if (!reads) readsByDb.set(ctx.db, (reads = adminReads(ctx)));
  return reads;
};

export const adminRoom = (ctx: AppContext) => {
  // NOTE: sampling starts with the app, so the monitoring charts have the last hour when first opened.
  samplerOf(ctx);
  onAccountRows(ctx.db, (tx, uid) => forgetOwnLines(tx, uid));
  return adminRoutes(ctx, adminPages(ctx));
};
