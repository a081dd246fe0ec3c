// The RSC bundle's entry (built with the react-server condition): picks the route, applies its
// guards, renders page + layout + document to a flight stream, and calls registered server actions.
import { Fragment, type ReactNode } from "react";
import { decodeReply, renderToReadableStream } from "react-server-dom-webpack/server";
import "virtual:server-actions";
import { site } from "virtual:site";
import { HttpError } from "../http/errors";
import { Document, type Assets } from "./document";
import { NOT_FOUND_MESSAGE, PageRedirect, toPageError, type PageError } from "./errors";
import { checkGuards, type SessionUser } from "./guards";
import type { Head, PageMeta, PageServices } from "./page";
import { matchRoute } from "./router";

export type RenderRequest = {
  pathname: string;
  search: string;
  /** Origin for canonical and Open Graph URLs: the configured one, never the request's. */
  origin: string;
  user: SessionUser | null;
  beta: boolean;
  /** The product's own pages carry the tracker (SELF_TRACKING). */
  selfTracking: boolean;
  /** The demo domain (config DEMO_DOMAIN), or null. */
  demo?: string | null;
  services: PageServices;
  dev: boolean;
  assets: Assets;
  /** Render the error page for this instead of the route (the HTML shell failed). */
  error?: unknown;
  /** The host's logger: this bundle has its own module copies, so it cannot share the host's. */
  report: (err: unknown) => void;
  /** A notice for the developer (logged as a warning); sent in development only. */
  notice?: (message: string, fields: Record<string, string | number>) => void;
};

export type RenderResult =
  | { kind: "redirect"; location: string }
  | { kind: "flight"; status: number; stream: ReadableStream<Uint8Array> };

type ClientManifest = Record<string, unknown>;

/** Titles longer than this are cut in search results. */
const TITLE_MAX = 60;

// NOTE: search engines cut titles past about 60 characters; development says so, production stays quiet.
function noticeLongTitle(req: RenderRequest, head: Head): void {
  if (req.dev && head.title.length > TITLE_MAX) req.notice?.("page title over 60 characters", { path: req.pathname, title: head.title, length: head.title.length });
}

export async function renderRsc(req: RenderRequest, clientManifest: ClientManifest): Promise<RenderResult> {
  const match = req.error === undefined ? matchRoute(site.routes, req.pathname) : null;
  let failure: PageError | undefined = req.error === undefined ? undefined : toPageError(req.error, req.dev);
  let body: ReactNode = null;
  let meta: Pick<PageMeta, "head" | "layout" | "theme"> = site.errorPage;
  let tracking = false;
  let ownHead: Head | null = null;

  if (match && !failure) {
    try {
      const outcome = checkGuards(match.route.meta.guards, req);
      if (outcome.kind === "redirect") return { kind: "redirect", location: outcome.location };
      if (outcome.kind === "render") {
        tracking = outcome.tracking && req.selfTracking;
        meta = match.route.meta;
        const Page = match.route.default;
        // NOTE: called here, not as <Page/>, so an error thrown by the page becomes a real 500
        // before any byte is sent. Errors deeper down surface in the HTML shell (see ssr-entry).
        const props = { params: match.params, searchParams: new URLSearchParams(req.search), user: req.user, beta: req.beta, origin: req.origin, demo: req.demo ?? null, services: req.services };
        body = await Page(props);
        ownHead = match.route.head?.(props) ?? null;
      } else failure = { status: 404, message: NOT_FOUND_MESSAGE };
    } catch (err) {
      if (err instanceof PageRedirect) return { kind: "redirect", location: err.location };
      failure = toPageError(err, req.dev);
      meta = site.errorPage;
      if (failure.status >= 500) req.report(err);
    }
  } else failure ??= { status: 404, message: NOT_FOUND_MESSAGE };

  if (failure) {
    const ErrorPage = site.errorPage.component;
    body = <ErrorPage status={failure.status} message={failure.message} />;
  }
  const Layout = site.layouts[meta.layout];
  if (!Layout) throw new HttpError(500, `Unknown layout "${meta.layout}"`);
  const head = (!failure && ownHead) || (site.head[meta.head] ?? { title: "Bothy", description: "" });
  noticeLongTitle(req, head);
  const url = req.origin + (head.path ?? req.pathname);
  const root = (
    <Document head={head} url={url} image={head.image && req.origin + head.image} assets={req.assets} theme={meta.theme ?? "light"} tracking={tracking}>
      <Layout pathname={req.pathname} user={req.user} beta={req.beta}>
        {/* NOTE: keyed by path so client state inside a page resets when the path changes. */}
        <Fragment key={req.pathname}>{body}</Fragment>
      </Layout>
    </Document>
  );
  const stream = renderToReadableStream({ root }, clientManifest, {
    onError: (err: unknown) => {
      req.report(err);
      return req.dev ? undefined : "error";
    },
  });
  return { kind: "flight", status: failure?.status ?? 200, stream };
}

type ServerModules = Map<string, Record<string, unknown>>;
const serverModules = (): ServerModules =>
  ((globalThis as { __RSC_SERVER_MODULES__?: ServerModules }).__RSC_SERVER_MODULES__ ??= new Map());

/** The "use server" modules by id, for the host's __webpack_require__ ("rsc-server:<id>"). */
export const getServerModule = (id: string) => serverModules().get(id);

// Maps any "module#export" to the registry; only registered modules resolve (see getServerModule).
const serverManifest = new Proxy({} as Record<string, unknown>, {
  get: (_, key) => {
    if (typeof key !== "string") return undefined;
    const [mod = "", name = ""] = key.split("#");
    return { id: `rsc-server:${mod}`, chunks: [], name };
  },
});

/** Calls a registered server action with arguments from encodeReply; unknown ids are a 404. */
export async function callAction(id: string, body: string | FormData, clientManifest: ClientManifest) {
  const hash = id.lastIndexOf("#");
  const action = hash > 0 ? serverModules().get(id.slice(0, hash))?.[id.slice(hash + 1)] : undefined;
  if (typeof action !== "function") throw new HttpError(404, "Unknown server action");
  const args = (await decodeReply(body, serverManifest)) as unknown[];
  const returnValue = await (action as (...a: unknown[]) => unknown)(...args);
  return renderToReadableStream({ returnValue }, clientManifest);
}
