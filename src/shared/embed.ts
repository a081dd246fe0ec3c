// Which sites may frame a public dashboard: origins only (scheme, host, port), https, or plain http
// on this machine. The domain settings check them as the API does.
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** At most this many origins per domain: a frame-ancestors list, not a directory. */
export const EMBED_ORIGINS_MAX = 20;

/** The origin as written in frame-ancestors, or null when it is not one a dashboard may be framed by. */
export function embedOrigin(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  const secure = url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.test(url.hostname));
  // NOTE: a path, query or credentials would be dropped from frame-ancestors silently: refused instead.
  const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password && !raw.trim().endsWith("?");
  return secure && bare ? url.origin : null;
}
