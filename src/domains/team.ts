// A domain's team: its owner and admins invite people by email with a role (src/shared/roles.ts),
// change roles and remove members or waiting invites; a member may leave; the owner may hand the
// domain to a member. The invite mail's link (/settings/domains?invite=…, on this instance's
// origin, which sends a signed-out visitor through sign-in first) is accepted by the signed-in
// account of the invited address. Every change writes a line to the
// domain's activity list, which its admins read, and one to the admin audit log. A claim has no
// team (./queries.ts).
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { mayMailAddress, signedIn, withSession, type User } from "../auth";
import { HttpError } from "../http/errors";
import { rateLimiter, retryAfter } from "../http/rate-limit";
import { FREE_DOMAIN_LIMIT, isPro } from "../plans";
import { createMailer, inviteMail } from "../mail";
import { allows, MEMBER_ROLES, ROLES, type Role } from "../shared/roles";
import {
  acceptInvite, deleteInvite, INVITE_DAYS, listActivity, listInvites, listMembers, memberByEmail, putInvite, recordActivity, removeMember,
  setMemberRole, sharedDomain, transferOwnership,
} from "./members";
import { countDomains, listDomains, ownedDomain } from "./queries";

const NOT_FOUND = "No such domain.";
const INVITES_PER_HOUR = 30;
const BAD_LINK = "This invite link is not valid: it was used, revoked or has expired, or it was sent to another address than the one you are signed in with.";

const domainParam = t.Object({ domain: t.String({ maxLength: 253 }) });
export const memberParams = t.Object({ domain: t.String({ maxLength: 253 }), email: t.String({ maxLength: 254 }) });
const email = t.String({ format: "email", maxLength: 254, error: "Enter an email address." });
export const InviteBody = t.Object(
  {
    email,
    role: t.Union(MEMBER_ROLES.map((r) => t.Literal(r)), { error: "Choose viewer, editor or admin." }),
    allDomains: t.Optional(t.Boolean({ description: "Invite to every domain of this domain's owner (only the owner may), with one mail and one link." })),
  },
  { examples: [{ email: "sam@example.com", role: "viewer" }, { email: "sam@example.com", role: "editor", allDomains: true }] },
);
export const RoleBody = t.Object(
  { role: t.Union(ROLES.map((r) => t.Literal(r)), { error: "Choose viewer, editor, admin or owner." }) },
  { examples: [{ role: "editor" }] },
);
const detail = (summary: string, description?: string) => ({ tags: ["Teams"], summary, description });

/** Writes one line of the admin audit log: handed in by src/app.ts, since this room cannot import the admin room. */
export type Audit = (actor: { uid: string | null; email: string }, action: string, target: { email?: string; domain?: string; detail?: string }) => Promise<unknown>;

/** Records what `me` did to a domain: a line of its activity list and one of the admin audit log. */
export const activityLog = (sql: AppContext["db"]["sql"], audit: Audit) =>
  async (me: User, domain: { id: number; name: string }, action: string, target: string | null = null, detail: string | null = null) => {
    await recordActivity(sql, domain.id, me.email, action, target, detail);
    await audit(me, `domain.${action}`, { domain: domain.name, ...(target !== null && { email: target }), ...(detail !== null && { detail }) });
  };
type ActivityLog = ReturnType<typeof activityLog>;
/** What the team routes do, for the session routes here and the Sites API's key routes (./sites-api.ts). */
export type TeamOps = ReturnType<typeof teamOps>;

const randomToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
const hashed = (token: string) => new Bun.CryptoHasher("sha256").update(token).digest("hex");

/** The domain this user may act on with at least `need`, and their role; 404 when they hold none. */
export const teamAccess = (sql: AppContext["db"]["sql"]) => async (me: User, name: string, need: Role) => {
  const lower = name.toLowerCase();
  const owned = await ownedDomain(sql, me.uid, lower);
  const found = owned?.id != null ? { domain: owned, id: owned.id, name: owned.name, role: "owner" as Role, owner: me.uid, ownerScope: me.scope } : null;
  const shared = found ? null : await sharedDomain(sql, me.uid, lower);
  const team = found ?? (shared ? { domain: shared, id: shared.id!, name: shared.name, role: shared.role as Role, owner: shared.owner, ownerScope: shared.ownerScope } : null);
  if (!team) throw new HttpError(404, NOT_FOUND);
  if (!allows(team.role, need)) throw new HttpError(403, `Your role on ${team.domain.name} (${team.role}) does not allow this.`);
  return team;
};

