// The single sign-on endpoints: GET /api/auth/oidc leaves for the provider, GET
// /api/auth/oidc/callback comes back from it with a session cookie, or to the sign-in page with the
// refusal's reason (?sso=). Both answer 404 while OIDC_ISSUER is unset.
import { Elysia, t } from "elysia";
import type { Config } from "../config";
import { HttpError } from "../http/errors";
import type { PublicOrigin } from "../origin";
import { isSafeRedirect } from "../web/guards";
import type { Oidc } from "./oidc";
import { sessionCookie, SESSION_COOKIE } from "./session-plugin";

const CALLBACK = "/api/auth/oidc/callback";
/** Long enough to sign in at the provider, short enough that a forgotten tab's attempt expires. */
const PENDING_S = 600;

export function oidcRoutes(config: Config, oidc: Oidc | null, origin: PublicOrigin) {
  const session = sessionCookie(config);
  // NOTE: named and prefixed like the session cookie (__Host- over https), so no sibling host plants it.
  const secure = config.BASE_URL?.startsWith("https:") ?? false;
  const name = `${secure ? "__Host-" : ""}${SESSION_COOKIE}_oidc`;
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secure };
  const on = () => {
    if (!oidc) throw new HttpError(404, "Single sign-on is not configured.");
    return oidc;
  };
  const moved = (location: string) => new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });

  return new Elysia({ name: "oidc-routes" })
    .get(
      "/api/auth/oidc",
      async ({ query, cookie }) => {
        const next = query.redirect && isSafeRedirect(query.redirect) ? query.redirect : "/settings";
        const { url, pending } = await on().start(`${origin.value}${CALLBACK}`, next);
        cookie[name]!.set({ value: pending, ...options, maxAge: PENDING_S });
        return moved(url);
      },
      { query: t.Object({ redirect: t.Optional(t.String({ maxLength: 2000 })) }) },
    )
    .get(
      CALLBACK,
      async ({ request, cookie }) => {
        const held = cookie[name]?.value;
        // TRICKY: the URL the provider redirected to is rebuilt from our origin, never the Host header.
        const r = await on().finish(new URL(`${origin.value}${CALLBACK}${new URL(request.url).search}`), typeof held === "string" ? held : undefined);
        cookie[name]!.set({ value: "", ...options, maxAge: 0 });
        if (!r.ok) return moved(`/signin?sso=${r.reason}`);
        session.set(cookie, r.cookie);
        return moved(r.next);
      },
      {
        query: t.Object(
          { code: t.Optional(t.String({ maxLength: 2000 })), state: t.Optional(t.String({ maxLength: 500 })), error: t.Optional(t.String({ maxLength: 200 })) },
          { additionalProperties: true },
        ),
      },
    );
}
