// The auth room: accounts, sessions and the endpoints around them. Other rooms get the signed-in
// user through `withSession(ctx)` (an Elysia plugin) and pages through `currentUser(ctx, request)`;
// nothing outside this folder reads sessions or tokens directly.
import { parseCookie } from "cookie";
import type { Config } from "../config";
import type { AppContext } from "../context";
import { limitsOf } from "../http/limits";
import { createMailer } from "../mail";
import { accountRoutes } from "./account-routes";
import { createOidc, type Audit } from "./oidc";
import { oidcRoutes } from "./oidc-routes";
import { authRoutes } from "./routes";
import { resolveSecret } from "./secret";
import { setDisabled } from "./admin-users";
import { deleteAccountOf } from "./deletion";
import { createAuthService, type AuthService } from "./service";
import { sessionCookieName, sessionPlugin } from "./session-plugin";
import { twoFactor } from "./two-factor";
import { twoFactorRoutes } from "./two-factor-routes";
import { passkeys } from "./passkeys";
import { passkeyRoutes } from "./passkey-routes";

export { createUser, type User } from "./users";
export { signedIn, SESSION_COOKIE, sessionCookieName } from "./session-plugin";
export { listApiKeys } from "./api-keys";
export { bearerKey, proKeyHolder } from "./key-holder";
export { guardedPasswords } from "./attempts";
export { resolveSecret } from "./secret";
export { accountsForBilling, adminUser, recentSignins, searchUsers, setScope, setVerified } from "./admin-users";
export { LAST_ADMIN } from "./account-routes";

// NOTE: one service per database, made on first use, so rooms can mount in any order and several
// apps in one test process never share users or throttles.
const services = new WeakMap<object, AuthService>();
const serviceFor = (ctx: Pick<AppContext, "config" | "db">): AuthService => {
  let auth = services.get(ctx.db);
  if (!auth) {
    auth = createAuthService({
      db: ctx.db,
      mailer: createMailer(ctx.config),
      secret: resolveSecret(ctx.config),
      sessions: { idleDays: ctx.config.SESSION_IDLE_DAYS, maxDays: ctx.config.SESSION_MAX_DAYS },
      requireAdminTwoFactor: ctx.config.REQUIRE_ADMIN_2FA === "true",
    });
    services.set(ctx.db, auth);
  }
  return auth;
};

export const authRoom = (ctx: AppContext, audit: Audit) => {
  const secondFactor = twoFactor(ctx.db, resolveSecret(ctx.config), audit);
  const keys = passkeys(ctx.db, ctx.origin, audit);
  return authRoutes(ctx.config, serviceFor(ctx), secondFactor, keys, ctx.origin, limitsOf(ctx))
    .use(accountRoutes(ctx.config, ctx.db, serviceFor(ctx), ctx.origin))
    .use(twoFactorRoutes(ctx.config, serviceFor(ctx), secondFactor, ctx.origin))
    .use(passkeyRoutes(ctx.config, ctx.db, serviceFor(ctx), keys, ctx.origin, limitsOf(ctx)))
    .use(oidcRoutes(ctx.config, createOidc(ctx.config, ctx.db, audit), ctx.origin));
};

/** The single sign-on provider's name for the sign-in page's button, or null when none is configured. */
export const signInProvider = (config: Config): string | null => (config.OIDC_ISSUER ? config.OIDC_NAME : null);

/** `user` (or null), CSRF protection and the client's throttle tag for another room's routes. */
export const withSession = (ctx: Pick<AppContext, "config" | "db" | "origin">) => sessionPlugin(ctx.config, serviceFor(ctx), ctx.origin);

// NOTE: a value that is not valid percent-encoding stays as sent, which no session token matches:
// the page renders signed out.
const cookieValue = (header: string | null, name: string): string | undefined => (header ? parseCookie(header)[name] : undefined);

/** Who is signed in on this request (x-access-token or the session cookie), or null. */
export const currentUser = (ctx: Pick<AppContext, "config" | "db">, request: Request) =>
  serviceFor(ctx).userFor({
    accessToken: request.headers.get("x-access-token"),
    cookie: cookieValue(request.headers.get("cookie"), sessionCookieName(ctx.config)),
  });

/** Switches an account's sign-in off, ending its sessions and access tokens, or on again. */
export const setSignInDisabled = async (ctx: Pick<AppContext, "config" | "db">, uid: string, disabled: boolean) => {
  const change = await setDisabled(ctx.db.sql, uid, disabled);
  if (change === "done" && disabled) await serviceFor(ctx).signOutEverywhere(uid);
  return change;
};

/** Whether one more account mail may go to `email` this hour (the cap sign-ups and resets share); past
 * it the caller skips the mail and answers as if it went. */
export const mayMailAddress = (ctx: Pick<AppContext, "config" | "db">, email: string): boolean => serviceFor(ctx).mayMail(email);

/** Deletes an account and everything it owns; never the last admin. */
export const deleteAccount = (ctx: Pick<AppContext, "db">, uid: string) => deleteAccountOf(ctx.db, uid);
export { onAccountDeletion, onAccountRows } from "./deletion";
export { hashPassword, passwordProblem } from "./passwords";
