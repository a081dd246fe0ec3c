// The Sites API (/api/sites): a Pro API key lists, adds, configures (embedding too) and deletes its
// holder's own domains and manages their teams, through the very functions the dashboard's
// /api/domains routes call (./team.ts, ./embed.ts), so the checks, the errors and the audit and
// activity lines are the same. NOTE: a key manages its holder's domains
// only, never those shared with them, as it reads on the stats API; a free account's key is 403.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { bearerKey, proKeyHolder, type User } from "../auth";
import { HttpError } from "../http/errors";
import { DEFAULT_TZ } from "../shared/timezones";
import type { Role } from "../shared/roles";
import type { Domain } from "./queries";
import { AddBody, domainParam, SettingsBody, type Settings } from "./schemas";
import { EmbedBody, embedOrigins, type embedStore } from "./embed";
import { InviteBody, memberParams, RoleBody, type TeamOps } from "./team";

/** A domain with the caller's role on it and its owner's plan. */
export type Held = { d: Domain; role: Role; owner: string; plan: { scope: string[] } };

/** What the domains room does for both its session and key routes; `View` is a domain as answered. */
type SiteOps<View> = {
  list: (me: User) => Promise<View[]>;
  add: (me: User, domain: string, zone: string) => Promise<View>;
  held: (me: User, name: string) => Promise<Held>;
  settings: (me: User, held: Held, body: Settings) => Promise<View>;
  drop: (me: User, d: Domain) => Promise<{ ok: boolean }>;
  members: TeamOps;
  embed: ReturnType<typeof embedStore>;
};

const NOT_PRO = "The Sites API needs Pro.";
const NO_KEY = "Send your Pro API key as Authorization: Bearer <key>.";
const KEY_HEADER = t.Object({ authorization: t.Optional(t.String({ maxLength: 300, description: "Bearer <Pro API key>" })) });
const SECURITY = [{ apiKey: [] }];
const ERRORS = {
  400: { description: "Malformed input; `error.fields` names the field." },
  401: { description: "No API key, or one that is not valid." },
  403: { description: "The key's holder is not on Pro (\"The Sites API needs Pro.\"), or the change needs a verified domain." },
  429: { description: "The key made API_RATE_LIMIT requests this hour (counted with the stats API); Retry-After says when to try again." },
};
const NOT_YOURS = { 404: { description: "No such domain of yours (another account's answers the same)." } };
const PatchBody = t.Object({ ...SettingsBody.properties, embed: t.Optional(EmbedBody) }, { examples: [{ tz: "Asia/Kolkata" }, { embed: { enabled: true, origins: ["https://news.example.org"] } }] });
const EMBED = { enabled: false, origins: [] as string[] };
const TEAM = {
  members: [{ email: "you@example.com", name: "You", role: "owner", since: "2026-01-05T09:00:00.000Z" }],
  invites: [{ email: "sam@example.com", role: "viewer", created: "2026-02-01T10:00:00.000Z" }],
};
const EXAMPLE = {
  domain: "example.com", publicID: "0f8e…", tz: "Europe/London", public: false, verified: false,
  verifyTag: '<meta name="bothy-verify" content="3c1d…">', role: "owner",
};

