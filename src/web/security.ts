// Security headers for pages and the checks on the server-action endpoint: a per-response CSP
// nonce for the inline shim and flight scripts, same-origin POSTs only, and a body size cap.
import { readCappedText, tooLarge } from "../http/body";
import { refuseNul } from "../http/edge";
import { HttpError } from "../http/errors";
export { loadsStripe } from "./client/policies";

const ACTION_BODY_LIMIT = 1024 * 1024;

export const newNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");

/** Headers on every page and flight response. */
export const BASE_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
} as const;

/** `inlineStyles` only for a page whose bundled third-party code writes style elements and
 * attributes that cannot carry a nonce (the API reference); scripts stay nonce-only everywhere.
 * `stripe` adds what Stripe.js needs: its script, its card frames and its API. */
function contentSecurityPolicy(nonce: string, dev: boolean, inlineStyles = false, stripe = false, framers: string[] = []): string {
  return [
    "default-src 'self'",
    // NOTE: React's development client rebuilds server stacks with eval; production never does.
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}${stripe ? " https://js.stripe.com" : ""}`,
    inlineStyles ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    `img-src 'self' data:${stripe ? " https://*.stripe.com" : ""}`,
    "font-src 'self'",
    `connect-src 'self'${stripe ? " https://api.stripe.com" : ""}`,
    ...(stripe ? ["frame-src https://js.stripe.com https://hooks.stripe.com"] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // NOTE: no page may be framed but one whose `framers` the product names (an embeddable public dashboard's sites).
    `frame-ancestors ${framers.length ? framers.join(" ") : "'none'"}`,
  ].join("; ");
}

export const htmlHeaders = (nonce: string, dev: boolean, inlineStyles = false, stripe = false, framers: string[] = []) => ({
  ...BASE_HEADERS,
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": contentSecurityPolicy(nonce, dev, inlineStyles, stripe, framers),
  "cache-control": "no-store",
});

/** Throws 403 unless the request's Origin is this site (CSRF: a form on another site posting here). */
export function checkOrigin(request: Request, ownOrigin: string) {
  const origin = request.headers.get("origin");
  if (origin !== ownOrigin) throw new HttpError(403, "Cross-origin requests may not call server actions");
}

/** Reads a request body as text or multipart, refusing anything over `limit` bytes with a 413. */
export async function readCappedBody(request: Request, limit = ACTION_BODY_LIMIT): Promise<string | FormData> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    if (!Number.isFinite(declared)) throw new HttpError(400, "Multipart bodies need a Content-Length");
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new HttpError(400, "The multipart body could not be parsed");
    }
    refuseNul(form);
    return form;
  }
  const text = await readCappedText(request, limit);
  refuseNul(text);
  return text;
}
