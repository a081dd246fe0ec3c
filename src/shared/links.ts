// Web addresses taken from text someone else wrote (a site's carbon.txt claims, bothy-check's
// arguments), for server and browser alike: only an http(s) address is one, so a stored javascript:
// or data: URL can never be rendered as a link.

/** The address as an http(s) URL, or null when it is not one. */
export function httpLink(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