export const sitesApi = <View extends object>(ctx: Pick<AppContext, "config" | "db">, ops: SiteOps<View>) => {
  const holder = proKeyHolder(ctx);
  const keyed = (request: Request) => {
    const authorization = request.headers.get("authorization");
    if (authorization === null) throw new HttpError(401, NO_KEY);
    return holder(bearerKey(authorization), NOT_PRO);
  };

  return new Elysia({ name: "sites-api" })
    .get("/api/sites", async ({ request }) => ops.list(await keyed(request)), {
      headers: KEY_HEADER,
      detail: {
        tags: ["Sites"],
        summary: "Your domains",
        description: "The key holder's own domains, each with `verified` and, until verified, the `verifyTag` to paste into its home page.",
        security: SECURITY,
        responses: { 200: { description: "An array of domains.", content: { "application/json": { example: [EXAMPLE] } } }, ...ERRORS },
      },
    })
    .post(
      "/api/sites",
      async ({ request, body, set }) => {
        const added = await ops.add(await keyed(request), body.domain, body.tz ?? DEFAULT_TZ);
        set.status = 201;
        return added;
      },
      {
        headers: KEY_HEADER,
        body: AddBody,
        detail: {
          tags: ["Sites"],
          summary: "Add a domain",
          description: "Adds the domain unverified (time zone `tz`, Europe/London by default); verify it by pasting `verifyTag` into its home page and pressing Verify in its settings.",
          security: SECURITY,
          responses: {
            201: { description: "The domain added.", content: { "application/json": { example: EXAMPLE } } },
            ...ERRORS,
            409: { description: "The domain is in your list already." },
          },
        },
      },
    )
    .patch(
      "/api/sites/:domain",
      async ({ request, params, body }) => {
        const me = await keyed(request);
        const held = await ops.held(me, params.domain);
        const { embed, ...settings } = body;
        const id = held.d.id;
        // NOTE: every field is checked before anything changes; a claim has no dashboard to embed.
        if (embed && id === null) throw new HttpError(404, "No such domain.");
        const origins = embed && embedOrigins(embed.origins);
        const view = await ops.settings(me, held, settings);
        if (embed && origins && id !== null) await ops.embed.save(me, { id, name: held.d.name }, embed.enabled, origins);
        return { ...view, embed: id === null ? EMBED : await ops.embed.read(id) };
      },
      {
        headers: KEY_HEADER,
        params: domainParam,
        body: PatchBody,
        detail: {
          tags: ["Sites"],
          summary: "Change a domain's settings",
          description:
            "Time zone (`tz`), public dashboard (`public`, verified domains only), its password (`password`, \"\" removes it), privacy notice, downloads, " +
            "and `embed`: `enabled` and the `origins` (https, without a path, http only for localhost) allowed to frame its public dashboard.",
          security: SECURITY,
          responses: {
            200: { description: "The domain as changed, with its embedding.", content: { "application/json": { example: { ...EXAMPLE, tz: "Asia/Kolkata", embed: EMBED } } } },
            ...ERRORS,
            ...NOT_YOURS,
          },
        },
      },
    )
    .delete(
      "/api/sites/:domain",
      async ({ request, params }) => {
        const me = await keyed(request);
        return ops.drop(me, (await ops.held(me, params.domain)).d);
      },
      {
        headers: KEY_HEADER,
        params: domainParam,
        detail: {
          tags: ["Sites"],
          summary: "Delete a domain",
          description: "Deletes the domain and every hit it counted, at once and for good.",
          security: SECURITY,
          responses: {
            200: { description: "Deleted.", content: { "application/json": { example: { ok: true } } } },
            ...ERRORS,
            ...NOT_YOURS,
          },
        },
      },
    )
    .get(
      "/api/sites/:domain/members",
      async ({ request, params }) => {
        const me = await keyed(request);
        return ops.members.list(me, (await ops.held(me, params.domain)).d.name);
      },
      {
        headers: KEY_HEADER,
        params: domainParam,
        detail: {
          tags: ["Sites"],
          summary: "A domain's members and waiting invites",
          security: SECURITY,
          responses: { 200: { description: "Members with their roles, and invites not yet accepted.", content: { "application/json": { example: TEAM } } }, ...ERRORS, ...NOT_YOURS },
        },
      },
    )
    .post(
      "/api/sites/:domain/members",
      async ({ request, params, body, set }) => {
        const me = await keyed(request);
        const invited = await ops.members.invite(me, (await ops.held(me, params.domain)).d.name, body);
        set.status = 201;
        return invited;
      },
      {
        headers: KEY_HEADER,
        params: domainParam,
        body: InviteBody,
        detail: {
          tags: ["Sites"],
          summary: "Invite someone by email",
          description: "Mails `email` a link that works for 7 days and makes them a `viewer`, `editor` or `admin`; inviting the same address again sends a new link.",
          security: SECURITY,
          responses: {
            201: { description: "The invite, waiting.", content: { "application/json": { example: { email: "sam@example.com", role: "viewer", pending: true } } } },
            ...ERRORS,
            ...NOT_YOURS,
            409: { description: "The address is on the team already." },
          },
        },
      },
    )
    .patch(
      "/api/sites/:domain/members/:email",
      async ({ request, params, body }) => {
        const me = await keyed(request);
        return ops.members.change(me, (await ops.held(me, params.domain)).d.name, params.email, body.role);
      },
      {
        headers: KEY_HEADER,
        params: memberParams,
        body: RoleBody,
        detail: {
          tags: ["Sites"],
          summary: "Change a member's role",
          description: "`owner` hands the domain to the member, onto their plan; you stay on its team as an admin.",
          security: SECURITY,
          responses: {
            200: { description: "The member's new role.", content: { "application/json": { example: { email: "sam@example.com", role: "editor" } } } },
            ...ERRORS,
            404: { description: "No such domain of yours, or no such member." },
          },
        },
      },
    )
    .delete(
      "/api/sites/:domain/members/:email",
      async ({ request, params }) => {
        const me = await keyed(request);
        return ops.members.remove(me, (await ops.held(me, params.domain)).d.name, params.email);
      },
      {
        headers: KEY_HEADER,
        params: memberParams,
        detail: {
          tags: ["Sites"],
          summary: "Remove a member or revoke an invite",
          security: SECURITY,
          responses: {
            200: { description: "Removed.", content: { "application/json": { example: { ok: true } } } },
            ...ERRORS,
            404: { description: "No such domain of yours, or no such member or invite." },
            409: { description: "Your own address: hand the domain to a member first." },
          },
        },
      },
    );
};
