// The browser bootstrap: hydrates the server-rendered document from the inlined flight data, then
// routes same-origin link clicks and back/forward through fetched RSC payloads (/__rsc/<path>),
// with hover prefetch, scroll restoration, a progress bar and a once-a-minute chunk-reload rule.
import { Component, startTransition, use, useLayoutEffect, useState, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createFromReadableStream } from "react-server-dom-webpack/client.browser";
import { rscStream } from "rsc-html-stream/client";
import { callServer } from "./call-server";
import { setNavigator } from "./navigation";
import { chunkReloadAllowed, policyChanges, prefetchAllowed, routableUrl, type NetworkInfo } from "./policies";
import { startProgress } from "./progress";

type Payload = { root: ReactNode };
type View = { payload: Promise<Payload>; committed?: () => void };

const parse = (stream: ReadableStream<Uint8Array>) => createFromReadableStream(stream, { callServer }) as Promise<Payload>;

let show: (v: View) => void = () => {};

function App({ initial }: { initial: View }) {
  const [view, setView] = useState(initial);
  show = setView;
  useLayoutEffect(() => view.committed?.(), [view]);
  return use(view.payload).root;
}

/** A navigation whose payload fails to render falls back to a full page load of that URL. */
class Fallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError = () => ({ failed: true });
  componentDidCatch(err: unknown) {
    // NOTE: never on the first render (that would loop): the server page is already on screen.
    if (pending) location.assign(pending);
    else console.error(err);
  }
  render = () => (this.state.failed ? null : this.props.children);
}

// ── payloads: fetched on hover (prefetch) or on click, used once ──────────────────────────────
const PREFETCH_TTL_MS = 30_000;
const prefetched = new Map<string, { at: number; res: Promise<Response> }>();
const keyOf = (url: URL) => url.pathname + url.search;
const fetchPayload = (url: URL) => fetch(`/__rsc${keyOf(url)}`, { headers: { accept: "text/x-component" } });

function takePayload(url: URL): Promise<Response> {
  const hit = prefetched.get(keyOf(url));
  prefetched.delete(keyOf(url));
  return hit && Date.now() - hit.at < PREFETCH_TTL_MS ? hit.res : fetchPayload(url);
}

function prefetch(url: URL) {
  if (prefetched.has(keyOf(url)) || !prefetchAllowed(navigator as NetworkInfo)) return;
  const res = fetchPayload(url);
  res.catch(() => prefetched.delete(keyOf(url)));
  prefetched.set(keyOf(url), { at: Date.now(), res });
}

// ── navigation ────────────────────────────────────────────────────────────────────────────────
type Mode = "push" | "replace" | "pop";
let latest = 0;
let pending: string | null = null;
let shown = keyOf(new URL(location.href)); // the path + query on screen
// TRICKY: every history entry carries the id of the page render that made it. The addresses a page
// sets itself (setAddress) carry the id of the page on screen, so back/forward between them is left
// to the page; any other entry is a navigation. Ids are unique across reloads of the document.
const newPageId = () => `${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}`;
let onScreen = newPageId();

async function go(href: string, mode: Mode, redirects = 0): Promise<void> {
  const url = new URL(href, location.href);
  // NOTE: `shown`, not location: after back/forward the address has moved on already.
  if (policyChanges(new URL(shown, location.origin).pathname, url.pathname)) {
    if (mode === "push") location.assign(url.href);
    else location.replace(url.href);
    return;
  }
  const id = ++latest;
  // NOTE: the prototype's method: the tracker must not take this for a move (see moveHistory).
  if (mode !== "pop") History.prototype.replaceState.call(history, { ...history.state, scrollY }, "");
  const progress = startProgress();
  pending = url.href;
  try {
    const res = await takePayload(url);
    if (id !== latest) return progress.done(); // a newer navigation won
    const redirect = res.headers.get("x-redirect");
    if (redirect) {
      progress.done();
      if (redirects >= 5) throw new Error("Too many redirects");
      return go(redirect, mode === "pop" ? "replace" : mode, redirects + 1);
    }
    if (!res.body || !res.headers.get("content-type")?.startsWith("text/x-component")) throw new Error(`HTTP ${res.status}`);
    const payload = parse(res.body);
    await payload; // NOTE: the shell must arrive before the swap, or a failure would blank the page
    await new Promise<void>((committed) => startTransition(() => show({ payload, committed })));
    // NOTE: after back/forward the entries the popped one shares its id with show the same page.
    onScreen = (mode === "pop" && (history.state as { page?: string } | null)?.page) || newPageId();
    moveHistory(mode, url);
    restoreScroll(url, mode);
    shown = keyOf(url);
    pending = null;
    progress.done();
  } catch (err) {
    progress.fail();
    // NOTE: offline, stay put (the bar is red); otherwise let the browser load the page itself.
    if (navigator.onLine && id === latest) location.assign(url.href);
    else console.warn("navigation failed", err);
  }
}

