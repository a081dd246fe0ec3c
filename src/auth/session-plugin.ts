// What every signed-in endpoint needs, as one Elysia plugin: the client's throttle pseudonym,
// our origin (for links), the CSRF check on state-changing methods, and `user` resolved from
// x-access-token or the session cookie; and the session cookie itself, the one place its name lives.
import { Elysia, type Context } from "elysia";
import type { Config } from "../config";
import { clientKey } from "../http/client";
import { HttpError } from "../http/errors";
import type { PublicOrigin } from "../origin";
import { assertSameOrigin } from "./origin";
import type { AuthService, Failure } from "./service";
import type { User } from "./users";

/** The session cookie's name over http; see sessionCookieName for https. */
export const SESSION_COOKIE = "bothy_session";

/**
 * The session cookie's name for this instance.
 * NOTE: over https it is `__Host-` prefixed, so browsers accept it only Secure, from this exact
 * host, for path `/`: a sibling subdomain cannot plant or shadow it. Over http (local use) the
 * prefix cannot be honoured, so the plain name stays.
 */
export const sessionCookieName = (config: Pick<Config, "BASE_URL">): string =>
  config.BASE_URL?.startsWith("https:") ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

type Jar = Context["cookie"];

/** Reads, sets and clears the session cookie with the attributes this instance needs. */
export function sessionCookie(config: Pick<Config, "BASE_URL" | "SESSION_MAX_DAYS">) {
  const name = sessionCookieName(config);
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secure: name !== SESSION_COOKIE };
  return {
    /** The cookie's value, when the request carries one. */
    held(cookie: Jar): string | undefined {
      const value = cookie[name]?.value;
      return typeof value === "string" && value ? value : undefined;
    },
    set: (cookie: Jar, value: string) => cookie[name]!.set({ value, ...options, maxAge: config.SESSION_MAX_DAYS * 86400 }),
    clear: (cookie: Jar) => cookie[name]!.set({ value: "", ...options, maxAge: 0 }),
  };
}

/** Turns a service Failure into the HTTP error at the edge. */
export const raise = (f: Failure): never => {
  throw new HttpError(f.status, f.message, f.fields, f.retryAfterS ? { "retry-after": String(f.retryAfterS) } : undefined);
};

export const signedIn = (user: User | null): User => {
  if (!user) throw new HttpError(401, "Please sign in.");
  return user;
};

export const sessionPlugin = (config: Config, auth: AuthService, publicOrigin: PublicOrigin) => {
  const session = sessionCookie(config);
  // NOTE: deliberately unnamed: each route group that uses it gets its own copy of the hooks.
  return new Elysia()
    .derive({ as: "scoped" }, ({ request, server }) => ({
      client: clientKey(request, server, config.TRUSTED_PROXIES),
      origin: publicOrigin.value,
    }))
    .onBeforeHandle({ as: "scoped" }, ({ request }) => {
      if (request.method !== "GET" && request.method !== "HEAD") assertSameOrigin(request, publicOrigin.value);
    })
    .resolve({ as: "scoped" }, async ({ request, cookie }) => ({
      user: await auth.userFor({ accessToken: request.headers.get("x-access-token"), cookie: session.held(cookie) }),
    }));
};
