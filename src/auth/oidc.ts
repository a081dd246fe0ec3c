// Single sign-on through one OpenID Connect provider (OIDC_ISSUER): the authorization code flow with
// PKCE, state and nonce (openid-client), and what a verified answer does here. An address the
// provider has verified signs in to the account with that email, or to a new verified one; the
// allowed email domains and the admin claim are this instance's settings. Every sign-in and refusal
// writes a line of the audit log.
import * as client from "openid-client";
import type { Config } from "../config";
import type { Database } from "../db";
import { log } from "../log";
import { recordSignin, setScope } from "./admin-users";
import { hashPassword } from "./passwords";
import { createSession } from "./sessions";
import { randomToken } from "./tokens";
import { createUser, markVerified, userWithHashByEmail } from "./users";

/** Writes one audit line (the admin room's writer, handed in by src/app.ts). */
export type Audit = (actor: { uid: string | null; email: string }, action: string, target: { uid?: string; email?: string; detail?: string }) => Promise<unknown>;

/** Why a sign-in through the provider was refused; the sign-in page words each (?sso=). */
type Refusal = "unverified" | "domain" | "disabled" | "failed";

/** What the browser keeps between leaving for the provider and coming back (an HttpOnly cookie). */
type Pending = { verifier: string; state: string; nonce: string; next: string };

const readPending = (raw: string | undefined): Pending | null => {
  try {
    const p = JSON.parse(Buffer.from(raw ?? "", "base64url").toString()) as Record<string, unknown>;
    const ok = ["verifier", "state", "nonce", "next"].every((k) => typeof p[k] === "string");
    return ok ? (p as Pending) : null;
  } catch {
    return null;
  }
};

/** Whether the ID token's claims make an admin: `name` is true, or `name=value` matches it or a list holding it. */
const claimsAdmin = (rule: string | undefined, claims: Record<string, unknown>): boolean => {
  if (!rule) return false;
  const [name = "", value] = rule.split(/=(.*)/s);
  const held = claims[name.trim()];
  if (value === undefined) return held === true;
  return Array.isArray(held) ? held.includes(value) : held === value;
};

export function createOidc(config: Config, db: Database, audit: Audit) {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: secret } = config;
  if (!issuer || !clientId || !secret) return null;
  const sql = db.sql;
  const limits = { idleDays: config.SESSION_IDLE_DAYS, maxDays: config.SESSION_MAX_DAYS };
  // NOTE: config lets http through for a provider on this machine only; openid-client refuses it unless told.
  const insecure = issuer.startsWith("http:") ? { execute: [client.allowInsecureRequests] } : undefined;
  // NOTE: discovered on first use and kept; a failed discovery is asked again next time.
  let discovered: Promise<client.Configuration> | null = null;
  const provider = () =>
    (discovered ??= client.discovery(new URL(issuer), clientId, secret, undefined, insecure).catch((err: unknown) => {
      discovered = null;
      throw err;
    }));

  const refuse = async (reason: Refusal, email: string | null, uid?: string): Promise<{ ok: false; reason: Refusal }> => {
    if (email) await audit({ uid: uid ?? null, email }, "single sign-on refused", { uid, email, detail: reason });
    return { ok: false, reason };
  };

  return {
    name: config.OIDC_NAME,

    /** The provider's authorization URL and the pending cookie's value; `redirectUri` comes from BASE_URL. */
    async start(redirectUri: string, next: string): Promise<{ url: string; pending: string }> {
      const pending: Pending = { verifier: client.randomPKCECodeVerifier(), state: client.randomState(), nonce: client.randomNonce(), next };
      const url = client.buildAuthorizationUrl(await provider(), {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: "S256",
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending: Buffer.from(JSON.stringify(pending)).toString("base64url") };
    },

    /** Checks the provider's answer (`callbackUrl`: BASE_URL's callback with the query it sent) and signs in. */
    async finish(callbackUrl: URL, held: string | undefined): Promise<{ ok: true; cookie: string; next: string } | { ok: false; reason: Refusal }> {
      const pending = readPending(held);
      if (!pending) return refuse("failed", null);
      let claims: Record<string, unknown>;
      try {
        const conf = await provider();
        const tokens = await client.authorizationCodeGrant(conf, callbackUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const id = tokens.claims()!;
        // NOTE: many providers put email and groups in the userinfo answer only, not the ID token.
        const more = conf.serverMetadata().userinfo_endpoint ? await client.fetchUserInfo(conf, tokens.access_token, id.sub) : {};
        claims = { ...id, ...more };
      } catch (err) {
        log.warn("oidc.refused", { error: err instanceof Error ? err.message : String(err) });
        return refuse("failed", null);
      }
      const email = typeof claims.email === "string" ? claims.email.toLowerCase() : null;
      if (!email || claims.email_verified !== true) return refuse("unverified", email);
      const allowed = config.OIDC_ALLOWED_DOMAINS;
      if (allowed && !allowed.includes(email.slice(email.lastIndexOf("@") + 1))) return refuse("domain", email);

      const found = await userWithHashByEmail(sql, email);
      if (found?.disabled) {
        await recordSignin(sql, found.uid, "disabled");
        return refuse("disabled", email, found.uid);
      }
      const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 100) : email.split("@")[0]!;
      // NOTE: an account made here has a password nobody knows; its owner may set one through a reset mail.
      const made = found ? null : await createUser(sql, { email, name, passwordHash: await hashPassword(randomToken()), verified: true });
      const user = found ?? made ?? (await userWithHashByEmail(sql, email));
      if (!user) return refuse("failed", email);
      if (!user.verified) await markVerified(sql, user.uid);
      const admin = claimsAdmin(config.OIDC_ADMIN_CLAIM, claims) && !user.scope.includes("admin");
      if (admin) await setScope(sql, user.uid, "admin", true);
      await recordSignin(sql, user.uid, "ok");
      const detail = [made ? "account created" : "existing account", admin ? "admin by claim" : ""].filter(Boolean).join(", ");
      await audit({ uid: user.uid, email }, "single sign-on", { uid: user.uid, email, detail });
      return { ok: true, cookie: await createSession(sql, user.uid, "cookie", limits), next: pending.next };
    },
  };
}

export type Oidc = NonNullable<ReturnType<typeof createOidc>>;
