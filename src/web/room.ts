// The pages room: every GET that no other room answers is a page, rendered as React Server
// Components and streamed as HTML. Also serves the built assets, the flight payloads that client
// navigation fetches (/__rsc/<path>), server actions (/__action) and, in development, reloads.
import { Elysia } from "elysia";
import { join, normalize } from "node:path";
import type { AppContext } from "../context";
import { errorBody, HttpError, UNAVAILABLE_RETRY_S, type ErrorStatus } from "../http/errors";
import { log } from "../log";
import { bundleSource, type Bundles } from "./bundles";
import { nobodySignedIn, type CurrentUserProvider } from "./current-user";
import type { PageServices } from "./page";
import { BASE_HEADERS, checkOrigin, htmlHeaders, loadsStripe, newNonce, readCappedBody } from "./security";
import { SHIM } from "./shim";

/** Paths that moved: answered with a redirect before any routing or rendering. */
export type Redirects = Record<string, { to: string; permanent: boolean }>;

/** What the product tells the framework; the framework knows nothing of plans, demos or old URLs. */
export type WebOptions = {
  currentUser?: CurrentUserProvider;
  /** Beta mode: pages with a `beta` guard show or hide themselves. */
  beta?: boolean;
  /** The demo domain anyone may view, handed to pages; null when there is none. */
  demo?: string | null;
  redirects?: Redirects;
  /** What pages may call on the rooms (PageProps.services). */
  services: PageServices;
  /** The origins that may frame the page at this path (its CSP frame-ancestors); none for every page when absent. */
  framers?: (pathname: string) => Promise<string[]>;
  /** Tests: their own build folder, and a site module with extra routes. */
  outdir?: string;
  site?: string;
};

const FLIGHT = "text/x-component; charset=utf-8";
// Paths that are never pages: other rooms' namespaces answer JSON 404s for unknown paths.
const NOT_PAGES = /^\/(?:api|assets|__[a-z]+)(?:\/|$)/;

const describe = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err));
const report = (err: unknown) => log.error("render error", { error: describe(err) });

