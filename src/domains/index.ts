// The domains room: an owner lists, adds, configures, verifies and deletes the sites Bothy
// counts. Free accounts may add FREE_DOMAIN_LIMIT; a public dashboard is shared by its publicID
// (which its owner may replace) and, for Pro, may be protected by a password. A verified domain's
// owner may publish its privacy notice (/privacy/{name}, ./privacy.ts). The members of its team
// (./team.ts) change what their role allows (src/shared/roles.ts: editors the settings and sharing,
// admins also delete), on the owner's plan, and see it in their list marked with the role. Anyone
// else's domain always answers 404.
//
// Ownership (./verify.ts proves it):
// - Adding needs a verified email address.
// - A name nobody holds becomes the adder's domain, unverified: it collects and shows its stats to
//   them as before, but its dashboard cannot be made public (nor given a password) until verified.
// - A name another account holds, the demo's, or this instance's own host becomes a claim: it
//   collects nothing and its dashboard is empty. NOTE: the answer, the list entry and the dashboard
//   of a claim look exactly like those of a fresh unverified domain, so adding a name tells no one
//   whether it is a customer's.
// - Verifying a claim takes the domain over from an unverified holder (who loses it); a verified
//   holder keeps it, which only a claimant who has just proved control of the site is told.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { hashPassword, onAccountRows, signedIn, withSession, type User } from "../auth";
import { HttpError } from "../http/errors";
import { rateLimiter, retryAfter } from "../http/rate-limit";
import { applyNewDomainRetention, FREE_DOMAIN_LIMIT, isPro } from "../plans";
import { normaliseHost } from "./host";
import {
  countDomains, deleteClaim, deleteDomainsWithHits, insertClaim, insertDomain, listDomains, markDomainVerified, ownedDomain,
  ownedDomainIds, rotatePublicId, takeOver, updateClaimZone, updateDomain, type Domain,
} from "./queries";
import { DEFAULT_TZ, FALLBACK_TIMEZONE_TEXT, isKnownZone, timezoneOptions } from "../shared/timezones";
import { homePageProver, verifyTag } from "./verify";
import { sharedDomains } from "./members";
import { activityLog, teamAccess, teamOps, teamRoutes, type Audit } from "./team";
import { embedStore } from "./embed";
import { sitesApi, type Held } from "./sites-api";
import { AddBody, domainParam, SettingsBody, type Settings } from "./schemas";
import type { Role } from "../shared/roles";

export { allDomains, type AdminDomain } from "./admin";
export { bumpStatsEpochs, statsEpoch } from "./epoch";
export { embedRoutes, pageFramers } from "./embed";
export { privacyNotice, type PrivacyNotice } from "./privacy";
export { ownedDomainIds } from "./queries";
export { roleOn } from "./members";
export {
  busiestSites, claimedSite, createdAtFirstHit, ensureSite, ensureUnownedSite, siteByName, siteByPublicId, siteForIngest, siteNameById,
  type Site,
} from "./sites";

/** A domain, as the API answers it, with its ownership proof and the caller's role on it. */
const view = (d: Domain, role: Role = "owner") => ({
  domain: d.name,
  SK: d.name,
  publicID: d.publicId,
  scope: d.scope,
  created: d.created,
  tz: d.tz,
  public: d.public,
  passwordProtected: d.passwordProtected,
  verified: d.verified,
  privacyPage: d.privacyPage,
  publicExport: d.publicExport,
  publicRealtime: d.publicRealtime,
  carbonBadge: d.carbonBadge,
  /** The tag that proves ownership, for the owner to paste into their home page. */
  verifyTag: verifyTag(d.verifyToken),
  role,
});

const NOT_FOUND = "No such domain.";
const VERIFY_EMAIL = "Verify your email address before you add a website.";
const VERIFICATIONS_PER_HOUR = 30;

/** Names no account may hold: the demo's and this instance's own host. */
const reservedNames = (config: AppContext["config"]): Set<string> => {
  const names = new Set<string>();
  // NOTE: the demo's name is its setting (empty: no demo), read here and not asked of the demo room,
  // which writes its row through this one.
  if (config.DEMO_DOMAIN) names.add(config.DEMO_DOMAIN);
  if (config.BASE_URL) names.add(new URL(config.BASE_URL).hostname.toLowerCase());
  return names;
};