/** Lists, invites, changes and removes a domain's members, each checked against `me`'s role on it. */
export const teamOps = (ctx: AppContext, log: ActivityLog) => {
  const sql = ctx.db.sql;
  const mailer = createMailer(ctx.config);
  const access = teamAccess(sql);
  // NOTE: each invite sends a mail to an address the inviter typed.
  const invites = rateLimiter(INVITES_PER_HOUR, 3600_000);

  const list = async (me: User, name: string) => {
    const team = await access(me, name, "admin");
    return { members: await listMembers(sql, team.id), invites: await listInvites(sql, team.id) };
  };

  const invite = async (me: User, name: string, body: typeof InviteBody.static) => {
    const team = await access(me, name, body.allDomains ? "owner" : "admin");
    const to = body.email.trim().toLowerCase();
    const everyDomain = body.allDomains ? (await listDomains(sql, me.uid)).flatMap((d) => (d.id ? [{ id: d.id, name: d.name }] : [])) : [team];
    const teams = [];
    for (const d of everyDomain) if (!(await listMembers(sql, d.id)).some((m) => m.email === to)) teams.push(d);
    if (teams.length === 0) throw new HttpError(409, `${to} is on the team already.`, { email: `${to} is on the team already.` });
    const taken = invites.take(me.uid);
    if (!taken.ok) throw new HttpError(429, "Too many invites. Try again later.", undefined, retryAfter(taken));
    const token = randomToken();
    // TRICKY: one link for many domains: each invite keeps the link's hash with its domain id after
    // it (token_hash is unique), and accepting takes every invite whose hash starts with the link's.
    for (const d of teams) await putInvite(sql, d.id, to, body.role, body.allDomains ? `${hashed(token)}:${d.id}` : hashed(token));
    // NOTE: an address gets as many mails an hour as the account mails allow; past that the invite is
    // kept (its new link unsent) and answered alike, so the answer does not tell who else mails it.
    const names = teams.map((d) => d.name);
    if (mayMailAddress(ctx, to)) await mailer.send(inviteMail(to, me.email, names, body.role, `${ctx.origin.value}/settings/domains?invite=${token}`, INVITE_DAYS));
    for (const d of teams) await log(me, d, "invite", to, body.role);
    return { email: to, role: body.role, pending: true, ...(body.allDomains && { domains: names }) };
  };

  const change = async (me: User, name: string, address: string, role: Role) => {
    const team = await access(me, name, role === "owner" ? "owner" : "admin");
    const member = await memberByEmail(sql, team.id, address.toLowerCase());
    if (!member) throw new HttpError(404, "No such member.");
    // NOTE: the domain goes onto the new owner's plan, which must have room for it, as when adding one.
    if (role === "owner" && !isPro(ctx.config, member) && (await countDomains(sql, member.uid)) >= FREE_DOMAIN_LIMIT) {
      throw new HttpError(403, `${address.toLowerCase()} is on the free plan, which includes ${FREE_DOMAIN_LIMIT} websites: they upgrade to Pro to take this one.`);
    }
    if (role === "owner") await sql.begin((tx) => transferOwnership(tx, team.id, me.uid, member.uid));
    else await setMemberRole(sql, team.id, member.uid, role);
    await log(me, team, role === "owner" ? "transfer" : "role", address.toLowerCase(), role);
    return { email: address.toLowerCase(), role };
  };

  const remove = async (me: User, name: string, address: string) => {
    const to = address.toLowerCase();
    // NOTE: anyone on the team may leave; only admins remove others or revoke invites.
    const team = await access(me, name, to === me.email ? "viewer" : "admin");
    if (team.role === "owner" && to === me.email) throw new HttpError(409, "Hand the domain to a member before you leave it.");
    const member = await memberByEmail(sql, team.id, to);
    if (member) await removeMember(sql, team.id, member.uid);
    else if (await deleteInvite(sql, team.id, to)) {
      await log(me, team, "revoke", to);
      return { ok: true };
    } else throw new HttpError(404, "No such member.");
    await log(me, team, to === me.email ? "leave" : "remove", to);
    return { ok: true };
  };
  return { list, invite, change, remove };
};

export const teamRoutes = (ctx: AppContext, log: ActivityLog, { list, invite, change, remove }: TeamOps) => {
  const sql = ctx.db.sql;
  const access = teamAccess(sql);

  return new Elysia({ name: "domains-team" })
    .use(withSession(ctx))
    .get(
      "/api/domains/:domain/members",
      async ({ params, user }) => list(signedIn(user), params.domain),
      { params: domainParam, detail: detail("A domain's members and waiting invites", "For its owner and admins.") },
    )
    .post(
      "/api/domains/:domain/members",
      async ({ params, body, user, set }) => {
        const added = await invite(signedIn(user), params.domain, body);
        set.status = 201;
        return added;
      },
      {
        params: domainParam,
        body: InviteBody,
        detail: detail(
          "Invite someone by email",
          "Mails a link that works for 7 days; inviting the same address again sends a new link. With `allDomains` (the owner only) one mail and one link invite to every domain the owner has now, except those the address is on the team of already; the answer lists them, and each invite is revoked on its own domain.",
        ),
      },
    )
    .patch(
      "/api/domains/:domain/members/:email",
      async ({ params, body, user }) => change(signedIn(user), params.domain, params.email, body.role),
      {
        params: memberParams,
        body: RoleBody,
        detail: detail("Change a member's role", "`owner` hands the domain to the member (only its owner may); the old owner becomes an admin."),
      },
    )
    .delete(
      "/api/domains/:domain/members/:email",
      async ({ params, user }) => remove(signedIn(user), params.domain, params.email),
      { params: memberParams, detail: detail("Remove a member, revoke an invite, or leave", "A member may remove their own address: they leave.") },
    )
    .get(
      "/api/domains/:domain/activity",
      async ({ params, user }) => {
        const team = await access(signedIn(user), params.domain, "admin");
        return { activity: await listActivity(sql, team.id) };
      },
      { params: domainParam, detail: detail("What was done to a domain's team, newest first", "For its owner and admins.") },
    )
    .post(
      "/api/invites/accept",
      async ({ body, user }) => {
        const me = signedIn(user);
        const accepted = await sql.begin((tx) => acceptInvite(tx, hashed(body.token), me.uid, me.email));
        if (accepted.length === 0) throw new HttpError(404, BAD_LINK);
        for (const a of accepted) await log(me, { id: a.domainId, name: a.name }, "accept", me.email, a.role);
        const domains = accepted.map((a) => ({ domain: a.name, role: a.owner === me.uid ? "owner" : a.role }));
        // NOTE: a link to several domains answers them all beside the first, which a one-domain link answers alone.
        return { ...domains[0]!, ...(accepted.length > 1 && { domains }) };
      },
      { body: t.Object({ token: t.String({ maxLength: 100 }) }), detail: detail("Accept an invite from its mailed link") },
    );
};
