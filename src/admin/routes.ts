// The admin API: /api/admin/*, for the admin scope only. Anyone else, signed in or not, gets the
// same 404 as a path that does not exist, so the API does not tell a stranger it is there. Every
// change an admin makes lands in the audit log (./audit.ts) in the same request.
import { Elysia, t } from "elysia";
import { viaStripe } from "../billing";
import type { AppContext } from "../context";
import type { Database } from "../db";
import { adminUser, currentUser, deleteAccount, LAST_ADMIN, setScope, setSignInDisabled, setVerified, withSession, type User } from "../auth";
import { feedbackById, markHandled } from "../feedback";
import { HttpError } from "../http/errors";
import { deleteScreenshot, screenshot } from "../inspect";
import { accessReplyMail, createMailer, feedbackReplyMail, type Mail } from "../mail";
import { accessRequestById, markAccessRequestHandled } from "../requests";
import { hasAdminScope } from "../shared/plans";
import { recordAudit } from "./audit";
import type { AdminReads } from "./reads";

const NO_USER = "No such user.";
const uidParam = t.Object({ uid: t.String({ format: "uuid", error: NO_USER }) });
const idParam = t.Object({ id: t.String({ pattern: "^[0-9]{1,18}$", error: "No such message." }) });

/** A kind of message the requests page lists: how to find one, mark it handled and answer it. */
type MessageKind = {
  byId: (sql: Database["sql"], id: string) => Promise<{ uid?: string | null; email: string | null; message: string | null } | null>;
  markHandled: (sql: Database["sql"], id: string) => Promise<boolean>;
  mail: (to: string, reply: string, original: string, link: string) => Mail;
  what: string;
  link: string;
};

/** The 404 of a path that does not exist, for anyone without the admin scope. */
const adminOnly = (user: User | null): User => {
  if (!user || !hasAdminScope(user)) throw new HttpError(404, "Not found");
  return user;
};

