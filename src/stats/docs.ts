// The API reference at /api/docs: the OpenAPI JSON from @elysiajs/openapi at /api/docs/json, and a
// page of our own that runs the pinned @scalar/api-reference bundle from this origin, under the same
// Content-Security-Policy as every page. The plugin's own page loads Scalar from a CDN; ours loads
// nothing from any other origin (no CDN, no web fonts, no request proxy).
import { openapi } from "@elysiajs/openapi";
import { Elysia } from "elysia";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Config } from "../config";
import { sessionCookieName } from "../auth";
import { htmlHeaders, newNonce } from "../web";
import { STATS_SCHEMAS } from "./doc-schemas";

const DOC_TAGS = [
  { name: "Stats", description: "Dashboard numbers: SUMMARY, PATH (pages, energy, events), REF (referrers, campaigns, posts) and GOALS (the domain's goals and their conversions), SPEED (web vitals per page and day), and the realtime stream of the last 30 minutes." },
  { name: "Dashboard", description: "Helpers the dashboard calls." },
  { name: "Goals", description: "A domain's goals and funnels, kept by its owner." },
  { name: "Sites", description: "Your domains: list, add, change settings and embedding, delete, and manage their teams (Pro API key)." },
  { name: "Webhooks", description: "Where a domain's alerts also go: Slack incoming webhooks or signed JSON POSTs (signed-in session only)." },
  { name: "Imports", description: "History imported from another analytics tool's export: upload, follow, list, delete." },
];

const INFO = {
  title: "Bothy API",
  version: "1",
  description:
    "The numbers behind every Bothy dashboard. Pro accounts read their own domains with an API key " +
    "(Settings → API keys) sent as `Authorization: Bearer bothy_…`, at most API_RATE_LIMIT requests " +
    "per key and hour (then 429 with Retry-After). Days are local days of the domain's time zone.",
};

// TRICKY: the package exports neither its browser bundle nor package.json; its stylesheet is
// exported, and the bundle sits beside it in dist/.
const SCALAR_DIST = dirname(createRequire(import.meta.url).resolve("@scalar/api-reference/style.css"));
const SCALAR_FILE = join(SCALAR_DIST, "browser", "standalone.js");
const SCALAR_VERSION: string = JSON.parse(readFileSync(join(SCALAR_DIST, "..", "package.json"), "utf8")).version;
/** Versioned, so the bundle can be cached for a year and a new version is a new URL. */
const SCALAR_PATH = `/api/docs/scalar-${SCALAR_VERSION}.js`;

/** What the page asks of Scalar: our JSON, and no request to Scalar's own servers. */
const SCALAR_CONFIG = {
  url: "/api/docs/json",
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  telemetry: false,
};

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/</g, "&lt;");

// NOTE: Scalar (Vue, unhead, CodeMirror) writes <style> elements and style attributes that no
// nonce can cover, so this page's CSP allows inline styles; inline CSS runs no script, and
// script-src is the pages' own: this origin and this response's nonce, nothing else.
const page = (nonce: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${INFO.title} reference</title>
<meta name="description" content="The Bothy stats API: endpoints, parameters and answers.">
<link rel="icon" href="data:,">
</head>
<body>
<script id="api-reference" type="application/json" data-configuration='${escapeAttr(JSON.stringify(SCALAR_CONFIG))}'></script>
<script src="${SCALAR_PATH}" nonce="${nonce}"></script>
</body>
</html>`;

/** The bundle, gzipped once on first use: 4 MB of JavaScript costs one compression, not one per request. */
let bundle: { raw: Blob; gzip: Blob } | undefined;
const scalarBundle = () => {
  if (!bundle) {
    const raw = new Uint8Array(readFileSync(SCALAR_FILE));
    bundle = { raw: new Blob([raw]), gzip: new Blob([Bun.gzipSync(raw, { level: 6 })]) };
  }
  return bundle;
};

const serveBundle = (request: Request) => {
  const { raw, gzip } = scalarBundle();
  const gz = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  return new Response(gz ? gzip : raw, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      vary: "accept-encoding",
      ...(gz ? { "content-encoding": "gzip" } : {}),
    },
  });
};

/** The OpenAPI JSON at /api/docs/json and the reference page at /api/docs; one per app. */
export const apiDocs = (config: Config) =>
  new Elysia({ name: "api-docs" })
    .use(
      openapi({
        path: "/api/docs",
        // NOTE: no provider: the plugin's page would load Scalar from a CDN; ours is served below.
        provider: null,
        documentation: {
          info: INFO,
          tags: DOC_TAGS,
          components: {
            schemas: STATS_SCHEMAS,
            securitySchemes: {
              apiKey: { type: "http", scheme: "bearer", description: "A Pro API key: bothy_ followed by 43 characters." },
              session: { type: "apiKey", in: "cookie", name: sessionCookieName(config), description: "The signed-in browser's session." },
            },
          },
        },
        // NOTE: the page documents the public API only (what a Pro key reads and writes: stats, goals and
        // funnels, imports, sites) and a domain's webhooks; sign-in, collection and the pages are not for API clients.
        exclude: { paths: [/^(?!\/api\/(stats|stats-public|get-tweet|realtime|imports(\/[^/]+)?|sites(\/[^/]+(\/members(\/[^/]+)?)?)?|domains\/[^/]+\/(goals|funnels)(\/[^/]+)?|domains\/[^/]+\/webhooks(\/[^/]+(\/test)?)?)$)/] },
      }),
    )
    .get(
      "/api/docs",
      () => {
        const nonce = newNonce();
        return new Response(page(nonce), { headers: htmlHeaders(nonce, config.NODE_ENV === "development", true) });
      },
      { detail: { hide: true } },
    )
    .get(SCALAR_PATH, ({ request }) => serveBundle(request), { detail: { hide: true } });
