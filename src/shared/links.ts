// Links taken from text a site wrote itself (its carbon.txt claims), for server and browser alike: only
// an http(s) address becomes a link, so a stored javascript: or data: URL can never be rendered as one.

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
