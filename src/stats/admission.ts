// Admission of stats reads, so a crowd of dashboards cannot queue without bound in front of a
// database that is also ingesting: identical reads share one database read (every caller that asks
// while it waits or runs gets its answer), at most READS_AT_ONCE distinct reads run at once and
// READS_WAITING more wait their turn. Past that line, or after WAIT_MS in it, a read is refused with
// 503 and Retry-After; the dashboard retries after that pause.
import { HttpError } from "../http/errors";

/** Distinct reads running at once. NOTE: the embedded database runs one statement at a time, so
 * more would only interleave them and leave the writer fewer turns. */
const READS_AT_ONCE = 4;
/** Distinct reads waiting for a turn before the next one is refused. */
const READS_WAITING = 32;
/** How long a read waits for its turn before it is refused. */
const WAIT_MS = 10_000;
const BUSY_MESSAGE = "The stats are busy right now; please try again in a moment";
const RETRY_AFTER_S = 1;

type Limits = { atOnce: number; waiting: number; waitMs: number };
type Waiter = { go: () => void; timer: ReturnType<typeof setTimeout> };

export type ReadGate = {
  /** `read()`'s answer, shared with every caller of the same `key` until it settles. */
  run<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** Reads refused so far, and callers answered by a read another caller started. */
  readonly refused: number;
  readonly shared: number;
};

export function readGate(limits: Limits = { atOnce: READS_AT_ONCE, waiting: READS_WAITING, waitMs: WAIT_MS }): ReadGate {
  const inFlight = new Map<string, Promise<unknown>>();
  const line: Waiter[] = [];
  let running = 0;
  let refused = 0;
  let shared = 0;

  const busy = () => {
    refused++;
    return new HttpError(503, BUSY_MESSAGE, undefined, { "retry-after": String(RETRY_AFTER_S) });
  };
  const turn = (): Promise<void> => {
    if (running < limits.atOnce) {
      running++;
      return Promise.resolve();
    }
    if (line.length >= limits.waiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        go: () => {
          clearTimeout(waiter.timer);
          running++;
          resolve();
        },
        timer: setTimeout(() => {
          line.splice(line.indexOf(waiter), 1);
          reject(busy());
        }, limits.waitMs),
      };
      line.push(waiter);
    });
  };
  const release = () => {
    running--;
    line.shift()?.go();
  };

  return {
    run<T>(key: string, read: () => Promise<T>): Promise<T> {
      const joined = inFlight.get(key);
      if (joined) {
        shared++;
        return joined as Promise<T>;
      }
      const p = turn().then(() => read().finally(release));
      const settled = p.finally(() => inFlight.get(key) === settled && inFlight.delete(key));
      inFlight.set(key, settled);
      return settled;
    },
    get refused() {
      return refused;
    },
    get shared() {
      return shared;
    },
  };
}
