// Matches a path to a route pattern: static patterns first, then ":name" segments in table order.
// Patterns are the site's routes, e.g. "/dashboard/:domain/settings".

type Match<T> = { route: T; pattern: string; params: Record<string, string> };

export function matchRoute<T>(routes: Record<string, T>, pathname: string): Match<T> | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const exact = routes[path];
  if (exact && !path.includes(":")) return { route: exact, pattern: path, params: {} };
  const parts = path.split("/");
  for (const [pattern, route] of Object.entries(routes)) {
    if (!pattern.includes(":")) continue;
    const want = pattern.split("/");
    if (want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = want.every((seg, i) => {
      const got = parts[i]!;
      if (!seg.startsWith(":")) return seg === got;
      if (!got) return false;
      try {
        params[seg.slice(1)] = decodeURIComponent(got);
      } catch {
        return false; // a malformed %-escape never matches
      }
      return true;
    });
    if (ok) return { route, pattern, params };
  }
  return null;
}
