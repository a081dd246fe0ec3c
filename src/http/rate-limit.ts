// Fixed-window request limits per key, in memory only (the named route limits of ./limits.ts are
// built on it): the inspector limits new inspections per
// client address, the Pro API limits requests per API key. Keys may be secrets or addresses, so
// callers pass a pseudonym (a hash), and nothing here is stored or logged. Each app node limits
// its own clients: N nodes allow N times the limit, which still stops a runaway script.
type Taken = { ok: true } | { ok: false; retryAfterS: number };
type RateLimiter = { take(key: string): Taken };

export function rateLimiter(perWindow: number, windowMs: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    take: (key) => {
      const t = now();
      // NOTE: drop expired windows as we go, so the map stays as small as the active clients.
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      const w = windows.get(key);
      if (!w || w.resetAt <= t) {
        windows.set(key, { count: 1, resetAt: t + windowMs });
        return { ok: true };
      }
      if (w.count >= perWindow) return { ok: false, retryAfterS: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
      w.count++;
      return { ok: true };
    },
  };
}

/** Retry-After for a refused take, as HttpError headers. */
export const retryAfter = (taken: { retryAfterS: number }) => ({ "retry-after": String(taken.retryAfterS) });
