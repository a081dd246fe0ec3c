// Domain look-ups for the stats access path that do not wait behind a busy database. A dashboard
// under load is answered from the last snapshot of its read (admission.ts) in a few milliseconds,
// but the look-up of its domain runs first, and on the embedded database it waits for the statement
// running: a busy site's stats reads and the aggregates' refresh make those seconds long. Each
// look-up still asks the database; while look-ups are slow (one took SLOW_MS or more in the last
// STALE_MS, or one has waited that long), a caller whose answer takes longer than WAIT_MS gets the
// last answer instead, if it arrived at most STALE_MS ago.
// TRICKY: so under load a change to who may read a domain (deleted, made private, a new password,
// a new owner) takes effect up to STALE_MS late. While look-ups are quick, the database answers.
import { LRUCache } from "lru-cache";

/** How long a caller waits for the database, once look-ups are slow, before it takes the last answer. */
const WAIT_MS = 25;
/** A look-up taking this long makes look-ups slow. NOTE: a quiet database answers one in a few ms. */
const SLOW_MS = 100;
/** How old an answer may be to stand in for a fresh one. */
const STALE_MS = 5_000;
/** Distinct keys remembered. */
const KEYS = 10_000;

export function recentLookups<T>(lookUp: (key: string) => Promise<T>, limits = { waitMs: WAIT_MS, slowMs: SLOW_MS, staleMs: STALE_MS }) {
  // NOTE: an answer's age counts from when it arrived: its statement ran just before, after its wait.
  const known = new LRUCache<string, { value: T }>({ max: KEYS, ttl: limits.staleMs });
  const inFlight = new Map<string, { answer: Promise<T>; startedAt: number }>();
  /** When the last look-up that took SLOW_MS or more ended. NOTE: a quick one between two busy spells does not end the slow state. */
  let slowAt = -Infinity;

  const slow = () => {
    if (Date.now() - slowAt <= limits.staleMs) return true;
    const before = Date.now() - limits.slowMs;
    for (const { startedAt } of inFlight.values()) if (startedAt <= before) return true;
    return false;
  };

  /** The database's answer; a caller asking while a look-up of the same key runs joins it. */
  const ask = (key: string): Promise<T> => {
    const running = inFlight.get(key);
    if (running) return running.answer;
    const startedAt = Date.now();
    const answer = lookUp(key)
      .then((value) => (known.set(key, { value }), value))
      .finally(() => {
        inFlight.delete(key);
        if (Date.now() - startedAt >= limits.slowMs) slowAt = Date.now();
      });
    inFlight.set(key, { answer, startedAt });
    return answer;
  };

  return (key: string): Promise<T> => {
    const answer = ask(key);
    if (!known.has(key)) return answer;
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout>;
      // NOTE: checked every WAIT_MS, since look-ups may turn slow while this one waits.
      const check = () => {
        const last = known.get(key);
        if (!last) return;
        if (slow()) return resolve(last.value);
        timer = setTimeout(check, limits.waitMs);
      };
      timer = setTimeout(check, limits.waitMs);
      answer.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  };
}
