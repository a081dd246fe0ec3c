// Token material: opaque random tokens (stored only as SHA-256 hashes) and short-lived signed
// access tokens for API clients (HS256 JWT through @elysiajs/jwt, sent as `x-access-token`). An
// access token carries its user's token epoch; the user's current epoch is checked on each request.
import { jwt } from "@elysiajs/jwt";
import { t } from "elysia";

export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** 256 random bits, URL-safe. */
export const randomToken = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");

export const hashToken = (token: string): Buffer => Buffer.from(new Bun.CryptoHasher("sha256").update(token).digest());

type AccessClaims = { uid: string; epoch: number };

export function accessTokens(secret: string) {
  // NOTE: a key of its own, derived from SECRET_KEY, so no other signed value can pass as a token.
  const key = new Uint8Array(new Bun.CryptoHasher("sha256").update(`bothy:access:${secret}`).digest());
  const signer = jwt({
    name: "access",
    secret: key,
    alg: "HS256",
    exp: `${ACCESS_TOKEN_SECONDS}s`,
    schema: t.Object({ sub: t.String(), ep: t.Integer({ minimum: 0 }) }),
  }).decorator.access;
  return {
    sign: (claims: AccessClaims): Promise<string> => signer.sign({ sub: claims.uid, ep: claims.epoch, iat: true }),
    verify: async (token: string): Promise<AccessClaims | null> => {
      const payload = await signer.verify(token, { algorithms: ["HS256"] });
      return payload ? { uid: payload.sub, epoch: payload.ep } : null;
    },
  };
}
