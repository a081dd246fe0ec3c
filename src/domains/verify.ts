// Proof that someone controls a domain: its home page carries <meta name="bothy-verify"
// content="{token}">, the token being the one Bothy shows that account for that domain. Chosen over
// a DNS record because anyone who can add our script tag can add a meta tag beside it, with no DNS
// access. The page is fetched by the server through the inspector's SSRF guard: https://{domain}/
// first, then http://, each with one short deadline and a byte cap.
import type { Config } from "../config";
import { guardedGetter } from "../inspect";

const VERIFY_META = "bothy-verify";

/** The tag the owner pastes into the <head> of their home page. */
export const verifyTag = (token: string) => `<meta name="${VERIFY_META}" content="${token}">`;

const TIMEOUT_MS = 5000;
// NOTE: the tag belongs in <head>; half a megabyte is far more than any head.
const MAX_BYTES = 512 * 1024;
const MAX_REDIRECTS = 3;

/** The contents of every bothy-verify meta tag in the HTML, in order. */
export function verifyTokensIn(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = new Map<string, string>();
    for (const m of tag.matchAll(/([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
      attrs.set(m[1]!.toLowerCase(), (m[2] ?? m[3] ?? m[4] ?? "").trim());
    }
    if (attrs.get("name")?.toLowerCase() === VERIFY_META && attrs.has("content")) found.push(attrs.get("content")!);
  }
  return found;
}

type Proof = { ok: true } | { ok: false; message: string };

/** Same site: the domain itself or its www./bare twin. A redirect elsewhere proves nothing. */
const sameSite = (domain: string, host: string) =>
  host === domain || host === `www.${domain}` || `www.${host}` === domain;

export function homePageProver(config: Config) {
  const get = guardedGetter(config);
  const httpPort = config.DOMAIN_VERIFY_HTTP_PORT;
  /** An http:// address on the port the look-up uses for http (80 outside tests). */
  const onHttpPort = (url: URL) => {
    if (url.protocol === "http:" && !url.port && httpPort !== 80) url.port = String(httpPort);
    return url;
  };

  /** The page at `start` (redirects within the site followed), or why it could not be read. */
  const page = async (start: URL, deadline: number, domain: string): Promise<{ ok: true; html: string } | { ok: false; message: string }> => {
    let url = start;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const timeoutMs = deadline - Date.now();
      if (timeoutMs <= 0) return { ok: false, message: "no answer in time" };
      const got = await get(url, { timeoutMs, maxBytes: MAX_BYTES });
      if (!got.ok) return got;
      if (got.status >= 300 && got.status < 400 && got.location) {
        let next: URL;
        try {
          next = new URL(got.location, url);
        } catch {
          return { ok: false, message: "a redirect to a bad address" };
        }
        if (!sameSite(domain, next.hostname)) return { ok: false, message: `a redirect to ${next.hostname}` };
        url = onHttpPort(next);
        continue;
      }
      if (got.status !== 200) return { ok: false, message: `HTTP ${got.status}` };
      return { ok: true, html: got.body };
    }
    return { ok: false, message: "too many redirects" };
  };

  return {
    /** Whether https://{domain}/ (or else http://{domain}/) carries the token. */
    async prove(domain: string, token: string): Promise<Proof> {
      const deadline = Date.now() + TIMEOUT_MS;
      const problems: string[] = [];
      for (const start of [new URL(`https://${domain}/`), onHttpPort(new URL(`http://${domain}/`))]) {
        const got = await page(start, deadline, domain);
        if (got.ok && verifyTokensIn(got.html).includes(token)) return { ok: true };
        problems.push(got.ok ? `no tag with this domain's token on ${start.protocol}//${domain}/` : `${start.protocol}//${domain}/: ${got.message}`);
      }
      return { ok: false, message: problems.join("; ") };
    },
  };
}
