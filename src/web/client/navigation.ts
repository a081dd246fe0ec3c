// What client components may use of the router: navigate(), setAddress(), the online flag and the
// current path. The router in browser.tsx plugs itself in; before that (or in tests) navigate() loads
// the page and setAddress() only moves the browser's history.
import { useSyncExternalStore } from "react";

type NavigateOptions = { replace?: boolean };
type Navigator = (href: string, opts: NavigateOptions) => Promise<void>;
type Addresser = (href: string, opts: NavigateOptions) => void;

let current: Navigator | null = null;
let addresser: Addresser | null = null;
export const setNavigator = (n: Navigator, a: Addresser) => {
  current = n;
  addresser = a;
};

/** Client-side navigation to a same-origin URL; resolves once the new page is on screen. */
export function navigate(href: string, opts: NavigateOptions = {}): Promise<void> {
  if (current) return current(href, opts);
  location.assign(href);
  return Promise.resolve();
}

/**
 * A new address for the page on screen, without asking the server: a view of the same page (a
 * range, a filter) that can be shared, bookmarked and reloaded. Back and forward between the
 * addresses a page set this way are a popstate for the page to restore its view, not a navigation.
 */
export function setAddress(href: string, opts: NavigateOptions = {}): void {
  // NOTE: the prototype's methods: a view of the page is no page view for the tracker.
  if (addresser) addresser(href, opts);
  else History.prototype[opts.replace ? "replaceState" : "pushState"].call(history, history.state, "", href);
}

const subscribeOnline = (onChange: () => void) => {
  addEventListener("online", onChange);
  addEventListener("offline", onChange);
  return () => {
    removeEventListener("online", onChange);
    removeEventListener("offline", onChange);
  };
};

/** Online/offline state, live. Server rendering assumes online. */
export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