// TRICKY: the tracker wraps history.pushState/replaceState to count SPA page views. The page just
// committed says in <html data-tracking> whether it may be counted; when
// not, the prototype's own methods move without telling the tracker. After back/forward (whose
// popstate the tracker never sees, see listen()) a counted page is announced by a replaceState.
// Leaving counted pages for a switched-off one is a pagehide to the tracker (the leave beacon goes
// with the visible time so far), and coming back is a pageshow from the back/forward cache: a new
// page view, never unique, even on the path the tracker counted last (A → switched off → A).
let countedOnScreen = document.documentElement.dataset.tracking === "on";
function moveHistory(mode: Mode, url: URL) {
  const counted = document.documentElement.dataset.tracking === "on";
  const [hidden, resumed] = [countedOnScreen && !counted, counted && !countedOnScreen];
  countedOnScreen = counted;
  const h: Pick<History, "pushState" | "replaceState"> = counted && !resumed ? history : History.prototype;
  if (mode === "push") h.pushState.call(history, { scrollY: 0, page: onScreen }, "", url.href);
  if (mode === "replace") h.replaceState.call(history, { scrollY: 0, page: onScreen }, "", url.href);
  if (mode === "pop" && counted && !resumed) history.replaceState(history.state, "", location.href);
  // NOTE: before the tracker has loaded (the first counted page adds it) nobody listens, and its
  // start counts the page instead.
  if (hidden) dispatchEvent(new PageTransitionEvent("pagehide", { persisted: true }));
  if (resumed) dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
}

function restoreScroll(url: URL, mode: Mode) {
  if (mode === "pop") return scrollTo(0, Number(history.state?.scrollY) || 0);
  const target = url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)));
  if (target) target.scrollIntoView();
  else scrollTo(0, 0);
}

const linkOf = (e: Event) => (e.target instanceof Element ? e.target.closest("a") : null);

function listen() {
  history.scrollRestoration = "manual";
  document.addEventListener("click", (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = linkOf(e);
    const url = link && routableUrl(link, location);
    if (!url) return;
    e.preventDefault();
    void go(url.href, "push");
  });
  const maybePrefetch = (e: Event) => {
    const link = linkOf(e);
    const url = link && routableUrl(link, location);
    // NOTE: not the page on screen, nor the one being navigated to (the DOM swap under the
    // pointer fires mouseover before pushState updates location).
    if (url && keyOf(url) !== keyOf(new URL(location.href)) && url.href !== pending) prefetch(url);
  };
  document.addEventListener("mouseover", maybePrefetch, { passive: true });
  document.addEventListener("focusin", maybePrefetch);
  // NOTE: capture, so it runs before the tracker's own listener, which it stops: whether the page
  // is counted is known only once it is on screen (moveHistory).
  addEventListener(
    "popstate",
    (e) => {
      // NOTE: back/forward between anchors of the page on screen is the browser's own business.
      const here = new URL(location.href);
      if (keyOf(here) === shown) return;
      // NOTE: an address the page on screen set itself: the page restores its own view (the
      // tracker may hear it too: its path ignores such queries).
      if ((history.state as { page?: string } | null)?.page === onScreen && here.pathname === new URL(shown, here).pathname) {
        shown = keyOf(here);
        return;
      }
      e.stopImmediatePropagation();
      void go(location.href, "pop");
    },
    { capture: true },
  );
  History.prototype.replaceState.call(history, { ...history.state, page: onScreen }, "");
  setNavigator(
    (href, opts) => go(href, opts.replace ? "replace" : "push"),
    (href, opts) => {
      const url = new URL(href, location.href);
      History.prototype[opts.replace ? "replaceState" : "pushState"].call(history, { scrollY, page: onScreen }, "", url.href);
      shown = keyOf(url);
    },
  );
}

// A failed chunk load reloads the page once, and not again within 60 s.
const RELOAD_KEY = "bothy:chunk-reload";
(globalThis as { __bothy_chunk_failed?: (e: unknown) => void }).__bothy_chunk_failed = (err) => {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY)) || null;
    if (!chunkReloadAllowed(Date.now(), last)) return console.error("chunk load failed again", err);
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // storage refused (privacy mode): reload anyway, the browser cache usually breaks any loop
  }
  location.reload();
};

if ((globalThis as { __BOTHY_DEV__?: boolean }).__BOTHY_DEV__) {
  // Development: the server rebuilds on change and says so here; reload to pick it up.
  new EventSource("/__dev/events").onmessage = () => location.reload();
}

listen();
hydrateRoot(
  document,
  <Fallback>
    <App initial={{ payload: parse(rscStream) }} />
  </Fallback>,
);
