// The cryptography of two-factor sign-in, without storage: TOTP secrets (RFC 6238: SHA-1, 6 digits,
// 30 s steps, as every authenticator app reads them), their encryption at rest, code checks that
// say which step matched (so a code can be refused the second time), and recovery codes.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

const PERIOD_S = 30;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Recovery codes per set; a new set replaces the old one. */
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

const totpOf = (secret: string, label = "") => new TOTP({ issuer: "Bothy", label, secret: Secret.fromBase32(secret), period: PERIOD_S });

/** A new random secret (160 bits, base32 as typed into an app by hand). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an app scans, and the same as an SVG QR code (a data: URI for an <img>). */
export async function enrolment(secret: string, email: string) {
  const uri = totpOf(secret, email).toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/**
 * The 30 s step a 6-digit code belongs to, or null when it matches none.
 * NOTE: one step either side is accepted, for phones whose clock is a little off; the caller
 * refuses any step not newer than the last one used.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

// NOTE: a key of its own, derived from SECRET_KEY, so no other use of the secret shares it.
const keyOf = (secret: string) => createHash("sha256").update(`bothy:totp:${secret}`).digest();

/** AES-256-GCM: iv, tag and ciphertext in one buffer. */
export function sealSecret(key: string, totpSecret: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(key), iv);
  const body = Buffer.concat([cipher.update(totpSecret, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The secret sealed by sealSecret, or null when SECRET_KEY changed since (it cannot be read). */
export function openSecret(key: string, sealed: Buffer): string | null {
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(key), sealed.subarray(0, IV_BYTES));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** Ten codes like "k7m2p-xq9ra-3bnwt": 15 letters of 31, about 74 bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const letters = [...randomBytes(15)].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
    return `${letters.slice(0, 5)}-${letters.slice(5, 10)}-${letters.slice(10)}`;
  });
}

/** What is stored of a recovery code: typed in any case, with or without its dashes and spaces. */
export const recoveryHash = (code: string): Buffer => createHash("sha256").update(code.toLowerCase().replace(/[\s-]/g, "")).digest();
