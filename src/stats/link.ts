// GET /api/link?url=…: how the dashboard follows an external link (a referrer is sent as
// "//{host}"). The dashboard's own click (Sec-Fetch-Site: same-origin) is redirected with no
// Referer, so the site linked to never learns the dashboard's address; any other request gets a
// page that names the target and links to it, so this is no open redirect for a stranger's link.
import { Elysia, t } from "elysia";
import { HttpError } from "../http/errors";

const NOT_A_LINK = "url must be an http(s) link or //host.";

const LinkQuery = t.Object({ url: t.String({ minLength: 3, maxLength: 2048, error: NOT_A_LINK }) });

/** The absolute http(s) URL of `url` ("//host/path" is taken as https), or null. */
function externalUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.startsWith("//") ? `https:${url}` : url);
  } catch {
    return null;
  }
  if ((parsed.protocol !== "https:" && parsed.protocol !== "http:") || !parsed.hostname.includes(".") || parsed.username || parsed.password) return null;
  return parsed.href;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const leaving = (href: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>Leaving Bothy</title></head>
<body><p>This link leads away from Bothy to:</p><p><a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${escapeHtml(href)}</a></p></body></html>`;

export const linkRoutes = () =>
  new Elysia({ name: "stats-link" }).get(
    "/api/link",
    ({ query, request }) => {
      const href = externalUrl(query.url);
      if (!href) throw new HttpError(400, NOT_A_LINK, { url: NOT_A_LINK });
      const headers = { "referrer-policy": "no-referrer", "cache-control": "no-store", "x-content-type-options": "nosniff" };
      if (request.headers.get("sec-fetch-site") === "same-origin") return new Response(null, { status: 302, headers: { ...headers, location: href } });
      return new Response(leaving(href), {
        headers: { ...headers, "content-type": "text/html; charset=utf-8", "content-security-policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'" },
      });
    },
    { query: LinkQuery, detail: { hide: true } },
  );
