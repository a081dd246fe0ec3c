// Embedding a domain's public dashboard in other sites: GET and PATCH /api/domains/{domain}/embed
// (the switch and the origins allowed to frame it, src/shared/embed.ts's rule, as a list or as the
// settings form's text of one origin a line), and the origins a public page's frame-ancestors names.
// Embedding is public sharing, so an editor or more of the domain's team decides it (the Sites API's
// PATCH too, ./sites-api.ts). Every change writes a line of the domain's activity list and of the
// admin audit log.
import { Elysia, t } from "elysia";
import { signedIn, withSession, type User } from "../auth";
import type { AppContext } from "../context";
import { namedQuery } from "../db";
import { HttpError } from "../http/errors";
import { EMBED_ORIGINS_MAX, embedOrigin } from "../shared/embed";
import { activityLog, teamAccess, type Audit } from "./team";

const embedOf = namedQuery("domains.embedOf", async (sql, id: number) => {
  const [row] = await sql<{ enabled: boolean; origins: string[] }[]>`SELECT embed AS enabled, embed_origins AS origins FROM domains WHERE id = ${id}`;
  return row ?? { enabled: false, origins: [] };
});

const setEmbed = namedQuery("domains.setEmbed", async (sql, id: number, enabled: boolean, origins: string[]) => {
  await sql`UPDATE domains SET embed = ${enabled}, embed_origins = ${origins} WHERE id = ${id}`;
});

/** The origins that may frame the public dashboard `publicId`: none unless it is public and its owner turned embedding on. */
const framingOrigins = namedQuery("domains.framingOrigins", async (sql, publicId: string) => {
  const [row] = await sql<{ origins: string[] }[]>`
    SELECT embed_origins AS origins FROM domains WHERE public_id = ${publicId} AND public AND embed AND deleted_at IS NULL`;
  return row?.origins ?? [];
});

/** The origins that may frame the page at `pathname`: a public dashboard's (/public/{id}) when
 * embedding is on, else none, which leaves the page's frame-ancestors 'none'. */
export const pageFramers = (ctx: Pick<AppContext, "db">) => async (pathname: string): Promise<string[]> => {
  const id = /^\/public\/([A-Za-z0-9_-]{1,64})$/.exec(pathname)?.[1];
  return id ? framingOrigins(ctx.db.sql, id) : [];
};

const ORIGINS_HINT = `Enter up to ${EMBED_ORIGINS_MAX} origins like https://example.com (http only for localhost), without a path.`;

/** The origins a form or API body lists (an array, or text of one origin a line), checked and
 * without repeats; a 400 naming `origins` when one is not an allowed origin. */
export const embedOrigins = (listed: string[] | string) => {
  const items = typeof listed === "string" ? listed.split(/[\s,]+/).filter(Boolean) : listed;
  if (items.length > EMBED_ORIGINS_MAX) throw new HttpError(400, ORIGINS_HINT, { origins: ORIGINS_HINT });
  const origins = items.map(embedOrigin);
  if (origins.some((o) => o === null)) throw new HttpError(400, ORIGINS_HINT, { origins: ORIGINS_HINT });
  return [...new Set(origins as string[])];
};

export const EmbedBody = t.Object(
  {
    enabled: t.Boolean({ error: "enabled is true or false." }),
    origins: t.Union([t.Array(t.String({ maxLength: 300 }), { maxItems: EMBED_ORIGINS_MAX }), t.String({ maxLength: 6000 })], { error: ORIGINS_HINT }),
  },
  { examples: [{ enabled: true, origins: ["https://news.example.org"] }] },
);

/** Reads and saves a domain's embedding; saving writes its activity and audit lines. */
export const embedStore = (ctx: Pick<AppContext, "db">, audit: Audit) => {
  const sql = ctx.db.sql;
  const log = activityLog(sql, audit);
  return {
    read: (id: number) => embedOf(sql, id),
    save: async (me: User, d: { id: number; name: string }, enabled: boolean, origins: string[]) => {
      await setEmbed(sql, d.id, enabled, origins);
      await log(me, d, enabled ? "embed on" : "embed off", null, origins.join(" ") || null);
      return { enabled, origins };
    },
  };
};

export const embedRoutes = (ctx: AppContext, audit: Audit) => {
  const access = teamAccess(ctx.db.sql);
  const store = embedStore(ctx, audit);
  const params = t.Object({ domain: t.String({ maxLength: 253 }) });

  return new Elysia({ name: "domain-embed" })
    .use(withSession(ctx))
    .get("/api/domains/:domain/embed", async ({ params, user }) => store.read((await access(signedIn(user), params.domain, "editor")).id), { params })
    .patch(
      "/api/domains/:domain/embed",
      async ({ params, body, user }) => {
        const me = signedIn(user);
        const team = await access(me, params.domain, "editor");
        return store.save(me, team, body.enabled, embedOrigins(body.origins));
      },
      { params, body: EmbedBody },
    );
};