/** `audit` writes the admin audit log (src/app.ts hands in the admin room's). */
export const domainsRoom = (ctx: AppContext, audit: Audit) => {
  const sql = ctx.db.sql;
  const log = activityLog(sql, audit);
  const reserved = reservedNames(ctx.config);
  const prover = homePageProver(ctx.config);
  // NOTE: each verification makes the server fetch a page; a user may ask a few dozen times an hour.
  const verifications = rateLimiter(VERIFICATIONS_PER_HOUR, 3600_000);
  // NOTE: hits carry no owner (nothing personal), so a deleted account's go with its domains, first.
  onAccountRows(ctx.db, async (tx, uid) => deleteDomainsWithHits(tx, await ownedDomainIds(tx, uid)));

  const mine = async (uid: string, name: string) => {
    const d = await ownedDomain(sql, uid, name.toLowerCase());
    if (!d) throw new HttpError(404, NOT_FOUND);
    return d;
  };
  const team = teamAccess(sql);
  /** The domain when this user holds at least `need` on it: their own (a claim too) or a shared one;
   * `plan` is the owner's, which decides Pro features for every member. */
  const held = async (me: User, name: string, need: Role): Promise<Held> => {
    const d = await ownedDomain(sql, me.uid, name.toLowerCase());
    if (d) return { d, role: "owner" as Role, owner: me.uid, plan: { scope: me.scope } };
    const shared = await team(me, name, need);
    return { d: shared.domain, role: shared.role, owner: shared.owner, plan: { scope: shared.ownerScope } };
  };
  const checkZone = (zone: string) => {
    if (!isKnownZone(zone)) throw new HttpError(400, "Choose a time zone from the list.", { tz: "Choose a time zone from the list." });
  };
  const checkSharing = (plan: { scope: string[] }, d: Domain, body: { public?: boolean; password?: string; privacyPage?: boolean; publicExport?: boolean; publicRealtime?: boolean; carbonBadge?: boolean }) => {
    if (body.password !== undefined && !isPro(ctx.config, plan)) {
      throw new HttpError(403, "Password-protected dashboards are a Pro feature.", { password: "Upgrade to Pro to set a password." });
    }
    if (body.publicExport === true && !isPro(ctx.config, plan)) {
      throw new HttpError(403, "Exports are a Pro feature.", { publicExport: "Upgrade to Pro to offer downloads." });
    }
    // NOTE: the badge publishes Energy & Carbon's figures, which only a Pro plan reads, about a site only its proven owner may speak for.
    if (body.carbonBadge === true && !isPro(ctx.config, plan)) {
      throw new HttpError(403, "The carbon badge is a Pro feature.", { carbonBadge: "Upgrade to Pro to publish a carbon badge." });
    }
    if (body.carbonBadge === true && !d.verified) {
      const message = `Verify that ${d.name} is yours before you publish its carbon badge.`;
      throw new HttpError(403, message, { carbonBadge: message });
    }
    const shares = body.public === true || body.publicExport === true || body.publicRealtime === true || (body.password !== undefined && body.password !== "");
    if (shares && !d.verified) {
      const message = `Verify that ${d.name} is yours before you share its dashboard.`;
      const field = body.public === true ? "public" : body.publicExport === true ? "publicExport" : body.publicRealtime === true ? "publicRealtime" : "password";
      throw new HttpError(403, message, { [field]: message });
    }
    // NOTE: the notice says publicly that this Bothy measures the site: only its proven owner may say so.
    if (body.privacyPage === true && !d.verified) {
      const message = `Verify that ${d.name} is yours before you publish its privacy notice.`;
      throw new HttpError(403, message, { privacyPage: message });
    }
  };

  const add = async (me: User, domain: string, zone: string) => {
    if (!me.verified) throw new HttpError(403, VERIFY_EMAIL, { domain: VERIFY_EMAIL });
    const host = normaliseHost(domain);
    if (!host.ok) throw new HttpError(400, host.message, { domain: host.message });
    checkZone(zone);
    const inList = `${host.host} is in your list already.`;
    if (await ownedDomain(sql, me.uid, host.host)) throw new HttpError(409, inList, { domain: inList });
    if (!isPro(ctx.config, me) && (await countDomains(sql, me.uid)) >= FREE_DOMAIN_LIMIT) {
      const message = `The free plan includes ${FREE_DOMAIN_LIMIT} websites. Upgrade to Pro to add more.`;
      throw new HttpError(403, message, { domain: message });
    }
    const added = reserved.has(host.host) ? null : await insertDomain(sql, me.uid, host.host, zone);
    const row = added ?? (await insertClaim(sql, me.uid, host.host, zone));
    if (!row) throw new HttpError(409, inList, { domain: inList });
    if (row.id !== null) await applyNewDomainRetention(sql, row.id, isPro(ctx.config, me));
    // NOTE: a claim has no activity list; its audit line reads as any add's.
    if (row.id !== null) await log(me, { id: row.id, name: row.name }, "add");
    else await audit(me, "domain.add", { domain: row.name });
    return view(row);
  };

  const verify = async (me: User, name: string) => {
    const { d } = await held(me, name, "owner");
    if (d.verified) return view(d);
    if (reserved.has(d.name)) throw new HttpError(409, `${d.name} is reserved by this Bothy instance.`);
    const taken = verifications.take(me.uid);
    if (!taken.ok) throw new HttpError(429, "Too many verifications. Try again later.", undefined, retryAfter(taken));
    const proof = await prover.prove(d.name, d.verifyToken);
    if (!proof.ok) throw new HttpError(422, `The tag was not found on the home page of ${d.name} (${proof.message}).`);
    if (d.id !== null) await markDomainVerified(sql, d.id);
    else if ((await sql.begin((tx) => takeOver(tx, me.uid, d.name))) === "verified-elsewhere") {
      throw new HttpError(409, `${d.name} was verified by another account first. Write to us if it is yours.`);
    }
    const owned = await mine(me.uid, d.name);
    // NOTE: a taken-over domain keeps the hits it collected, under its new owner's plan.
    if (d.id === null && owned.id !== null) await applyNewDomainRetention(sql, owned.id, isPro(ctx.config, me));
    if (owned.id !== null) await log(me, { id: owned.id, name: owned.name }, "verify");
    return view(owned);
  };

  /** Changes a domain's settings for `me`, who holds `role` on it (the owner's `plan`); its new view. */
  const settings = async (me: User, { d, role, plan }: Held, body: Settings) => {
    if (body.tz !== undefined) checkZone(body.tz);
    checkSharing(plan, d, body);
    const passwordHash = body.password === undefined ? undefined : body.password === "" ? null : await hashPassword(body.password);
    if (d.id !== null) await updateDomain(sql, d.id, { tz: body.tz, public: body.public, passwordHash, privacyPage: body.privacyPage, publicExport: body.publicExport, publicRealtime: body.publicRealtime, carbonBadge: body.carbonBadge });
    else if (body.tz !== undefined) await updateClaimZone(sql, me.uid, d.name, body.tz);
    // NOTE: the Sites API's PATCH of `embed` alone changes no setting here, so it writes no line.
    if (d.id !== null && Object.keys(body).length > 0) await log(me, { id: d.id, name: d.name }, "settings", null, Object.keys(body).sort().join(", "));
    return view((await held(me, d.name, "editor")).d, role);
  };

  /** Deletes a domain (with its hits) or a claim. */
  const drop = async (me: User, d: Domain) => {
    if (d.id === null) await deleteClaim(sql, me.uid, d.name);
    else {
      // NOTE: the activity list goes with the domain; the audit log keeps the deletion.
      await log(me, { id: d.id, name: d.name }, "delete");
      await sql.begin((tx) => deleteDomainsWithHits(tx, [d.id!]));
    }
    return { ok: true };
  };

  /** The key holder's own domain, never one shared with them (as on the stats API). */
  const ownHeld = async (me: User, name: string): Promise<Held> => ({ d: await mine(me.uid, name), role: "owner", owner: me.uid, plan: { scope: me.scope } });
  const members = teamOps(ctx, log);
  const embed = embedStore(ctx, audit);

  return new Elysia({ name: "domains" })
    .use(withSession(ctx))
    .get("/api/timezones", () => ({ timezones: timezoneOptions(), default: DEFAULT_TZ, fallback: FALLBACK_TIMEZONE_TEXT }))
    .use(teamRoutes(ctx, log, members))
    .use(sitesApi(ctx, { list: async (me) => (await listDomains(sql, me.uid)).map((d) => view(d)), add, settings, drop, held: ownHeld, members, embed }))
    .get("/api/domains", async ({ user }) => {
      const me = signedIn(user);
      // NOTE: the caller's own domains first, then those shared with them, each marked with the role
      // and whether the plan it is on (its owner's) has Pro.
      const pro = isPro(ctx.config, me);
      return [
        ...(await listDomains(sql, me.uid)).map((d) => ({ ...view(d), pro })),
        ...(await sharedDomains(sql, me.uid)).map((d) => ({ ...view(d, d.role), pro: isPro(ctx.config, { scope: d.ownerScope }) })),
      ];
    })
    .post(
      "/api/domains",
      async ({ body, user, set }) => {
        const added = await add(signedIn(user), body.domain, body.tz ?? DEFAULT_TZ);
        set.status = 201;
        return added;
      },
      { body: AddBody },
    )
    .patch(
      "/api/domains/:domain",
      async ({ params, body, user }) => {
        const me = signedIn(user);
        return settings(me, await held(me, params.domain, "editor"), body);
      },
      { params: domainParam, body: SettingsBody },
    )
    .post("/api/domains/:domain/verify", async ({ params, user }) => verify(signedIn(user), params.domain), { params: domainParam })
    .post(
      "/api/domains/:domain/public-id",
      async ({ params, user }) => {
        const me = signedIn(user);
        const { d, role, owner } = await held(me, params.domain, "editor");
        await rotatePublicId(sql, owner, d.name);
        if (d.id !== null) await log(me, { id: d.id, name: d.name }, "public-id");
        return view((await held(me, d.name, "editor")).d, role);
      },
      { params: domainParam },
    )
    .delete(
      "/api/domains/:domain",
      async ({ params, body, user }) => {
        const me = signedIn(user);
        const { d } = await held(me, params.domain, "admin");
        if (body.confirm.trim().toLowerCase() !== d.name) {
          throw new HttpError(400, `Type ${d.name} to confirm.`, { confirm: `Type ${d.name} to confirm.` });
        }
        return drop(me, d);
      },
      { params: domainParam, body: t.Object({ confirm: t.String({ maxLength: 300 }) }) },
    );
};
