// The auth endpoints: sign-up, sign-in (a session cookie; tokens for API clients that ask),
// refresh, logout, user, verification, reset and password change. Input is validated by schema;
// answers use the one JSON error shape. Every mail a visitor can make us send is charged to the
// `accountMail` limit first.
import { Elysia, t } from "elysia";
import type { Config } from "../config";
import { HttpError } from "../http/errors";
import type { Limits } from "../http/limits";
import type { PublicOrigin } from "../origin";
import { isPro, type PlanConfig } from "../plans";
import { sentByBrowser } from "./origin";
import { assertion } from "./passkey-schemas";
import type { Passkeys } from "./passkeys";
import { PASSWORD_MAX } from "./passwords";
import type { AuthService } from "./service";
import { raise, sessionCookie, sessionPlugin, signedIn } from "./session-plugin";
import type { TwoFactor } from "./two-factor";
import { CHALLENGE_MINUTES } from "./two-factor-store";
import type { User } from "./users";

const email = t.String({ format: "email", maxLength: 254, error: "Enter a valid email address." });
export const password = t.String({ minLength: 1, maxLength: PASSWORD_MAX, error: "Enter a password." });
export const token = t.String({ minLength: 20, maxLength: 200, pattern: "^[A-Za-z0-9_-]+$", error: "This link is not valid." });

/** The public view of a user, as GET /api/user answers it. */
const publicUser = (config: PlanConfig, u: User) => ({
  uid: u.uid,
  email: u.email,
  name: u.name,
  scope: u.scope,
  verified: u.verified,
  pro: isPro(config, u),
});

const TOKENS_NOT_FOR_BROWSERS = "A browser signs in with its session cookie; tokens are for API clients.";

/** The sign-up answer, the same whether or not the address already had an account. */
const SIGNUP_SENT = "Check your email: we sent a link to continue.";

/** A code from an authenticator app (6 digits) or a recovery code ("k7m2p-xq9ra-3bnwt"). */
export const code = t.String({ minLength: 6, maxLength: 40, error: "Enter the code." });

/** The answer of a finished sign-in: the session cookie, and tokens for an API client that asked. */
export const signedInAnswer = (config: Config) => {
  const session = sessionCookie(config);
  return (cookie: Parameters<typeof session.set>[0], r: { user: User; cookie: string; tokens?: unknown }) => {
    session.set(cookie, r.cookie);
    const user = publicUser(config, r.user);
    return r.tokens ? { token: r.tokens, user } : { user };
  };
};

const CODE_MISSING = "Enter the code.";

export function authRoutes(config: Config, auth: AuthService, twoFactor: TwoFactor, keys: Passkeys, origin: PublicOrigin, limits: Limits) {
  const session = sessionCookie(config);
  const answer = signedInAnswer(config);

  return new Elysia({ name: "auth-routes" })
    .use(sessionPlugin(config, auth, origin))
    .post(
      "/api/signup",
      async ({ body, origin, set, request, server }) => {
        limits.take("accountMail", { request, server });
        const r = await auth.signUp(body, origin);
        if (!r.ok) return raise(r);
        set.status = 202;
        return { email: r.email, message: SIGNUP_SENT };
      },
      { body: t.Object({ email, password, name: t.String({ minLength: 1, maxLength: 100, error: "Enter your name." }) }) },
    )
    .post(
      "/api/signin",
      async ({ body, client, cookie, request }) => {
        // NOTE: tokens only for a client that asks, and never to a browser: there the session
        // cookie is HttpOnly, and a refresh token in the body would be readable by page scripts.
        if (body.tokens && sentByBrowser(request)) throw new HttpError(400, TOKENS_NOT_FOR_BROWSERS, { tokens: TOKENS_NOT_FOR_BROWSERS });
        const r = await auth.signIn(body, client, body.tokens === true);
        if (!r.ok) return raise(r);
        // NOTE: no session yet: the challenge is good only for POST /api/signin/code.
        if ("challenge" in r) return { twoFactor: { challenge: r.challenge, expiresIn: CHALLENGE_MINUTES * 60, passkey: r.passkey } };
        return answer(cookie, r);
      },
      {
        body: t.Object({
          email,
          password,
          tokens: t.Optional(
            t.Boolean({
              description: "true for API clients: the answer's `token` then holds an access token (x-access-token) and a refresh token.",
              error: "tokens is true or false.",
            }),
          ),
        }),
      },
    )
    .post(
      "/api/signin/code",
      async ({ body, client, cookie }) => {
        const { challenge, code, passkey } = body;
        if (!passkey && code === undefined) throw new HttpError(400, CODE_MISSING, { code: CODE_MISSING });
        const r = await auth.secondStep(challenge, client, async (user) =>
          passkey ? keys.verifyForUser(user.uid, challenge, passkey) : (await twoFactor.check(user, code ?? "")) !== null,
        );
        return r.ok ? answer(cookie, r) : raise(r);
      },
      {
        body: t.Object({
          challenge: token,
          code: t.Optional(code),
          passkey: t.Optional({ ...assertion, description: "Instead of a code: one of the account's passkeys, signed over options from POST /api/signin/passkey/options with this challenge." }),
        }),
      },
    )
    .post(
      "/api/auth/refresh",
      async ({ body }) => {
        const r = await auth.refresh(body.refreshToken);
        return r.ok ? { token: r.tokens } : raise(r);
      },
      { body: t.Object({ refreshToken: token }) },
    )
    .post(
      "/api/auth/logout",
      async ({ body, cookie, user }) => {
        await auth.signOut([session.held(cookie), body?.refreshToken], user);
        session.clear(cookie);
        return { ok: true };
      },
      { body: t.Optional(t.Object({ refreshToken: t.Optional(t.String({ maxLength: 200 })) })) },
    )
    .get("/api/user", ({ user }) => ({ user: publicUser(config, signedIn(user)) }))
    .post(
      "/api/verify",
      async ({ body }) => {
        const r = await auth.verifyEmail(body.token);
        return r.ok ? { ok: true } : raise(r);
      },
      { body: t.Object({ token }) },
    )
    .post("/api/verify/resend", async ({ user, client, origin, request, server }) => {
      const me = signedIn(user);
      limits.take("accountMail", { request, server, account: me.uid });
      const r = await auth.resendVerification(me, client, origin);
      return r.ok ? { ok: true } : raise(r);
    })
    .post(
      "/api/reset/request",
      async ({ body, client, origin, set, request, server }) => {
        limits.take("accountMail", { request, server });
        const r = await auth.requestReset(body.email, client, origin);
        if (!r.ok) return raise(r);
        set.status = 202;
        return { message: "If an account uses this address, we have sent it a link to choose a new password." };
      },
      { body: t.Object({ email }) },
    )
    .post(
      "/api/reset",
      async ({ body }) => {
        const r = await auth.reset(body.token, body.password);
        return r.ok ? { ok: true } : raise(r);
      },
      { body: t.Object({ token, password }) },
    )
    .post(
      "/api/password",
      async ({ body, user, cookie }) => {
        const r = await auth.changePassword(signedIn(user), body.current, body.password, session.held(cookie));
        return r.ok ? { ok: true } : raise(r);
      },
      { body: t.Object({ current: password, password }) },
    );
}
