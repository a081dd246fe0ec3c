// Small browser-side rules, kept pure so the client tests can check them without a browser:
// which links the router takes, when prefetching is allowed, when a failed chunk may reload.

/** The subset of `navigator` the prefetch rule reads. */
export type NetworkInfo = { onLine: boolean; connection?: { saveData?: boolean; effectiveType?: string } };

/** No prefetching on 2g, in data-saver mode, or offline. */
export function prefetchAllowed(nav: NetworkInfo): boolean {
  if (!nav.onLine) return false;
  const c = nav.connection;
  return !(c?.saveData || c?.effectiveType?.includes("2g"));
}

const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** A chunk-load failure reloads the page once, at most once per 60 seconds. */
export function chunkReloadAllowed(now: number, lastReload: number | null): boolean {
  return lastReload === null || !Number.isFinite(lastReload) || now - lastReload >= CHUNK_RELOAD_INTERVAL_MS;
}

/** Pages that load Stripe.js (the upgrade form): the server widens their CSP for it, there only. */
export const loadsStripe = (pathname: string): boolean => pathname === "/settings/profile";

/**
 * Whether a move between two pages needs a document load: a client-side navigation keeps the
 * CSP of the page it started on, so entering or leaving a page with its own policy may not.
 */
export const policyChanges = (from: string, to: string): boolean => loadsStripe(from) !== loadsStripe(to);

// Paths the server answers with something other than a page.
const NOT_PAGES = /^\/(?:assets|api|__[a-z]+)(?:\/|$)/;

type LinkLike = { href: string; target?: string; hasAttribute(name: string): boolean };

/** The URL a click on this link should navigate to client-side, or null to let the browser do it. */
export function routableUrl(link: LinkLike, here: { href: string; origin: string }): URL | null {
  if (!link.href || (link.target && link.target !== "_self")) return null;
  if (link.hasAttribute("download") || link.hasAttribute("data-reload")) return null;
  const url = new URL(link.href, here.href);
  if (url.origin !== here.origin || NOT_PAGES.test(url.pathname)) return null;
  const current = new URL(here.href);
  // NOTE: a jump to an anchor on the same page is the browser's job.
  if (url.hash && url.pathname === current.pathname && url.search === current.search) return null;
  return url;
}
