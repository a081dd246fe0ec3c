// SCRAM-SHA-256 (RFC 5802, RFC 7677), the server's side as PostgreSQL speaks it: the client proves
// it knows the password without sending it, so whatever answers on the port never learns it.
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

export const SCRAM_MECHANISM = "SCRAM-SHA-256";
const ITERATIONS = 4096;

export type ScramKeys = { salt: Buffer; storedKey: Buffer; serverKey: Buffer };

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();
const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();

/** The verifier a server keeps for `password`: computed once, since PBKDF2 is slow on purpose. */
export function scramKeys(password: string): ScramKeys {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, ITERATIONS, 32, "sha256");
  return { salt, storedKey: sha256(hmac(salted, "Client Key")), serverKey: hmac(salted, "Server Key") };
}

/**
 * One client's exchange. `first` takes the client-first-message and returns the server-first one;
 * `final` takes the client-final-message and returns the server-final one. Either returns null
 * when the message is malformed or the proof is wrong.
 */
export function scramExchange(keys: ScramKeys) {
  let state: { gs2: string; clientFirstBare: string; serverFirst: string; nonce: string } | null = null;
  return {
    first(clientFirst: string): string | null {
      // gs2 header ("n,," or "y,,": no channel binding), then "n=user,r=nonce[,extensions]"
      const m = /^([ny],[^,]*,)(n=[^,]*,r=([!-+--~]+)(?:,.*)?)$/.exec(clientFirst);
      if (!m) return null;
      const nonce = m[3]! + randomBytes(18).toString("base64");
      const serverFirst = `r=${nonce},s=${keys.salt.toString("base64")},i=${ITERATIONS}`;
      state = { gs2: m[1]!, clientFirstBare: m[2]!, serverFirst, nonce };
      return serverFirst;
    },
    final(clientFinal: string): string | null {
      const m = /^(c=([^,]*),r=([^,]*)(?:,.*)?),p=([A-Za-z0-9+/=]+)$/.exec(clientFinal);
      if (!state || !m) return null;
      if (m[2] !== Buffer.from(state.gs2).toString("base64") || m[3] !== state.nonce) return null;
      const authMessage = `${state.clientFirstBare},${state.serverFirst},${m[1]}`;
      const proof = Buffer.from(m[4]!, "base64");
      const signature = hmac(keys.storedKey, authMessage);
      if (proof.length !== signature.length) return null;
      const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]!));
      if (!timingSafeEqual(sha256(clientKey), keys.storedKey)) return null;
      return `v=${hmac(keys.serverKey, authMessage).toString("base64")}`;
    },
  };
}
