// Token material: opaque random tokens (stored only as SHA-256 hashes) and short-lived signed
// access tokens for API clients (HS256 JWT, sent as `x-access-token`).
import { jwtVerify, SignJWT } from "jose";

export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** 256 random bits, URL-safe. */
export const randomToken = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");

export const hashToken = (token: string): Buffer => Buffer.from(new Bun.CryptoHasher("sha256").update(token).digest());

export type AccessClaims = { uid: string };

export function accessTokens(secret: string) {
  // NOTE: a key of its own, derived from SECRET_KEY, so no other signed value can pass as a token.
  const key = new Bun.CryptoHasher("sha256").update(`bothy:access:${secret}`).digest();
  return {
    sign: (claims: AccessClaims): Promise<string> =>
      new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.uid)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(key),
    verify: async (token: string): Promise<AccessClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        return typeof payload.sub === "string" ? { uid: payload.sub } : null;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;
