// A domain's webhooks under /api/domains/:domain/webhooks: list them with each one's delivery log,
// add one (its secret answered once), delete one, and send one a test. The domain's owner and its
// team's admins and editors keep them (alerts are editor work); a viewer is 403, anyone else 404.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { signedIn, withSession, type User } from "../auth";
import { roleOn, siteByName } from "../domains";
import { HttpError } from "../http/errors";
import { rateLimiter, retryAfter } from "../http/rate-limit";
import { allows } from "../shared/roles";
import { attempt, posterFrom, retryAt } from "./deliver";
import { newSecret, type WebhookEvent } from "./payload";
import { attemptsOf, countWebhooks, deleteWebhook, deliveryById, insertWebhook, queueDeliveries, webhooksOf } from "./queries";

/** Webhooks per domain. */
const MAX_WEBHOOKS = 5;
/** Tests an account may send an hour. */
const TESTS_PER_HOUR = 30;
const NOT_FOUND = "No such domain.";

const domainParam = t.Object({ domain: t.String({ maxLength: 253 }) });
const idParams = t.Object({
  domain: t.String({ maxLength: 253 }),
  id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, error: "id must be a webhook's number." }),
});
const AddBody = t.Object({
  kind: t.Union([t.Literal("slack"), t.Literal("json")], { error: "kind must be slack or json." }),
  url: t.String({ minLength: 1, maxLength: 2000, error: "url must be a URL of at most 2,000 characters." }),
});
const detail = (summary: string, description?: string) => ({ tags: ["Webhooks"], summary, description, security: [{ session: [] }] });

export function webhookRoutes(ctx: AppContext) {
  const sql = ctx.db.sql;
  const poster = posterFrom(ctx.config);
  const allow = ctx.config.WEBHOOK_ALLOW_HOSTS ?? [];
  const tests = rateLimiter(TESTS_PER_HOUR, 3600_000);

  const editable = async (me: User, name: string) => {
    const site = await siteByName(sql, name.toLowerCase());
    const role = site?.owner ? await roleOn(sql, me.uid, site) : null;
    if (!site || !role) throw new HttpError(404, NOT_FOUND);
    if (!allows(role, "editor")) throw new HttpError(403, `Your role on ${site.name} (${role}) does not allow this.`);
    return site;
  };

  /** The URL as stored, or a 400 that says what is wrong with it. */
  const target = async (raw: string): Promise<string> => {
    const refuse = (message: string) => new HttpError(400, message, { url: message });
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      throw refuse("Enter the webhook's full URL, starting with https://.");
    }
    const listed = allow.includes(url.hostname) || allow.includes(url.host);
    // NOTE: plain http only off production, or to a receiver the instance lists as its own.
    const schemes = ctx.config.NODE_ENV === "production" && !listed ? ["https:"] : ["https:", "http:"];
    if (!schemes.includes(url.protocol)) throw refuse("A webhook's URL must start with https://.");
    if (url.username || url.password) throw refuse("Put no user name or password in the URL.");
    const verdict = await poster.check(url);
    if (!verdict.ok && verdict.reason === "internal") throw refuse(`${url.hostname} is an internal address: webhooks go to the public internet.`);
    if (!verdict.ok && verdict.reason === "port") throw refuse("Webhooks go to ports 443 and 80 only.");
    if (!verdict.ok) throw refuse(`${url.hostname} does not resolve.`);
    return url.href;
  };

  const view = async (domainId: number) => {
    const log = await attemptsOf(sql, domainId);
    return {
      webhooks: (await webhooksOf(sql, domainId)).map((w) => ({
        ...w,
        log: log.filter((a) => a.webhookId === w.id).map(({ at, attempt: n, status, error }) => ({ at, attempt: n, status, error })),
      })),
      maxWebhooks: MAX_WEBHOOKS,
    };
  };

  return new Elysia({ name: "webhooks" })
    .use(withSession(ctx))
    .get("/api/domains/:domain/webhooks", async ({ params, user }) => view((await editable(signedIn(user), params.domain)).id), {
      params: domainParam,
      detail: detail("A domain's webhooks", "Each with its delivery log: the last attempts, newest first (time, attempt, HTTP status, error)."),
    })
    .post(
      "/api/domains/:domain/webhooks",
      async ({ params, body, user, set }) => {
        const site = await editable(signedIn(user), params.domain);
        const url = await target(body.url);
        if ((await countWebhooks(sql, site.id)) >= MAX_WEBHOOKS) {
          throw new HttpError(409, `A website has at most ${MAX_WEBHOOKS} webhooks.`, { url: `A website has at most ${MAX_WEBHOOKS} webhooks.` });
        }
        const secret = newSecret();
        const webhook = await insertWebhook(sql, site.id, body.kind, url, secret);
        set.status = 201;
        return { webhook: { ...webhook, log: [] }, secret };
      },
      {
        params: domainParam,
        body: AddBody,
        detail: detail(
          "Add a webhook",
          "kind slack: a Slack incoming webhook's URL. kind json: any https URL, sent a JSON POST signed with the secret in this answer (shown this once): X-Bothy-Signature is sha256= and the hex HMAC-SHA256 of `{X-Bothy-Timestamp}.{raw body}`.",
        ),
      },
    )
    .delete(
      "/api/domains/:domain/webhooks/:id",
      async ({ params, user }) => {
        const site = await editable(signedIn(user), params.domain);
        if (!(await deleteWebhook(sql, site.id, params.id))) throw new HttpError(404, "No such webhook.");
        return { deleted: true };
      },
      { params: idParams, detail: detail("Delete a webhook") },
    )
    .post(
      "/api/domains/:domain/webhooks/:id/test",
      async ({ params, user }) => {
        const me = signedIn(user);
        const site = await editable(me, params.domain);
        const taken = tests.take(me.uid);
        if (!taken.ok) throw new HttpError(429, "Too many tests; try again later.", undefined, retryAfter(taken));
        const now = new Date();
        const event: WebhookEvent = {
          event: "test", domain: site.name, text: "This is a test: alerts of this website will arrive here.",
          link: `${ctx.origin.value}/dashboard/${encodeURIComponent(site.name)}`,
        };
        // TRICKY: queued due at its first retry, so the job does not send it beside this first attempt.
        const [queued] = await queueDeliveries(sql, { domainId: site.id, webhookId: params.id, annotationId: null, payload: event, dueAt: retryAt(now, 1) });
        const delivery = queued ? await deliveryById(sql, queued.id) : null;
        if (!delivery) throw new HttpError(404, "No such webhook.");
        const result = await attempt(sql, poster, delivery, now);
        return { delivered: result.error === null, ...result };
      },
      {
        params: idParams,
        detail: detail("Send a webhook a test", "One attempt at once; a 5xx, 429 or no answer is tried again later, as an alert is. The attempt joins the log."),
      },
    );
}
