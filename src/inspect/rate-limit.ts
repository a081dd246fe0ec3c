// Per-client limit on new inspections: a fixed window per client key, kept in memory only (the
// key is an address, which we never store or log). Each app node limits its own clients.
export type RateLimiter = { take(key: string): boolean };

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
        return true;
      }
      if (w.count >= perWindow) return false;
      w.count++;
      return true;
    },
  };
}
