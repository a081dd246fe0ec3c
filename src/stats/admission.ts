// Admission of stats reads, so a crowd of dashboards cannot queue without bound in front of a
// database that is also ingesting: identical reads share one database read (every caller that asks
// while it waits or runs gets its answer), at most READS_AT_ONCE distinct reads run at once and
// READS_WAITING more wait their turn. Past that line, or after WAIT_MS in it, a read is refused with
// 503 and Retry-After; the dashboard retries after that pause. A caller that accepts a snapshot
// (`staleMs`) asking while its read is already under way gets the last answer of that read at once,
// if that answer's read started at most `staleMs` ago: under load a dashboard shows numbers a few
// seconds old instead of waiting behind the database, and one read every REREAD_MS keeps them fresh.
// The number running and waiting are the settings STATS_READS_AT_ONCE and STATS_READS_WAITING.
import { HttpError } from "../http/errors";

/** How long a read waits for its turn before it is refused. */
const WAIT_MS = 10_000;
const BUSY_MESSAGE = "The stats are busy right now; please try again in a moment";
const RETRY_AFTER_S = 1;

/** Whether an error is this gate's refusal: the stats are busy, and asking again soon may succeed. */
export const isStatsBusy = (err: unknown): boolean => err instanceof HttpError && err.status === 503 && err.message === BUSY_MESSAGE;
/** A watched key is read again this long after its last read started (at once if that read took longer). */
const REREAD_MS = 5_000;

type Limits = { atOnce: number; waiting: number; waitMs: number; rereadMs: number };
type Waiter = { go: () => void; timer: ReturnType<typeof setTimeout> };
/** Last answers kept for snapshots. NOTE: a stats answer is up to a few hundred kB. */
const SNAPSHOTS = 64;

export type ReadGate = {
  /** `read()`'s answer, shared with every caller of the same `key` until it settles; or, with
   * `staleMs`, while it runs, the last answer whose read started at most that long ago. */
  run<T>(key: string, read: () => Promise<T>, opts?: { staleMs?: number }): Promise<T>;
  /** Reads refused so far, callers answered by a read another caller started, and by a snapshot. */
  readonly refused: number;
  readonly shared: number;
  readonly snapshots: number;
};

/** `atOnce`: distinct reads running at once (the embedded database runs one statement at a time, so
 * more only interleave them and leave the writer fewer turns); `waiting`: distinct reads waiting for
 * a turn before the next is refused. */
export function readGate(asked: Pick<Limits, "atOnce" | "waiting"> & Partial<Limits>): ReadGate {
  const limits: Limits = { waitMs: WAIT_MS, rereadMs: REREAD_MS, ...asked };
  const inFlight = new Map<string, Promise<unknown>>();
  const last = new Map<string, { value: unknown; startedAt: number }>();
  const line: Waiter[] = [];
  let running = 0;
  let refused = 0;
  let shared = 0;
  let snapshots = 0;

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
  // NOTE: a Map iterates in insertion order and a kept answer is re-inserted, so the first is the oldest.
  const keep = (key: string, value: unknown, startedAt: number) => {
    last.delete(key);
    last.set(key, { value, startedAt });
    if (last.size > SNAPSHOTS) last.delete(last.keys().next().value!);
  };
  const release = () => {
    running--;
    line.shift()?.go();
  };

  /** Keys that served snapshots since their last read started: someone is watching, so read again soon. */
  const wanted = new Set<string>();
  /** Watched keys whose next read waits for its turn in the cadence (REREAD_MS after the last started). */
  const scheduled = new Map<string, ReturnType<typeof setTimeout>>();
  function run<T>(key: string, read: () => Promise<T>, opts: { staleMs?: number } = {}): Promise<T> {
    const joined = inFlight.get(key);
    const snapshot = last.get(key);
    const coming = joined !== undefined || scheduled.has(key);
    if (coming && snapshot && opts.staleMs !== undefined && Date.now() - snapshot.startedAt <= opts.staleMs) {
      snapshots++;
      // NOTE: a caller while the read runs or waits for its turn in the cadence keeps the key
      // watched: a read short enough to end between two callers must not end the cadence.
      wanted.add(key);
      return Promise.resolve(snapshot.value as T);
    }
    if (joined) {
      shared++;
      return joined as Promise<T>;
    }
    return start(key, read, opts);
  }

  function start<T>(key: string, read: () => Promise<T>, opts: { staleMs?: number }): Promise<T> {
    clearTimeout(scheduled.get(key));
    scheduled.delete(key);
    const p = turn().then(() => {
      const startedAt = Date.now();
      // NOTE: kept only for callers that take snapshots: an export's uncapped answer is not pinned in memory.
      return read()
        .then((value) => (opts.staleMs !== undefined && keep(key, value, startedAt), value))
        .finally(release);
    });
    const settled = p.finally(() => {
      if (inFlight.get(key) === settled) inFlight.delete(key);
      // NOTE: while a dashboard is watched under load, the next read is under way or scheduled before
      // anyone waits for it, so every caller gets a snapshot; unwatched, it stops. The cadence leaves
      // the database to the writer and to the pages between a watched key's reads.
      if (!wanted.delete(key)) return;
      const again = () => {
        scheduled.delete(key);
        if (!inFlight.has(key)) void start(key, read, opts).catch(() => {});
      };
      const wait = (last.get(key)?.startedAt ?? Date.now()) + limits.rereadMs - Date.now();
      if (wait <= 0) return again();
      const timer = setTimeout(again, wait);
      timer.unref?.();
      scheduled.set(key, timer);
    });
    inFlight.set(key, settled);
    return settled;
  }

  return {
    run,
    get refused() {
      return refused;
    },
    get shared() {
      return shared;
    },
    get snapshots() {
      return snapshots;
    },
  };
}
