// The signed links of the report mails: confirming an added address and unsubscribing. A link is
// "{recipient id}.{HMAC of purpose, id and address}", so nothing is stored for it, a link for one
// purpose never works for the other, and removing an address (or re-adding it, with a new id) kills
// its old links. The key is derived from SECRET_KEY for this use only.
import { createHmac, timingSafeEqual } from "node:crypto";

export type LinkPurpose = "confirm" | "unsubscribe";

/** The shape of a link token, for the routes' schemas; nine digits stay inside the int ids. */
export const TOKEN_PATTERN = "^[0-9]{1,9}\\.[A-Za-z0-9_-]{43}$";

export function reportLinks(secret: string) {
  const key = createHmac("sha256", "bothy:reports").update(secret).digest();
  const mac = (purpose: LinkPurpose, id: number, email: string) =>
    createHmac("sha256", key).update(`${purpose}\n${id}\n${email.toLowerCase()}`).digest();
  return {
    token: (purpose: LinkPurpose, id: number, email: string): string => `${id}.${mac(purpose, id, email).toString("base64url")}`,
    /** The recipient id a token names; check it with `matches` once the recipient is read. */
    idOf: (token: string): number => Number(token.slice(0, token.indexOf("."))),
    matches(token: string, purpose: LinkPurpose, recipient: { id: number; email: string }): boolean {
      const given = Buffer.from(token.slice(token.indexOf(".") + 1), "base64url");
      const expected = mac(purpose, recipient.id, recipient.email);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type ReportLinks = ReturnType<typeof reportLinks>;
