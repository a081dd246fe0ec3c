// The sums of sealed pieces (src/stats/spans.ts) kept in memory, per database client, so a dashboard
// of a busy site reads its past days once: later loads read only the last few minutes. Keys carry the
// domain's stats epoch (sql/061_stats_epoch.sql), so a late write or a retention delete makes every
// older entry of that domain unreachable; the least recently used entries go past a row budget.

import type { GroupTable } from "./groups";

export type Entry = { table: GroupTable; upTo: number };

/**
 * Rows kept at most across all entries of one database. NOTE: a row is a small object (~150 bytes),
 * so this is ~150 MB at worst; bench:stats' 1M-hit site has 64k (referrer, entry page) groups in
 * 30 days, its largest table.
 */
const CACHE_ROWS = 1_000_000;

type StatsCache = {
  /** The entry under `key`, computing it (once, even for concurrent callers) when absent. */
  get(key: string, make: (old: Entry | undefined) => Promise<Entry>, fresh: (e: Entry) => boolean): Promise<Entry>;
  /** Computes the entry under `key` for later look-ups, unless that key is held or coming already. */
  offer(key: string, make: () => Promise<Entry>): void;
  clear(): void;
  readonly rows: number;
  /** Look-ups answered from memory, and those that had to read the database. */
  readonly hits: number;
  readonly misses: number;
};

function createCache(limit: number): StatsCache {
  const done = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry>>();
  let rows = 0;
  let hits = 0;
  let misses = 0;

  const store = (key: string, e: Entry) => {
    const old = done.get(key);
    if (old) rows -= old.table.size;
    done.delete(key);
    done.set(key, e);
    rows += e.table.size;
    // NOTE: a Map iterates in insertion order and every use re-inserts, so the first is the least recent.
    for (const [k, v] of done) {
      if (rows <= limit) break;
      done.delete(k);
      rows -= v.table.size;
    }
  };

  return {
    get(key, make, fresh) {
      const hit = done.get(key);
      if (hit && fresh(hit)) {
        hits++;
        done.delete(key);
        done.set(key, hit);
        return Promise.resolve(hit);
      }
      misses++;
      let p = pending.get(key);
      if (!p) {
        p = make(hit).then((e) => (store(key, e), e)).finally(() => pending.delete(key));
        pending.set(key, p);
      }
      return p;
    },
    offer(key, make) {
      if (done.has(key) || pending.has(key)) return;
      const p = make().then((e) => (store(key, e), e)).finally(() => pending.delete(key));
      pending.set(key, p);
      // NOTE: whoever asks for the key later gets the failure; nobody may be waiting now.
      p.catch(() => {});
    },
    clear() {
      done.clear();
      rows = 0;
    },
    get rows() {
      return rows;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
  };
}

const caches = new WeakMap<object, StatsCache>();

/** The cache of one database client (each test database gets its own). */
export function statsCache(sql: object): StatsCache {
  let c = caches.get(sql);
  if (!c) caches.set(sql, (c = createCache(CACHE_ROWS)));
  return c;
}
