// CSRF defence for state-changing requests: a browser always says where a request comes from
// (Origin, or Sec-Fetch-Site), and we refuse any that is not this site. Clients that are not
// browsers send neither and authenticate with x-access-token, which a browser never adds by itself.
import { HttpError } from "../http/errors";

/** `origin` is this instance's configured origin (src/origin.ts), never one read from the request. */
export function assertSameOrigin(request: Request, origin: string): void {
  const sent = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  const ok = sent !== null ? sent === origin : site === null || site === "same-origin" || site === "none";
  if (!ok) throw new HttpError(403, "Cross-origin requests are not allowed here.");
}

/**
 * Whether a browser sent this request: browsers add Origin or Sec-Fetch-Site themselves, and no
 * page script can remove them.
 */
export const sentByBrowser = (request: Request): boolean =>
  request.headers.has("origin") || request.headers.has("sec-fetch-site");
