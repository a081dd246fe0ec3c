// Attempt throttling for sign-in, reset and dashboard passwords, per key, in memory. Every attempt
// is charged before its password is checked, so concurrent attempts see each other; a success
// refunds its own charge. After a few charges each further attempt waits longer (progressive
// delay); past the limit the key is refused until its window ends. Client keys come from
// src/http/client.ts: HMACs of the address, so not even memory holds an IP in the clear.
// NOTE: per process: N app nodes allow N times the limit, which still stops a brute force.

export const WINDOW_MS = 15 * 60 * 1000;
/**
 * Attempts allowed per window: tight for one client on one account (or dashboard), looser for an
 * account as a whole (many clients guessing it), loosest for a client across accounts (NAT).
 */
export const MAX_FAILURES = { pair: 10, account: 20, client: 100 } as const;
const FREE_FAILURES = 3;
const MAX_DELAY_MS = 1000;

type Entry = { failures: number; since: number };

export type Verdict = { blocked: true; retryAfterS: number } | { blocked: false; delayMs: number };

export type Throttle = {
  /** What one more attempt would get: a delay in ms, or "blocked" with the seconds until the window ends. */
  check(key: string): Verdict;
  /** Counts an attempt as failed until refunded; call before the (slow) check it guards. */
  charge(key: string): void;
  /** Takes back one charge: the attempt it paid for succeeded. */
  refund(key: string): void;
  /** Forgets the key: its holder proved who they are. */
  forgive(key: string): void;
  /** Charges held by the key in this window (failed or still in flight). */
  failures(key: string): number;
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
    charge(key) {
      const e = live(key);
      if (e) e.failures++;
      else entries.set(key, { failures: 1, since: now() });
    },
    refund(key) {
      const e = live(key);
      if (e && --e.failures <= 0) entries.delete(key);
    },
    forgive(key) {
      entries.delete(key);
    },
    failures: (key) => live(key)?.failures ?? 0,
  };
}

/**
 * Checks every key and, when none is blocked, charges them all, in one synchronous step so no
 * concurrent attempt can slip between the check and the charge. Returns the longest delay or block.
 */
export function chargeAll(keys: [Throttle, string][]): Verdict {
  let delayMs = 0;
  let retryAfterS = 0;
  for (const [t, key] of keys) {
    const v = t.check(key);
    if (v.blocked) retryAfterS = Math.max(retryAfterS, v.retryAfterS);
    else delayMs = Math.max(delayMs, v.delayMs);
  }
  if (retryAfterS) return { blocked: true, retryAfterS };
  for (const [t, key] of keys) t.charge(key);
  return { blocked: false, delayMs };
}
