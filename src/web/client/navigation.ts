// What client components may use of the router: navigate(), the online flag and the current path.
// The router in browser.tsx plugs itself in; before that (or in tests) navigate() loads the page.
import { useSyncExternalStore } from "react";

export type NavigateOptions = { replace?: boolean };
type Navigator = (href: string, opts: NavigateOptions) => Promise<void>;

let current: Navigator | null = null;
export const setNavigator = (n: Navigator) => void (current = n);

/** Client-side navigation to a same-origin URL; resolves once the new page is on screen. */
export function navigate(href: string, opts: NavigateOptions = {}): Promise<void> {
  if (current) return current(href, opts);
  location.assign(href);
  return Promise.resolve();
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
