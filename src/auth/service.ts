// Account logic without HTTP: every operation returns a value, either its result or a Failure
// the edge turns into the one JSON error shape. Built like a bank's login: identical answers for
// unknown email and wrong password, throttled failures, hashed tokens, sessions ended on change.
import type { Database } from "../db";
import type { ErrorStatus, Fields } from "../http/errors";
import { resetMail, sendOffPath, signupAgainMail, verifyMail, type Mailer } from "../mail";
import { recordSignin } from "./admin-users";
import { accountAttempts } from "./attempts";
import { consumeLinkToken, createLinkToken, LINK_LIFETIME_MINUTES, retireLinkTokens } from "./email-links";
import { listPasskeys } from "./passkeys";
import { dummyHash, hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { createSession, revokeAllSessions, revokeSession, rotateRefresh, sessionUid, type SessionLimits } from "./sessions";
import type { Verdict } from "./throttle";
import { accessTokens, ACCESS_TOKEN_SECONDS } from "./tokens";
import { challengeOf, createChallenge, endChallenge, endChallengesOf, totpOf } from "./two-factor-store";
import {
  bumpTokenEpoch,
  createUser,
  markVerified,
  passwordHashOf,
  setPasswordHash,
  tokenEpochOf,
  userById,
  userByIdAtEpoch,
  userWithHashByEmail,
  type User,
} from "./users";

export type Failure = { ok: false; status: ErrorStatus; message: string; fields?: Fields; retryAfterS?: number };
type Result<T> = ({ ok: true } & T) | Failure;

const fail = (status: ErrorStatus, message: string, fields?: Fields, retryAfterS?: number): Failure => ({
  ok: false,
  status,
  message,
  fields,
  retryAfterS,
});

const WRONG_CREDENTIALS = "Wrong email or password.";
const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";
const DISABLED = "This account is switched off. Contact the site's administrator.";
export const WRONG_CODE = "This code is not right, or was used already.";
const CHALLENGE_OVER = "This sign-in has expired. Please sign in again.";

type Tokens = { accessToken: string; refreshToken: string; expiresIn: number };

type AuthServiceOptions = {
  db: Database;
  mailer: Mailer;
  secret: string;
  sessions: SessionLimits;
  requireAdminTwoFactor?: boolean;
  /** How a throttled attempt waits out its progressive delay; a test may record the delays instead. */
  wait?: (ms: number) => Promise<unknown>;
};

export function createAuthService({ db, mailer, secret, sessions, requireAdminTwoFactor = false, wait = Bun.sleep }: AuthServiceOptions) {
  const sql = db.sql;
  const access = accessTokens(secret);
  const attempts = accountAttempts();

  /** Waits the progressive delay, or answers 429 when the attempt was refused. */
  const waitOut = async (v: Verdict): Promise<Failure | null> => {
    if (v.blocked) return fail(429, TOO_MANY, undefined, v.retryAfterS);
    if (v.delayMs) await wait(v.delayMs);
    return null;
  };

  const issueTokens = async (uid: string, refreshToken?: string): Promise<Tokens> => ({
    accessToken: await access.sign({ uid, epoch: await tokenEpochOf(sql, uid) }),
    refreshToken: refreshToken ?? (await createSession(sql, uid, "refresh", sessions)),
    expiresIn: ACCESS_TOKEN_SECONDS,
  });

  const sendVerification = async (user: User, origin: string) => {
    const token = await createLinkToken(sql, user.uid, "verify");
    await mailer.send(verifyMail(user.email, `${origin}/verify?token=${token}`, LINK_LIFETIME_MINUTES.verify / 60));
  };

  /**
   * REQUIRE_ADMIN_2FA: an admin without two-factor sign-in is, until it is on, an ordinary user
   * marked `twoFactorDue`: the admin pages send them to set it up, and the admin API answers them
   * its 404 like anyone else's, since every admin check reads the scope held here.
   */
  const gated = async (user: User | null): Promise<User | null> => {
    if (!user || !requireAdminTwoFactor || !user.scope.includes("admin")) return user;
    if ((await totpOf(sql, user.uid))?.enabled) return user;
    return { ...user, scope: user.scope.filter((s) => s !== "admin"), twoFactorDue: true };
  };

  /** A new session (and tokens when asked for) for a user who passed every step of sign-in. */
  const startSession = async (user: User, withTokens: boolean) => ({
    user,
    cookie: await createSession(sql, user.uid, "cookie", sessions),
    // NOTE: no refresh session is made for a sign-in that will not hand its token out.
    tokens: withTokens ? await issueTokens(user.uid) : undefined,
  });

  /** Ends every way in that a changed password or a reset link should end. */
  const signOutEverywhere = async (uid: string, keep?: string) => {
    await revokeAllSessions(sql, uid, keep);
    await bumpTokenEpoch(sql, uid);
    await endChallengesOf(sql, uid);
  };

  return {
    signOutEverywhere,
    /** Whether one more account mail may go to `email` this hour; past the cap it is skipped silently. */
    mayMail: attempts.mailTo,

    /** Who holds these credentials: an API access token wins over the browser's session cookie. */
    async userFor(held: { accessToken?: string | null; cookie?: string | null }): Promise<User | null> {
      if (held.accessToken) {
        const claims = await access.verify(held.accessToken);
        return gated(claims ? await userByIdAtEpoch(sql, claims.uid, claims.epoch) : null);
      }
      const uid = held.cookie ? await sessionUid(sql, held.cookie, "cookie", sessions.idleDays) : null;
      return gated(uid ? await userById(sql, uid) : null);
    },

    /**
     * Creates the account and mails its verification link, or, when the address already has an
     * account, mails its owner instead. Answers the same either way and signs nobody in.
     * NOTE: a session here would tell the two cases apart (or hand out the existing account), so
     * a new account signs in after its sign-up like any other.
     */
    async signUp(
      input: { email: string; name: string; password: string },
      origin: string,
    ): Promise<Result<{ email: string }>> {
      const problem = passwordProblem(input.password, input);
      if (problem) return fail(400, problem, { password: problem });
      const email = input.email.toLowerCase();
      const user = await createUser(sql, { email, name: input.name.trim(), passwordHash: await hashPassword(input.password) });
      if (attempts.mailTo(email)) {
        if (user) await sendVerification(user, origin);
        else await mailer.send(signupAgainMail(email, `${origin}/signin`, `${origin}/reset`));
      }
      return { ok: true, email };
    },

    /**
     * Signs in with a session cookie; API clients that ask (`withTokens`) get tokens as well. A user
     * with two-factor sign-in gets a challenge instead, which `secondStep` turns into the session,
     * and whether they may answer it with a passkey as well as a code.
     * NOTE: passkeys alone do not make a password sign-in ask for a second step: they are another
     * way in, and only an authenticator app comes with recovery codes for when a device is gone.
     */
    async signIn(
      input: { email: string; password: string },
      client: string,
      withTokens: boolean,
    ): Promise<Result<{ user: User; cookie: string; tokens?: Tokens } | { challenge: string; passkey: boolean }>> {
      const attempt = attempts.signIn(input.email, client);
      if (attempt.blocked) return fail(429, TOO_MANY, undefined, attempt.retryAfterS);
      if (attempt.delayMs) await wait(attempt.delayMs);
      const found = await userWithHashByEmail(sql, input.email);
      // TRICKY: verify against a dummy hash for unknown emails, so timing does not tell them apart.
      const ok = await verifyPassword(input.password, found?.password_hash ?? (await dummyHash()));
      const codeDue = Boolean(found && ok && !found.disabled && (await totpOf(sql, found.uid))?.enabled);
      attempt.settle(Boolean(found && ok), !codeDue);
      // NOTE: only the time and the outcome are kept, for the admin's view of the account; a sign-in
      // whose code is due is recorded by its second step.
      if (found && !codeDue) await recordSignin(sql, found.uid, !ok ? "wrong_password" : found.disabled ? "disabled" : "ok");
      if (!found || !ok) return fail(401, WRONG_CREDENTIALS);
      // NOTE: said only to whoever knows the password, so it tells a stranger nothing.
      if (found.disabled) return fail(403, DISABLED);
      if (codeDue) {
        const challenge = await createChallenge(sql, found.uid, withTokens);
        return { ok: true, challenge, passkey: (await listPasskeys(sql, found.uid)).length > 0 };
      }
      const { password_hash: _, disabled: _off, ...user } = found;
      return { ok: true, ...(await startSession(user, withTokens)) };
    },

    /**
     * Sign-in's second step: the challenge from a right password and what `proves` checks, a code
     * from the user's app, a recovery code or one of their passkeys. A wrong answer of any kind is
     * charged like a wrong password, to the same keys, so it cannot be guessed faster than the password.
     */
    async secondStep(
      challenge: string,
      client: string,
      proves: (user: User) => Promise<boolean>,
    ): Promise<Result<{ user: User; cookie: string; tokens?: Tokens }>> {
      const pending = await challengeOf(sql, challenge);
      const found = pending ? await userById(sql, pending.uid) : null;
      if (!pending || !found) return fail(401, CHALLENGE_OVER);
      const attempt = attempts.signIn(found.email, client);
      if (attempt.blocked) return fail(429, TOO_MANY, undefined, attempt.retryAfterS);
      if (attempt.delayMs) await wait(attempt.delayMs);
      const ok = await proves(found);
      attempt.settle(ok);
      await recordSignin(sql, found.uid, ok ? "ok" : "wrong_code");
      if (!ok) return fail(401, WRONG_CODE, { code: WRONG_CODE });
      // NOTE: one challenge, one session: a copy of it (in a log, say) is no use afterwards.
      await endChallenge(sql, challenge);
      return { ok: true, ...(await startSession(found, pending.withTokens)) };
    },

    /** Signs in the user a passkey proved (null: it proved no one): no password and no code, since a
     * passkey stands for both. A browser's sign-in: a session cookie, no tokens. */
    async signInWithPasskey(uid: string | null): Promise<Result<{ user: User; cookie: string }>> {
      const user = uid ? await userById(sql, uid) : null;
      const found = user ? await userWithHashByEmail(sql, user.email) : null;
      if (!user || !found) return fail(401, "This passkey did not sign you in. Try again, or sign in with your password.");
      if (found.disabled) return fail(403, DISABLED);
      await recordSignin(sql, user.uid, "ok");
      return { ok: true, ...(await startSession(user, false)) };
    },

    async refresh(refreshToken: string): Promise<Result<{ tokens: Tokens }>> {
      const rotated = await rotateRefresh(sql, refreshToken, sessions.idleDays);
      if (!rotated.ok) return fail(401, "This session has ended. Please sign in again.");
      return { ok: true, tokens: await issueTokens(rotated.uid, rotated.token) };
    },

    /**
     * Ends whatever the caller holds; unknown tokens are fine (logout always succeeds). The user's
     * access tokens end too: they cannot be revoked one by one, so the user's epoch moves on and
     * other API clients of theirs refresh.
     */
    async signOut(tokens: (string | undefined)[], user: User | null): Promise<void> {
      const uids = new Set(user ? [user.uid] : []);
      for (const t of tokens) {
        const uid = t ? await revokeSession(sql, t) : null;
        if (uid) uids.add(uid);
      }
      for (const uid of uids) await bumpTokenEpoch(sql, uid);
    },

    async verifyEmail(token: string): Promise<Result<{ uid: string }>> {
      const uid = await consumeLinkToken(sql, token, "verify");
      if (!uid) return fail(400, "This verification link is invalid or has expired. Request a new one.");
      await markVerified(sql, uid);
      return { ok: true, uid };
    },

    async resendVerification(user: User, client: string, origin: string): Promise<Result<object>> {
      if (user.verified) return fail(409, "Your email is already verified.");
      // NOTE: each resend counts, so the endpoint cannot be used to flood a mailbox.
      const refused = await waitOut(attempts.link(user.email, client));
      if (refused) return refused;
      if (attempts.mailTo(user.email)) await sendVerification(user, origin);
      return { ok: true };
    },

    /**
     * Always answers the same, whether or not the email has an account, and after the same work:
     * one lookup. The link is made and mailed off the request path, so neither a slow SMTP server
     * nor an outage tells a known address from an unknown one.
     */
    async requestReset(email: string, client: string, origin: string): Promise<Result<object>> {
      const refused = await waitOut(attempts.link(email, client));
      if (refused) return refused;
      // NOTE: the address's cap is taken for unknown addresses too, so it costs both the same.
      const mayMail = attempts.mailTo(email);
      const user = await userWithHashByEmail(sql, email);
      if (user && mayMail) {
        void sendOffPath("reset", async () => {
          const token = await createLinkToken(sql, user.uid, "reset");
          await mailer.send(resetMail(user.email, `${origin}/reset?token=${token}`, LINK_LIFETIME_MINUTES.reset));
        });
      }
      return { ok: true };
    },

    async reset(token: string, password: string): Promise<Result<object>> {
      const problem = passwordProblem(password);
      if (problem) return fail(400, problem, { password: problem });
      const uid = await consumeLinkToken(sql, token, "reset");
      if (!uid) return fail(400, "This reset link is invalid, used or expired. Request a new one.");
      await setPasswordHash(sql, uid, await hashPassword(password));
      // NOTE: whoever knew the old password is signed out everywhere, and any other reset link
      // (perhaps in a mailbox someone else reads) stops working.
      await retireLinkTokens(sql, uid, "reset");
      await signOutEverywhere(uid);
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
      await signOutEverywhere(user.uid, keep);
      return { ok: true };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
