// Account logic without HTTP: every operation returns a value, either its result or a Failure
// the edge turns into the one JSON error shape. Built like a bank's login: identical answers for
// unknown email and wrong password, throttled failures, hashed tokens, sessions ended on change.
import type { Database } from "../db";
import type { ErrorStatus, Fields } from "../http/errors";
import type { Mailer } from "../mail";
import { resetMail, verifyMail } from "../mail/templates";
import { consumeLinkToken, createLinkToken, LINK_LIFETIME_MINUTES } from "./email-links";
import { dummyHash, hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { createSession, revokeAllSessions, revokeSession, rotateRefresh, sessionUid } from "./sessions";
import { createThrottle, MAX_FAILURES, type Throttle } from "./throttle";
import { accessTokens, ACCESS_TOKEN_SECONDS } from "./tokens";
import { createUser, markVerified, passwordHashOf, setPasswordHash, userById, userWithHashByEmail, type User } from "./users";

export type Failure = { ok: false; status: ErrorStatus; message: string; fields?: Fields; retryAfterS?: number };
export type Result<T> = ({ ok: true } & T) | Failure;

const fail = (status: ErrorStatus, message: string, fields?: Fields, retryAfterS?: number): Failure => ({
  ok: false,
  status,
  message,
  fields,
  retryAfterS,
});

export const WRONG_CREDENTIALS = "Wrong email or password.";
const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

export type Tokens = { accessToken: string; refreshToken: string; expiresIn: number };

export type AuthServiceOptions = { db: Database; mailer: Mailer; secret: string };

/** Who a throttled attempt is charged to: always the client, and the account when one is named. */
type Charge = { client: string; email?: string };

export function createAuthService({ db, mailer, secret }: AuthServiceOptions) {
  const sql = db.sql;
  const access = accessTokens(secret);
  const throttles: Record<keyof Charge, Throttle> = {
    client: createThrottle(MAX_FAILURES.client),
    email: createThrottle(MAX_FAILURES.account),
  };
  const each = (charge: Charge, f: (t: Throttle, key: string) => void) => {
    f(throttles.client, charge.client);
    if (charge.email) f(throttles.email, charge.email.toLowerCase());
  };
  const failed = (charge: Charge) => each(charge, (t, key) => t.fail(key));

  /** Waits the progressive delay, or answers 429 when the client or account is over its limit. */
  const gate = async (charge: Charge): Promise<Failure | null> => {
    let delayMs = 0;
    let retryAfterS = 0;
    each(charge, (t, key) => {
      const state = t.check(key);
      if (state.blocked) retryAfterS = Math.max(retryAfterS, state.retryAfterS);
      else delayMs = Math.max(delayMs, state.delayMs);
    });
    if (retryAfterS) return fail(429, TOO_MANY, undefined, retryAfterS);
    if (delayMs) await Bun.sleep(delayMs);
    return null;
  };

  const issueTokens = async (uid: string, refreshToken?: string): Promise<Tokens> => ({
    accessToken: await access.sign({ uid }),
    refreshToken: refreshToken ?? (await createSession(sql, uid, "refresh")),
    expiresIn: ACCESS_TOKEN_SECONDS,
  });

  const sendVerification = async (user: User, origin: string) => {
    const token = await createLinkToken(sql, user.uid, "verify");
    const link = `${origin}/verify?token=${token}`;
    await mailer.send(verifyMail(user.email, user.name, link, LINK_LIFETIME_MINUTES.verify / 60));
  };

  return {
    /** Who holds these credentials: an API access token wins over the browser's session cookie. */
    async userFor(held: { accessToken?: string | null; cookie?: string | null }): Promise<User | null> {
      if (held.accessToken) {
        const claims = await access.verify(held.accessToken);
        return claims ? userById(sql, claims.uid) : null;
      }
      const uid = held.cookie ? await sessionUid(sql, held.cookie, "cookie") : null;
      return uid ? userById(sql, uid) : null;
    },

    async signUp(
      input: { email: string; name: string; password: string },
      client: string,
      origin: string,
    ): Promise<Result<{ user: User; cookie: string }>> {
      const blocked = await gate({ client });
      if (blocked) return blocked;
      const problem = passwordProblem(input.password, input);
      if (problem) return fail(400, problem, { password: problem });
      const user = await createUser(sql, {
        email: input.email,
        name: input.name.trim(),
        passwordHash: await hashPassword(input.password),
      });
      if (!user) {
        // NOTE: counted as a failure so the sign-up form cannot be used to probe addresses quickly.
        failed({ client });
        const message = "An account with this email already exists. Sign in or reset your password.";
        return fail(409, message, { email: message });
      }
      await sendVerification(user, origin);
      return { ok: true, user, cookie: await createSession(sql, user.uid, "cookie") };
    },

    async signIn(
      input: { email: string; password: string },
      client: string,
    ): Promise<Result<{ user: User; cookie: string; tokens: Tokens }>> {
      const charge = { client, email: input.email };
      const blocked = await gate(charge);
      if (blocked) return blocked;
      const found = await userWithHashByEmail(sql, input.email);
      // TRICKY: verify against a dummy hash for unknown emails, so timing does not tell them apart.
      const ok = await verifyPassword(input.password, found?.password_hash ?? (await dummyHash()));
      if (!found || !ok) {
        failed(charge);
        return fail(401, WRONG_CREDENTIALS);
      }
      // NOTE: only the account is forgiven; a client that guesses many accounts stays charged.
      throttles.email.succeed(input.email.toLowerCase());
      const { password_hash: _, ...user } = found;
      return { ok: true, user, cookie: await createSession(sql, user.uid, "cookie"), tokens: await issueTokens(user.uid) };
    },

    async refresh(refreshToken: string): Promise<Result<{ tokens: Tokens }>> {
      const rotated = await rotateRefresh(sql, refreshToken);
      if (!rotated.ok) return fail(401, "This session has ended. Please sign in again.");
      return { ok: true, tokens: await issueTokens(rotated.uid, rotated.token) };
    },

    /** Ends whatever the caller holds; unknown tokens are fine (logout always succeeds). */
    async signOut(tokens: (string | undefined)[]): Promise<void> {
      for (const t of tokens) if (t) await revokeSession(sql, t);
    },

    async verifyEmail(token: string): Promise<Result<{ uid: string }>> {
      const uid = await consumeLinkToken(sql, token, "verify");
      if (!uid) return fail(400, "This verification link is invalid or has expired. Request a new one.");
      await markVerified(sql, uid);
      return { ok: true, uid };
    },

    async resendVerification(user: User, client: string, origin: string): Promise<Result<object>> {
      if (user.verified) return fail(409, "Your email is already verified.");
      const charge = { client, email: user.email };
      const blocked = await gate(charge);
      if (blocked) return blocked;
      // NOTE: each resend counts, so the endpoint cannot be used to flood a mailbox.
      failed(charge);
      await sendVerification(user, origin);
      return { ok: true };
    },

    /** Always answers the same, whether or not the email has an account. */
    async requestReset(email: string, client: string, origin: string): Promise<Result<object>> {
      const charge = { client, email };
      const blocked = await gate(charge);
      if (blocked) return blocked;
      failed(charge);
      const user = await userWithHashByEmail(sql, email);
      if (user) {
        const token = await createLinkToken(sql, user.uid, "reset");
        await mailer.send(resetMail(user.email, `${origin}/reset?token=${token}`, LINK_LIFETIME_MINUTES.reset));
      }
      return { ok: true };
    },

    async reset(token: string, password: string): Promise<Result<object>> {
      const problem = passwordProblem(password);
      if (problem) return fail(400, problem, { password: problem });
      const uid = await consumeLinkToken(sql, token, "reset");
      if (!uid) return fail(400, "This reset link is invalid, used or expired. Request a new one.");
      await setPasswordHash(sql, uid, await hashPassword(password));
      // NOTE: whoever knew the old password is signed out everywhere.
      await revokeAllSessions(sql, uid);
      return { ok: true };
    },

    async changePassword(user: User, current: string, next: string, keep: string | undefined): Promise<Result<object>> {
      const hash = await passwordHashOf(sql, user.uid);
      if (!hash || !(await verifyPassword(current, hash))) {
        return fail(400, "Your current password is not right.", { current: "Your current password is not right." });
      }
      const problem = passwordProblem(next, user);
      if (problem) return fail(400, problem, { password: problem });
      await setPasswordHash(sql, user.uid, await hashPassword(next));
      await revokeAllSessions(sql, user.uid, keep);
      return { ok: true };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
