// Domain look-ups for the stats access path that do not wait behind the stats reads. A dashboard
// under load is answered from the last snapshot of its read (admission.ts) in a few milliseconds,
// but the look-up of its domain runs first, and on the embedded database it waits for the statement
// running, which a busy site's stats reads make seconds long. Each look-up still asks the database;
// while such reads hold it (`busy`: one runs, and it or the last one took long), an answer slower than
// WAIT_MS is replaced by the last answer, if it arrived at most STALE_MS ago.
// TRICKY: so under load a change to who may read a domain (deleted, made private, a new password,
// a new owner) takes effect up to STALE_MS late. Without long reads, the database always answers.
import { LRUCache } from "lru-cache";

/** How long a look-up waits for the database before it takes the last answer. */
const WAIT_MS = 25;
/** How old an answer may be to stand in for a fresh one. */
const STALE_MS = 5_000;
/** Distinct keys remembered. */
const KEYS = 10_000;

export function recentLookups<T>(
  lookUp: (key: string) => Promise<T>,
  busy: () => boolean,
  limits = { waitMs: WAIT_MS, staleMs: STALE_MS },
) {
  // NOTE: an answer's age counts from when it arrived: its statement ran just before, after its wait.
  const known = new LRUCache<string, { value: T }>({ max: KEYS, ttl: limits.staleMs });
  const inFlight = new Map<string, Promise<T>>();

  /** The database's answer; a caller asking while a look-up of the same key runs joins it. */
  const ask = (key: string): Promise<T> => {
    const running = inFlight.get(key);
    if (running) return running;
    const settled = lookUp(key)
      .then((value) => (known.set(key, { value }), value))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, settled);
    return settled;
  };

  return (key: string): Promise<T> => {
    const answer = ask(key);
    if (!busy() || !known.has(key)) return answer;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<T>((resolve) => {
      // NOTE: looked up again when the wait ends: the last answer may have aged past STALE_MS meanwhile.
      timer = setTimeout(() => {
        const last = known.get(key);
        resolve(last ? last.value : answer);
      }, limits.waitMs);
    });
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  };
}
