// The domains room: an owner lists, adds, configures and deletes the sites Bothy counts.
// Free accounts may add FREE_DOMAIN_LIMIT; a public dashboard is shared by its publicID and, for
// Pro, may be protected by a password. Another owner's domain always answers 404.
import { Elysia, t } from "elysia";
import type { AppContext } from "../app";
import { signedIn, withSession } from "../auth";
import { hashPassword } from "../auth/passwords";
import { HttpError } from "../http/errors";
import { FREE_DOMAIN_LIMIT, isPro } from "../plans";
import { normaliseHost } from "./host";
import { countDomains, deleteDomainsWithHits, insertDomain, listDomains, ownedDomain, updateDomain, type Domain } from "./queries";
import { DEFAULT_TZ, isKnownZone, timezoneOptions } from "./timezones";

export { deleteDomainsWithHits, ownedDomainIds } from "./queries";
export { DEFAULT_TZ, timezoneOptions } from "./timezones";
export type { Domain } from "./queries";

/** A domain, as the API answers it. */
const view = (d: Domain) => ({
  domain: d.name,
  SK: d.name,
  publicID: d.publicId,
  scope: d.scope,
  created: d.created,
  tz: d.tz,
  public: d.public,
  passwordProtected: d.passwordProtected,
});

const tz = t.String({ maxLength: 64, error: "Choose a time zone from the list." });
const NOT_FOUND = "No such domain.";

export const domainsRoom = (ctx: AppContext) => {
  const sql = ctx.db.sql;
  const mine = async (uid: string, name: string) => {
    const d = await ownedDomain(sql, uid, name.toLowerCase());
    if (!d) throw new HttpError(404, NOT_FOUND);
    return d;
  };
  const checkZone = (zone: string) => {
    if (!isKnownZone(zone)) throw new HttpError(400, "Choose a time zone from the list.", { tz: "Choose a time zone from the list." });
  };

  return new Elysia({ name: "domains" })
    .use(withSession(ctx))
    .get("/api/timezones", () => ({ timezones: timezoneOptions(), default: DEFAULT_TZ }))
    .get("/api/domains", async ({ user }) => (await listDomains(sql, signedIn(user).uid)).map(view))
    .post(
      "/api/domains",
      async ({ body, user, set }) => {
        const me = signedIn(user);
        const host = normaliseHost(body.domain);
        if (!host.ok) throw new HttpError(400, host.message, { domain: host.message });
        const zone = body.tz ?? DEFAULT_TZ;
        checkZone(zone);
        if (!isPro(ctx.config, me) && (await countDomains(sql, me.uid)) >= FREE_DOMAIN_LIMIT) {
          const message = `The free plan includes ${FREE_DOMAIN_LIMIT} websites. Upgrade to Pro to add more.`;
          throw new HttpError(403, message, { domain: message });
        }
        const added = await insertDomain(sql, me.uid, host.host, zone);
        if (!added) {
          const message = `${host.host} is already added to Bothy. Ask its owner, or write to us if it is yours.`;
          throw new HttpError(409, message, { domain: message });
        }
        set.status = 201;
        return view(added);
      },
      { body: t.Object({ domain: t.String({ maxLength: 300, error: "Enter a domain like example.com." }), tz: t.Optional(tz) }) },
    )
    .patch(
      "/api/domains/:domain",
      async ({ params, body, user }) => {
        const me = signedIn(user);
        const d = await mine(me.uid, params.domain);
        if (body.tz !== undefined) checkZone(body.tz);
        if (body.password !== undefined && !isPro(ctx.config, me)) {
          throw new HttpError(403, "Password-protected dashboards are a Pro feature.", { password: "Upgrade to Pro to set a password." });
        }
        const passwordHash = body.password === undefined ? undefined : body.password === "" ? null : await hashPassword(body.password);
        await updateDomain(sql, d.id, { tz: body.tz, public: body.public, passwordHash });
        return view(await mine(me.uid, params.domain));
      },
      {
        params: t.Object({ domain: t.String({ maxLength: 253 }) }),
        body: t.Object({
          tz: t.Optional(tz),
          public: t.Optional(t.Boolean()),
          // NOTE: "" removes the password.
          password: t.Optional(t.String({ maxLength: 200, error: "Use at most 200 characters." })),
        }),
      },
    )
    .delete(
      "/api/domains/:domain",
      async ({ params, body, user }) => {
        const d = await mine(signedIn(user).uid, params.domain);
        if (body.confirm.trim().toLowerCase() !== d.name) {
          throw new HttpError(400, `Type ${d.name} to confirm.`, { confirm: `Type ${d.name} to confirm.` });
        }
        await sql.begin((tx) => deleteDomainsWithHits(tx, [d.id]));
        return { ok: true };
      },
      { params: t.Object({ domain: t.String({ maxLength: 253 }) }), body: t.Object({ confirm: t.String({ maxLength: 300 }) }) },
    );
};
