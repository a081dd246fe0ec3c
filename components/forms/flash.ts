// The settings message area's store: a form that navigates away leaves a message for the page it
// lands on ("Domain deleted."), shown there until the visitor moves on. Module state in the
// browser, so it survives client navigation and never reaches the server.
type Flash = { path: string; text: string } | null;

// NOTE: also left in sessionStorage for a few seconds: a move into or out of the upgrade screen is a
// full page load (its CSP differs), which starts this module afresh.
const KEY = "bothy-flash";
const CARRY_MS = 10_000;

function carried(): Flash {
  try {
    const saved = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const parsed = saved ? (JSON.parse(saved) as { path: string; text: string; at: number }) : null;
    return parsed && Date.now() - parsed.at < CARRY_MS ? { path: parsed.path, text: parsed.text } : null;
  } catch {
    return null; // no sessionStorage (the server, a locked-down browser): client navigation still works
  }
}

let current: Flash = carried();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function flash(path: string, text: string) {
  current = { path: new URL(path, "http://x").pathname, text };
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...current, at: Date.now() }));
  } catch {
    // without sessionStorage the message shows after client navigation only
  }
  emit();
}

export const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export const snapshot = () => current;
