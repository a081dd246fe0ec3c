// Checks every request Elysia serves passes before any room sees it, and the headers every answer
// gets: the Host must be this instance's when it listens beyond loopback (421), no string may carry
// a NUL (PostgreSQL refuses it in text), and the JSON API takes only JSON bodies (415) of at most
// API_BODY_LIMIT bytes (413). Routes that read their own body (parse: "none") call refuseNul. The beacons Bun serves natively (http/native-routes.ts) skip all this:
// they take text/plain from any site and check their own input.
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { tooLarge } from "./body";
import { HttpError } from "./errors";
import { isLoopback } from "../origin";

const API_BODY_LIMIT = 64 * 1024;

const API = /^\/api(\/|$)/;
// NOTE: Stripe's webhook events outgrow API_BODY_LIMIT; that route caps its raw body itself.
const OWN_LIMIT = new Set(["/api/stripe/webhook"]);
// NOTE: an import's upload is the exported file itself, of any type and up to 1 GB, chunked or not;
// that route reads, caps and hashes its body as it streams (src/imports/upload.ts). A server's
// access log lines are text, capped by their route (src/crawlers).
const OWN_BODY = new Set(["/api/imports", "/api/ingest/log"]);
// NOTE: orchestrators probe health by address (Docker's HEALTHCHECK asks 127.0.0.1), not by name;
// inspector workers reach the internal API by the app's service name (http://app:3000), with a
// bearer token and no cookie, so no browser's rebinding gains anything there.
const ANY_HOST = /^\/(healthz|readyz|internal\/inspect\/[^/]+(\/[a-z]+)?)$/;
const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

/** Throws 400 when a parsed body holds a NUL anywhere, in keys or values. */
export function refuseNul(value: unknown): void {
  if (holdsNul(value)) throw badInput();
}

const badInput = () => new HttpError(400, "The request contains a NUL character, which is not allowed");

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (value instanceof FormData) return [...value].some(([k, v]) => k.includes("\0") || (typeof v === "string" && v.includes("\0")));
  return Object.entries(value).some(([k, v]) => k.includes("\0") || holdsNul(v, depth + 1));
}

/** A body is coming when one is declared longer than zero, or, undeclared, when there is a stream. */
const hasBody = (request: Request) => {
  const declared = request.headers.get("content-length");
  return declared !== null ? Number(declared) > 0 : request.body !== null;
};

export const edgeChecks = ({ config, origin }: Pick<AppContext, "config" | "origin">) => {
  const checkHost = !isLoopback(config.HOST);
  const hsts = config.BASE_URL?.startsWith("https:") ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {};
  return new Elysia({ name: "edge" })
    .onRequest(({ request, set }) => {
      const url = new URL(request.url);
      Object.assign(set.headers, hsts, { "permissions-policy": PERMISSIONS_POLICY });
      const api = API.test(url.pathname);
      if (api) Object.assign(set.headers, { "x-content-type-options": "nosniff", "cache-control": "no-store" });
      if (checkHost && !ANY_HOST.test(url.pathname) && url.host !== new URL(origin.value).host) {
        throw new HttpError(421, `This server answers for ${new URL(origin.value).host} only`);
      }
      // TRICKY: the URL holds path and query still percent-encoded; %00 is how a NUL arrives there.
      if (/%00/i.test(url.pathname + url.search)) throw badInput();
      for (const [name, value] of request.headers) {
        if (value.includes("\0") || (name === "cookie" && /%00/i.test(value))) throw badInput();
      }
      if (api && hasBody(request) && !(request.method === "POST" && OWN_BODY.has(url.pathname))) {
        if (!JSON_TYPE.test(request.headers.get("content-type") ?? "")) {
          throw new HttpError(415, "Send the request body as JSON (Content-Type: application/json)");
        }
        if (!OWN_LIMIT.has(url.pathname) && Number(request.headers.get("content-length") ?? 0) > API_BODY_LIMIT) throw tooLarge(API_BODY_LIMIT);
        // TRICKY: a chunked body could only be capped while it is parsed, and a global parse hook
        // breaks the routes that read their own body (parse: "none"); so the API wants a length.
        if (request.headers.has("transfer-encoding")) throw new HttpError(411, "Send the request body with a Content-Length");
      }
    })
    .onBeforeHandle({ as: "global" }, ({ body }) => refuseNul(body));
};
