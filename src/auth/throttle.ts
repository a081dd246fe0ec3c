// Failure throttling for sign-in, sign-up and reset, per account and per client, in memory.
// After a few failures each further attempt waits longer (progressive delay); past the limit the
// key is refused until its window ends. Client keys are HMACs of the address under a key that
// lives only in this process, so not even memory holds an IP in the clear.
// NOTE: per process: N app nodes allow N times the limit, which still stops a brute force.

export const WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per window: tight per account, looser per client (many people share a NAT). */
export const MAX_FAILURES = { account: 10, client: 100 } as const;
const FREE_FAILURES = 3;
const MAX_DELAY_MS = 1000;

type Entry = { failures: number; since: number };

export type Throttle = {
  /** ms to wait before answering, or "blocked" with the seconds until the window ends. */
  check(key: string): { blocked: true; retryAfterS: number } | { blocked: false; delayMs: number };
  fail(key: string): void;
  succeed(key: string): void;
};

export function createThrottle(max: number, now: () => number = Date.now): Throttle {
  const entries = new Map<string, Entry>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && now() - e.since > WINDOW_MS) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  // NOTE: a sweep keeps the map bounded by the keys active in one window.
  const sweep = setInterval(() => [...entries.keys()].forEach(live), WINDOW_MS);
  sweep.unref();

  return {
    check(key) {
      const e = live(key);
      const failures = e?.failures ?? 0;
      if (e && failures >= max) {
        return { blocked: true, retryAfterS: Math.max(1, Math.ceil((e.since + WINDOW_MS - now()) / 1000)) };
      }
      const over = failures - FREE_FAILURES;
      return { blocked: false, delayMs: over < 0 ? 0 : Math.min(MAX_DELAY_MS, 50 * 2 ** over) };
    },
    fail(key) {
      const e = live(key);
      if (e) e.failures++;
      else entries.set(key, { failures: 1, since: now() });
    },
    succeed(key) {
      entries.delete(key);
    },
  };
}

const clientKey = crypto.getRandomValues(new Uint8Array(32));
/** A per-process pseudonym for a client address; never stored, never logged. */
export const clientTag = (address: string | undefined): string =>
  `client:${new Bun.CryptoHasher("sha256", clientKey).update(address ?? "unknown").digest("hex").slice(0, 32)}`;