export function adminRoutes(ctx: AppContext, reads: AdminReads) {
  const sql = ctx.db.sql;
  const mailer = createMailer(ctx.config);

  /** Runs one change on a user and records it; 404 for an unknown user, 409 for the last admin. */
  const onUser = async (admin: User, uid: string, action: string, change: () => Promise<"done" | "missing" | "last-admin" | boolean>) => {
    const target = await adminUser(sql, uid);
    if (!target) throw new HttpError(404, NO_USER);
    const outcome = await change();
    if (outcome === "missing" || outcome === false) throw new HttpError(404, NO_USER);
    if (outcome === "last-admin") throw new HttpError(409, LAST_ADMIN);
    await recordAudit(sql, admin, action, { uid, email: target.email });
    return { ok: true };
  };

  /** A plugin whose routes only admins reach. */
  const guarded = (name: string) =>
    new Elysia({ name })
      // TRICKY: input is validated before `resolve` runs, so a stranger's malformed request would
      // answer 400 and show that the route exists: the scope is checked first, at transform.
      .onTransform(async ({ request }) => void adminOnly(await currentUser(ctx, request)))
      .use(withSession(ctx))
      .resolve(({ user }) => ({ admin: adminOnly(user) }));

  /** Mark handled and reply by email, for one kind of message people send. */
  const messageRoutes = (path: string, kind: MessageKind) =>
    guarded(`admin-${path}`)
      .post(
        `/api/admin/${path}/:id/handled`,
        async ({ admin, params }) => {
          const message = await kind.byId(sql, params.id);
          if (!message || !(await kind.markHandled(sql, params.id))) throw new HttpError(404, "No such message.");
          await recordAudit(sql, admin, `mark ${kind.what} handled`, { uid: message.uid ?? undefined, email: message.email ?? undefined, detail: `#${params.id}` });
          return { ok: true };
        },
        { params: idParam },
      )
      .post(
        `/api/admin/${path}/:id/reply`,
        async ({ admin, params, body }) => {
          const message = await kind.byId(sql, params.id);
          if (!message) throw new HttpError(404, "No such message.");
          if (!message.email) throw new HttpError(409, "Its author's account is gone: there is no one to reply to.");
          await mailer.send(kind.mail(message.email, body.reply.trim(), message.message ?? "", `${ctx.origin.value}${kind.link}`));
          await kind.markHandled(sql, params.id);
          await recordAudit(sql, admin, `reply to ${kind.what}`, { uid: message.uid ?? undefined, email: message.email, detail: `#${params.id}` });
          return { ok: true };
        },
        { params: idParam, body: t.Object({ reply: t.String({ minLength: 1, maxLength: 5000, pattern: "\\S", error: "Write a reply first." }) }) },
      );

  return guarded("admin-api")
    .get("/api/admin/users", ({ query }) => reads.users(query.q ?? "", query.page ?? 1), {
      query: t.Object({ q: t.Optional(t.String({ maxLength: 200 })), page: t.Optional(t.Integer({ minimum: 1, maximum: 100_000 })) }),
    })
    .get(
      "/api/admin/users/:uid",
      async ({ params }) => {
        const found = await reads.user(params.uid);
        if (!found) throw new HttpError(404, NO_USER);
        return found;
      },
      { params: uidParam },
    )
    .post("/api/admin/users/:uid/verify", ({ admin, params }) => onUser(admin, params.uid, "verify", () => setVerified(sql, params.uid)), {
      params: uidParam,
    })
    .post(
      "/api/admin/users/:uid/scope",
      ({ admin, params, body }) =>
        onUser(admin, params.uid, `${body.grant ? "grant" : "revoke"} ${body.scope}`, () => setScope(sql, params.uid, body.scope, body.grant)),
      { params: uidParam, body: t.Object({ scope: t.Union([t.Literal("pro"), t.Literal("admin")]), grant: t.Boolean() }) },
    )
    .post(
      "/api/admin/users/:uid/sign-in",
      ({ admin, params, body }) =>
        onUser(admin, params.uid, body.disabled ? "disable sign-in" : "enable sign-in", () => setSignInDisabled(ctx, params.uid, body.disabled)),
      { params: uidParam, body: t.Object({ disabled: t.Boolean() }) },
    )
    .post(
      "/api/admin/users/:uid/delete",
      async ({ admin, params, body }) => {
        const target = await adminUser(sql, params.uid);
        if (!target) throw new HttpError(404, NO_USER);
        if (body.confirm.trim().toLowerCase() !== target.email) {
          const message = `Type ${target.email} to confirm.`;
          throw new HttpError(400, message, { confirm: message });
        }
        return onUser(admin, params.uid, "delete", () => deleteAccount(ctx, params.uid));
      },
      { params: uidParam, body: t.Object({ confirm: t.String({ maxLength: 320 }) }) },
    )
    .get("/api/admin/domains", () => reads.domains())
    .get("/api/admin/stripe", () => viaStripe("admin.subscriptions", reads.stripe))
    .get("/api/admin/prices", () => viaStripe("admin.prices", reads.prices))
    .get("/api/admin/usage", () => reads.usage())
    .get("/api/admin/monitoring", () => reads.monitoring())
    .get("/api/admin/requests", () => reads.requests())
    .use(messageRoutes("requests", { byId: feedbackById, markHandled, mail: feedbackReplyMail, what: "feedback", link: "/settings" }))
    .use(messageRoutes("access-requests", {
      byId: accessRequestById, markHandled: markAccessRequestHandled, mail: accessReplyMail, what: "access request", link: "/signup",
    }))
    .get("/api/admin/screenshots", () => reads.screenshots())
    .get(
      "/api/admin/screenshots/image",
      async ({ query }) => {
        const shot = await screenshot(sql, query.url);
        if (!shot) throw new HttpError(404, "No screenshot of this URL.");
        return new Response(new Uint8Array(shot.jpeg), { headers: { "content-type": "image/jpeg", "cache-control": "private, no-store" } });
      },
      { query: t.Object({ url: t.String({ minLength: 1, maxLength: 4096 }) }) },
    )
    .post(
      "/api/admin/screenshots/delete",
      async ({ admin, body }) => {
        if (!(await deleteScreenshot(sql, body.url, body.history ?? false))) throw new HttpError(404, "No screenshot of this URL.");
        await recordAudit(sql, admin, body.history ? "delete screenshot and history" : "delete screenshot", { detail: body.url });
        return { ok: true };
      },
      { body: t.Object({ url: t.String({ minLength: 1, maxLength: 4096 }), history: t.Optional(t.Boolean()) }) },
    )
    .get("/api/admin/servers", () => reads.servers());
}
