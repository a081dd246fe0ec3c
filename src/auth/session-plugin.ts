// What every signed-in endpoint needs, as one Elysia plugin: the client's throttle pseudonym,
// our origin (for links), the CSRF check on state-changing methods, and `user` resolved from
// x-access-token or the session cookie.
import { Elysia } from "elysia";
import type { Config } from "../config";
import { clientKey } from "../http/client";
import { HttpError } from "../http/errors";
import type { PublicOrigin } from "../http/origin";
import { assertSameOrigin } from "./origin";
import type { AuthService, Failure } from "./service";
import type { User } from "./users";

export const SESSION_COOKIE = "bothy_session";

/** Turns a service Failure into the HTTP error at the edge. */
export const raise = (f: Failure): never => {
  throw new HttpError(f.status, f.message, f.fields, f.retryAfterS ? { "retry-after": String(f.retryAfterS) } : undefined);
};

export const signedIn = (user: User | null): User => {
  if (!user) throw new HttpError(401, "Please sign in.");
  return user;
};

/** The session cookie's value, when the request carries one. */
export const heldCookie = (cookie: Record<string, { value?: unknown }>): string | undefined => {
  const value = cookie[SESSION_COOKIE]?.value;
  return typeof value === "string" && value ? value : undefined;
};

export const sessionPlugin = (config: Config, auth: AuthService, publicOrigin: PublicOrigin) =>
  // NOTE: deliberately unnamed: each route group that uses it gets its own copy of the hooks.
  new Elysia()
    .derive({ as: "scoped" }, ({ request, server }) => ({
      client: clientKey(request, server, config.TRUSTED_PROXIES),
      origin: publicOrigin.value,
    }))
    .onBeforeHandle({ as: "scoped" }, ({ request }) => {
      if (request.method !== "GET" && request.method !== "HEAD") assertSameOrigin(request, publicOrigin.value);
    })
    .resolve({ as: "scoped" }, async ({ request, cookie }) => ({
      user: await auth.userFor({ accessToken: request.headers.get("x-access-token"), cookie: heldCookie(cookie) }),
    }));
