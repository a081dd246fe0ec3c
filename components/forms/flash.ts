// The settings message area's store: a form that navigates away leaves a message for the page it
// lands on ("Domain deleted."), shown there until the visitor moves on. Module state in the
// browser, so it survives client navigation and never reaches the server.
type Flash = { path: string; text: string } | null;

let current: Flash = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function flash(path: string, text: string) {
  current = { path: new URL(path, "http://x").pathname, text };
  emit();
}

export const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export const flashFor = (pathname: string): string | null => (current && current.path === pathname ? current.text : null);
export const snapshot = () => current;
