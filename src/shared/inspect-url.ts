// The inspector's rule for addresses: turns what a visitor typed into the one URL string we
// inspect, cache and keep history under. Browser-safe, for the inspect room and its page alike.
// Parsers return values, not exceptions: {ok:true,…} | {ok:false,error} quoting the bad input.

/**
 * The private marker: a page URL containing it is never inspected. Exported for the
 * inspect page, which refuses it client-side with the same words.
 * NOTE: 🔒 was chosen because no public URL needs it.
 */
export const PRIVATE_MARKER = "🔒";

const MAX_URL_LENGTH = 2048;

/** Where a result's Open Graph image is served: `${CARD_PATH}?url=` and the normalised URL. */
export const CARD_PATH = "/api/inspect-card.png";

export type Target = { url: string; hostname: string; port: number };
type Parsed = { ok: true; value: Target } | { ok: false; error: string; private?: true };

export function hasPrivateMarker(raw: string): boolean {
  if (raw.includes(PRIVATE_MARKER)) return true;
  try {
    return decodeURIComponent(raw).includes(PRIVATE_MARKER);
  } catch {
    return false;
  }
}

/** "Example.com/a?b#c" → "https://example.com/a?b": scheme defaulted, host lowercased, fragment dropped. */
export function normaliseUrl(raw: string): Parsed {
  const input = raw.trim();
  if (hasPrivateMarker(input)) return { ok: false, error: "private", private: true };
  if (!input) return { ok: false, error: "Enter the address of a page to inspect" };
  if (input.length > MAX_URL_LENGTH) return { ok: false, error: `The address is longer than ${MAX_URL_LENGTH} characters` };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(input) && !/^[^:/]+:\d+(\/|$)/.test(input) ? input : `https://${input}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return { ok: false, error: `"${input}" is not a web address` };
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    return { ok: false, error: `Only http and https pages can be inspected, not ${u.protocol.slice(0, -1)}` };
  }
  if (!u.hostname) return { ok: false, error: `"${input}" has no host name` };
  if (u.username || u.password) return { ok: false, error: "Addresses with a user name or password cannot be inspected" };
  u.hash = "";
  const port = u.port ? Number(u.port) : u.protocol === "https:" ? 443 : 80;
  return { ok: true, value: { url: u.href, hostname: u.hostname.replace(/^\[|\]$/g, ""), port } };
}
