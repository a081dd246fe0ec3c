// Embedding a domain's public dashboard in other sites: GET and PATCH /api/domains/{domain}/embed
// (the owner's switch and the origins allowed to frame it, src/shared/embed.ts's rule, as a list or
// as the settings form's text of one origin a line), and the
// origins a public page's frame-ancestors names. Every change writes a line of the audit log.
import { Elysia, t } from "elysia";
import { signedIn, withSession } from "../auth";
import type { AppContext } from "../context";
import { namedQuery } from "../db";
import { HttpError } from "../http/errors";
import { EMBED_ORIGINS_MAX, embedOrigin } from "../shared/embed";
import { ownedDomain } from "./queries";

/** Writes one audit line (the admin room's writer, handed in by src/app.ts). */
type Audit = (actor: { uid: string; email: string }, action: string, target: { uid?: string; email?: string; domain?: string; detail?: string }) => Promise<unknown>;

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

export const embedRoutes = (ctx: AppContext, audit: Audit) => {
  const sql = ctx.db.sql;
  /** The caller's own domain (never a claim, nor a team's: embedding is the owner's to decide). */
  const owned = async (uid: string, name: string) => {
    const d = await ownedDomain(sql, uid, name.toLowerCase());
    if (!d || d.id === null) throw new HttpError(404, "No such domain.");
    return { ...d, id: d.id };
  };
  const params = t.Object({ domain: t.String({ maxLength: 253 }) });

  return new Elysia({ name: "domain-embed" })
    .use(withSession(ctx))
    .get("/api/domains/:domain/embed", async ({ params, user }) => embedOf(sql, (await owned(signedIn(user).uid, params.domain)).id), { params })
    .patch(
      "/api/domains/:domain/embed",
      async ({ params, body, user }) => {
        const me = signedIn(user);
        const d = await owned(me.uid, params.domain);
        const listed = typeof body.origins === "string" ? body.origins.split(/[\s,]+/).filter(Boolean) : body.origins;
        if (listed.length > EMBED_ORIGINS_MAX) throw new HttpError(400, ORIGINS_HINT, { origins: ORIGINS_HINT });
        const origins = listed.map(embedOrigin);
        if (origins.some((o) => o === null)) throw new HttpError(400, ORIGINS_HINT, { origins: ORIGINS_HINT });
        const unique = [...new Set(origins as string[])];
        await setEmbed(sql, d.id, body.enabled, unique);
        await audit(me, body.enabled ? "embedding on" : "embedding off", { uid: me.uid, email: me.email, domain: d.name, detail: unique.join(" ") || undefined });
        return { enabled: body.enabled, origins: unique };
      },
      {
        params,
        body: t.Object({
          enabled: t.Boolean({ error: "enabled is true or false." }),
          origins: t.Union([t.Array(t.String({ maxLength: 300 }), { maxItems: EMBED_ORIGINS_MAX }), t.String({ maxLength: 6000 })], { error: ORIGINS_HINT }),
        }),
      },
    );
};