const FALLBACK_HTML = (status: number) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error ${status}</title></head><body><main><h1>An error occurred while showing the error page</h1><p><a href="/">Go back home</a></p></main></body></html>`;

export function webRoom(ctx: AppContext, opts: WebOptions) {
  const dev = ctx.config.NODE_ENV === "development";
  const bundles = bundleSource({ mode: dev ? "development" : "production", outdir: opts.outdir, site: opts.site });
  ctx.lifecycle.onShutdown("web-watch", () => bundles.close());
  const currentUser = opts.currentUser ?? nobodySignedIn;
  const beta = opts.beta ?? false;
  const demo = opts.demo ?? null;
  const redirects = opts.redirects ?? {};
  const shim = dev ? `globalThis.__BOTHY_DEV__=true;${SHIM}` : SHIM;

  async function renderInput(request: Request, url: URL, b: Bundles) {
    // NOTE: when the signed-in user cannot be read (the database is down), the page renders as its
    // error page for nobody (a 503 says "try again"), not as a bare 500 from outside the renderer.
    const user = await currentUser(request).then(
      (u) => ({ u, error: undefined }),
      (error: unknown) => ({ u: null, error }),
    );
    return {
      ...(user.error === undefined ? {} : { error: user.error }),
      pathname: url.pathname,
      search: url.search,
      origin: ctx.origin.value,
      user: user.u,
      beta,
      selfTracking: ctx.config.SELF_TRACKING === "on",
      demo,
      services: opts.services,
      dev,
      report,
      notice: (message: string, fields: Record<string, string | number>) => log.warn(message, fields),
      // NOTE: React preloads the bootstrap itself.
      assets: { css: b.manifest.css, preload: b.manifest.preload.filter((u) => u !== b.manifest.bootstrap) },
    };
  }

  // NOTE: a 503 page (the database is down) tells clients and proxies when to come back.
  const pageHeaders = (status: number, nonce: string, stripe = false, framers: string[] = []) => {
    const headers = htmlHeaders(nonce, dev, false, stripe, framers);
    return status === 503 ? { ...headers, "retry-after": String(UNAVAILABLE_RETRY_S) } : headers;
  };
  const fallback = (status: number, nonce: string) => new Response(FALLBACK_HTML(status), { status, headers: htmlHeaders(nonce, dev) });

  function redirectFor(url: URL): { location: string; status: number } | null {
    const r = redirects[url.pathname];
    return r ? { location: r.to + url.search, status: r.permanent ? 301 : 302 } : null;
  }

  async function page(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (NOT_PAGES.test(url.pathname)) return Response.json(errorBody(404, "Not found"), { status: 404, headers: BASE_HEADERS });
    const moved = redirectFor(url);
    if (moved) return new Response(null, { status: moved.status, headers: { ...BASE_HEADERS, location: moved.location } });
    const b = await bundles.current();
    const input = await renderInput(request, url, b);
    const nonce = newNonce();
    const html = (flight: ReadableStream<Uint8Array>) =>
      b.ssr.renderHtml(flight, { ssrManifest: b.manifest.ssrManifest, bootstrap: b.manifest.bootstrap, chunksOf: b.manifest.chunksOf, shim, nonce, report });
    let status = 500;
    let erroring = false; // true once the route rendered as the error page (status ≥ 400)
    try {
      const r = await b.rsc.renderRsc(input, b.manifest.clientManifest);
      if (r.kind === "redirect") return new Response(null, { status: 302, headers: { ...BASE_HEADERS, location: r.location } });
      status = r.status;
      erroring = status >= 400;
      // NOTE: only a page that rendered may be framed; its error page (a 404 public dashboard) may not.
      const framers = status === 200 && opts.framers ? await opts.framers(url.pathname) : [];
      return new Response(await html(r.stream), { status, headers: pageHeaders(status, nonce, loadsStripe(url.pathname), framers) });
    } catch (err) {
      // The HTML shell failed (an error below the page component): show the error page instead,
      // unless that was the error page already (every non-200 render is), then the fallback.
      log.error("page failed", { path: url.pathname, error: describe(err) });
      if (erroring) return fallback(status, nonce);
      try {
        const r = await b.rsc.renderRsc({ ...input, error: err }, b.manifest.clientManifest);
        if (r.kind !== "flight") throw new Error("the error page redirected", { cause: err });
        status = r.status;
        return new Response(await html(r.stream), { status, headers: pageHeaders(status, nonce) });
      } catch (again) {
        log.error("error page failed", { error: describe(again) });
        return fallback(status, nonce);
      }
    }
  }

  async function flight(request: Request): Promise<Response> {
    const url = new URL(request.url);
    url.pathname = url.pathname.replace(/^\/__rsc/, "") || "/";
    // NOTE: client navigation follows redirects itself (fetch would lose the final page URL).
    const redirect = (location: string) => new Response(null, { status: 204, headers: { ...BASE_HEADERS, "x-redirect": location } });
    const moved = redirectFor(url);
    if (moved) return redirect(moved.location);
    const b = await bundles.current();
    const r = await b.rsc.renderRsc(await renderInput(request, url, b), b.manifest.clientManifest);
    if (r.kind === "redirect") return redirect(r.location);
    return new Response(r.stream, { status: r.status, headers: { ...BASE_HEADERS, "content-type": FLIGHT, "cache-control": "no-store" } });
  }

  async function asset(path: string, request: Request): Promise<Response> {
    const b = await bundles.current();
    const root = join(b.dir, "client");
    const file = normalize(join(root, path));
    // NOTE: a name over 255 bytes is none of ours, and the file system would refuse it (ENAMETOOLONG).
    if (!file.startsWith(`${root}/`) || file.endsWith(".gz") || path.split("/").some((part) => Buffer.byteLength(part) > 255)) return new Response("Not found", { status: 404 });
    const plain = Bun.file(file);
    if (!(await plain.exists())) return new Response("Not found", { status: 404, headers: BASE_HEADERS });
    const headers: Record<string, string> = {
      ...BASE_HEADERS,
      "content-type": plain.type,
      // NOTE: every asset name carries a content hash, so it may be cached forever.
      "cache-control": "public, max-age=31536000, immutable",
      vary: "accept-encoding",
    };
    const gz = Bun.file(`${file}.gz`);
    if (/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "") && (await gz.exists())) {
      return new Response(gz, { headers: { ...headers, "content-encoding": "gzip" } });
    }
    return new Response(plain, { headers });
  }

  async function action(request: Request): Promise<Response> {
    checkOrigin(request, ctx.origin.value);
    const id = request.headers.get("rsc-action");
    if (!id) throw new HttpError(400, "Missing rsc-action header");
    const body = await readCappedBody(request);
    const b = await bundles.current();
    let stream: ReadableStream<Uint8Array>;
    try {
      stream = await b.rsc.callAction(id, body, b.manifest.clientManifest);
    } catch (err) {
      // TRICKY: the RSC bundle has its own copy of HttpError, so `instanceof` fails out here.
      const e = err as { name?: string; status?: ErrorStatus; message?: string };
      if (e?.name === "HttpError" && e.status) throw new HttpError(e.status, e.message ?? "");
      throw err;
    }
    return new Response(stream, { headers: { ...BASE_HEADERS, "content-type": FLIGHT, "cache-control": "no-store" } });
  }

  const app = new Elysia({ name: "web" })
    .get("/assets/*", ({ params, request }) => asset(params["*"], request))
    .get("/__rsc/*", ({ request }) => flight(request))
    .post("/__action", ({ request }) => action(request), { parse: "none" })
    .get("/*", ({ request }) => page(request));
  if (dev) app.get("/__dev/events", () => devEvents(bundles.onReload));
  return app;
}

/** Server-sent events: one "reload" message after each development rebuild. */
function devEvents(onReload: (l: () => void) => () => void): Response {
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(": connected\n\n"));
      stop = onReload(() => controller.enqueue(new TextEncoder().encode("data: reload\n\n")));
    },
    cancel: () => stop(),
  });
  return new Response(stream, { headers: { "content-type": "text/event-stream", "cache-control": "no-store" } });
}
