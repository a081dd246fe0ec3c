// The owner's report settings for a domain, under /api/domains/:domain/reports: whether weekly
// reports are on (Pro), and who gets them: the owner and up to MAX_EXTRA_RECIPIENTS more addresses,
// each mailed a signed confirmation link. The owner and the editors and admins of its team keep them
// (on the owner's plan); another account's domain answers 404, as in the domains room.
// Confirmation mails draw on the accountMail limit and each address's hourly cap (shared with the
// auth room's mails); past the cap the address is added all the same, unmailed, so the answer does
// not tell whether someone else has been mailing it.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { mayMailAddress, signedIn, withSession, type User } from "../auth";
import { roleOn, siteByName } from "../domains";
import { HttpError } from "../http/errors";
import { limitsOf } from "../http/limits";
import type { Mailer } from "../mail";
import { isPro } from "../plans";
import { allows } from "../shared/roles";
import type { ReportLinks } from "./links";
import { confirmMail } from "./mail";
import {
  countExtraRecipients, deleteRecipient, disableReports, enableReports, insertRecipient, ownedReportDomain, recipientsOf, setAlerts,
} from "./queries";

const MAX_EXTRA_RECIPIENTS = 10;

const NOT_FOUND = "No such domain.";
const NOT_PRO = "Weekly email reports are a Pro feature.";

const domainParam = t.Object({ domain: t.String({ maxLength: 253 }) });
const email = t.String({ format: "email", maxLength: 254, error: "Enter a valid email address." });

export function reportSettings(ctx: AppContext, deps: { mailer: Mailer; links: ReportLinks }) {
  const sql = ctx.db.sql;

  /** The domain, its owner's or shared with `me` as editor or more, and the owner's plan; a claim
   * or an unverified one may not mail its numbers anywhere (`verified`). */
  const mine = async (me: User, name: string) => {
    const own = await ownedReportDomain(sql, me.uid, name.toLowerCase());
    if (own) return { ...own, plan: { scope: me.scope } };
    const site = await siteByName(sql, name.toLowerCase());
    const role = site ? await roleOn(sql, me.uid, site) : null;
    if (!site?.owner || !role) throw new HttpError(404, NOT_FOUND);
    if (!allows(role, "editor")) throw new HttpError(403, `Your role on ${site.name} (${role}) does not allow this.`);
    const shared = await ownedReportDomain(sql, site.owner, site.name);
    if (!shared) throw new HttpError(404, NOT_FOUND);
    return { ...shared, plan: { scope: site.ownerScope ?? [] } };
  };
  const verified = (d: Awaited<ReturnType<typeof mine>>): number => {
    if (d.id === null || !d.verified) {
      const message = `Verify that ${d.name} is yours before you turn on weekly reports.`;
      throw new HttpError(403, message, { enabled: message });
    }
    return d.id;
  };
  const pro = (plan: { scope: string[] }) => {
    if (!isPro(ctx.config, plan)) throw new HttpError(403, NOT_PRO, { enabled: "Upgrade to Pro for weekly reports." });
  };

  const view = async (d: Awaited<ReturnType<typeof mine>>) => ({
    domain: d.name,
    enabled: d.reportsSince !== null,
    alerts: d.alerts,
    recipients:
      d.id === null
        ? []
        : (await recipientsOf(sql, d.id)).map((r) => ({ email: r.email, owner: r.isOwner, confirmed: r.confirmed, unsubscribed: r.unsubscribed })),
    maxRecipients: MAX_EXTRA_RECIPIENTS,
  });

  return new Elysia({ name: "reports-settings" })
    .use(withSession(ctx))
    .get("/api/domains/:domain/reports", async ({ params, user }) => view(await mine(signedIn(user), params.domain)), { params: domainParam })
    .patch(
      "/api/domains/:domain/reports",
      async ({ params, body, user }) => {
        const me = signedIn(user);
        const d = await mine(me, params.domain);
        const id = verified(d);
        if (body.enabled || body.alerts) pro(d.plan);
        if (body.enabled) await sql.begin((tx) => enableReports(tx, id, me.email, new Date()));
        else await disableReports(sql, id);
        if (body.alerts !== undefined) await setAlerts(sql, id, body.alerts);
        return view(await mine(me, params.domain));
      },
      {
        params: domainParam,
        body: t.Object({
          enabled: t.Boolean({ error: "enabled must be true or false." }),
          // The alerts (src/reports/alerts.ts): a heavier page, traffic far from usual.
          alerts: t.Optional(t.Boolean({ error: "alerts must be true or false." })),
        }),
      },
    )
    .post(
      "/api/domains/:domain/reports/recipients",
      async ({ params, body, user, set, request, server }) => {
        const me = signedIn(user);
        const d = await mine(me, params.domain);
        const id = verified(d);
        pro(d.plan);
        const address = body.email.trim().toLowerCase();
        if ((await countExtraRecipients(sql, id)) >= MAX_EXTRA_RECIPIENTS) {
          const message = `A report goes to you and at most ${MAX_EXTRA_RECIPIENTS} more addresses.`;
          throw new HttpError(409, message, { email: message });
        }
        limitsOf(ctx).take("accountMail", { request, server, account: me.uid });
        const added = address === me.email ? null : await insertRecipient(sql, id, address);
        if (added === null) {
          const message = `${address} gets this report already.`;
          throw new HttpError(409, message, { email: message });
        }
        const link = `${ctx.origin.value}/reports/confirm?token=${deps.links.token("confirm", added, address)}`;
        if (mayMailAddress(ctx, address)) await deps.mailer.send(confirmMail(address, d.name, link));
        set.status = 201;
        return view(d);
      },
      { params: domainParam, body: t.Object({ email }) },
    )
    .delete(
      "/api/domains/:domain/reports/recipients",
      async ({ params, body, user }) => {
        const me = signedIn(user);
        const d = await mine(me, params.domain);
        const address = body.email.trim().toLowerCase();
        if (d.id === null || !(await deleteRecipient(sql, d.id, address))) {
          const message = `${address} is not on this report's list.`;
          throw new HttpError(404, message, { email: message });
        }
        return view(d);
      },
      { params: domainParam, body: t.Object({ email }) },
    );
}
