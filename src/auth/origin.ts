// CSRF defence for state-changing requests: a browser always says where a request comes from
// (Origin, or Sec-Fetch-Site), and we refuse any that is not this site. Clients that are not
// browsers send neither and authenticate with x-access-token, which a browser never adds by itself.
import { HttpError } from "../http/errors";

export const expectedOrigin = (request: Request, baseUrl: string | undefined) =>
  baseUrl ? new URL(baseUrl).origin : new URL(request.url).origin;

export function assertSameOrigin(request: Request, baseUrl: string | undefined): void {
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  const ok = origin !== null ? origin === expectedOrigin(request, baseUrl) : site === null || site === "same-origin" || site === "none";
  if (!ok) throw new HttpError(403, "Cross-origin requests are not allowed here.");
}
