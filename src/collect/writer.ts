// The batch writer: one in-memory buffer per process for `hits`, written one batch at a time: on a
// database server with one `INSERT … SELECT FROM unnest(…)` (insertHits), on the embedded database
// with a CSV COPY run in the database's own thread (copy.ts; never COPY over the embedded socket:
// it kills PGlite).
// It flushes when a batch is full or every `flushMs`, refuses new rows when the buffer is full
// (the edge answers 503 + Retry-After) instead of growing without bound, and keeps rows whose write
// failed at the head of the buffer to retry them: an accepted hit is only gone once it is committed.
import type { Sql } from "postgres";
import { log } from "../log";
import { namedQuery } from "../db";
import { bumpStatsEpochs } from "../domains";
import { HIT_COLUMN_NAMES, HIT_COLUMNS, hitColumnText, LATE_ROW_MS, type HitRow } from "../hits";
import type { Metrics } from "./metrics";

type WriterOptions = { batchSize: number; flushMs: number; maxBuffer: number };

/** Writes one batch; a batch id seen before writes nothing (the retry of a batch that did commit). */
export type InsertBatch = (batchId: string, rows: HitRow[]) => Promise<void>;

export type Writer = {
  /** Queues a row; false when the buffer is full. */
  push(row: HitRow): boolean;
  /** Writes everything buffered now; a failure leaves the rows queued and rethrows. */
  flush(): Promise<void>;
  /** Stops the timer and retries flushing until the buffer is empty or `timeoutMs` passes. */
  close(timeoutMs: number): Promise<void>;
  readonly buffered: number;
};

// NOTE: $1 is the batch id, $2… the columns' text arrays, cast to their types in SQL.
const INSERT_HITS = `
  WITH batch AS (INSERT INTO hit_batches (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id)
  INSERT INTO hits (${HIT_COLUMN_NAMES})
  SELECT ${HIT_COLUMNS.map((c, i) => (c.type === "text" ? `c${i}` : `c${i}::${c.type}`)).join(", ")}
  FROM unnest(${HIT_COLUMNS.map((_, i) => `$${i + 2}::text[]`).join(", ")})
    AS z(${HIT_COLUMNS.map((_, i) => `c${i}`).join(", ")})
  WHERE EXISTS (SELECT 1 FROM batch)`;

/**
 * Appends a batch of rows to `hits`: one text array per column, one statement (INSERT_HITS).
 * TRICKY: the batch id is recorded in the same statement, and a batch whose id is already there
 * inserts nothing, so retrying a batch whose commit was acknowledged too late writes it once.
 */
export const insertHits = namedQuery("collect.insertHits", async (sql, batchId: string, rows: HitRow[]) => {
  const params = [batchId, ...HIT_COLUMNS.map((_, c) => hitColumnText(rows, c))];
  await sql.unsafe(INSERT_HITS, params, { prepare: true });
});

/** The most batches one statement writes when a backlog has built up. */
const BACKLOG_BATCHES = 10;
/** Rows of the next statement: a batch, or as many whole batches as wait (up to BACKLOG_BATCHES). */
const batchFor = (waiting: number, batchSize: number): number =>
  batchSize * Math.min(BACKLOG_BATCHES, Math.max(1, Math.floor(waiting / batchSize)));

/** The sites of `rows` that have a row older than LATE_ROW_MS at `now`. */
const lateSites = (rows: HitRow[], now: number) => rows.filter((r) => r.time < now - LATE_ROW_MS).map((r) => r.siteId);

/** `insert` defaults to insertHits on `sql`; the embedded database passes its COPY (copy.ts insertFor). */
export function createWriter(
  sql: Sql,
  opts: WriterOptions,
  metrics: Metrics,
  insert: InsertBatch = (batchId, rows) => insertHits(sql, batchId, rows),
): Writer {
  let buffer: HitRow[] = [];
  // NOTE: a batch keeps its id and its rows until it is written; a retry sends exactly the same batch.
  let pending: { id: string; rows: HitRow[] } | null = null;
  let flushing: Promise<void> | null = null;
  let failing = false;
  // NOTE: sites whose batch held late rows (a retry after an outage, the seed's backfill) get a new
  // stats epoch, which retires their cached sums; run after the insert committed, so a read that saw
  // the old epoch and cached without the rows is always retired.
  // Epochs owed by written batches: a bump that fails (the database went away right after
  // the insert) is retried with the next flush instead of sending the batch again.
  const owedEpochs = new Set<number>();
  const bump = async () => {
    if (!owedEpochs.size) return;
    const sites = [...owedEpochs];
    await bumpStatsEpochs(sql, sites);
    for (const s of sites) owedEpochs.delete(s);
  };

  // NOTE: a backlog (the database was held by a long read, or briefly away) is written in whole
  // batches of up to BACKLOG_BATCHES at once: each statement waits for its turn at the database, so
  // batch-sized statements alone could fall further behind than the hits come in.
  // TRICKY: a flush writes full batches, plus (when draining) the rows that were buffered when it
  // started. Chasing whatever arrived meanwhile turned one busy flush into an endless stream of
  // 30–60-row statements whose fixed cost made each row ~3× dearer (measured under bench:ingest);
  // later rows wait for the next timer flush, at most `flushMs` away.
  const writeAll = async (drain: boolean) => {
    let owed = drain ? buffer.length : 0;
    while (pending || buffer.length >= opts.batchSize || (owed > 0 && buffer.length > 0)) {
      if (!pending) {
        pending = { id: crypto.randomUUID(), rows: buffer.slice(0, batchFor(buffer.length, opts.batchSize)) };
        buffer = buffer.slice(pending.rows.length);
        owed -= pending.rows.length;
      }
      const batch = pending.rows;
      const started = performance.now();
      try {
        await insert(pending.id, batch);
        metrics.flushed((performance.now() - started) / 1000);
      } catch (err) {
        metrics.counts.flushFailures++;
        // NOTE: one line per outage, not one per retry: a 5 s outage is ten retries.
        if (!failing) log.warn("hit batch write failed; rows kept for retry", {
          rows: buffer.length + batch.length, error: err instanceof Error ? err.message : String(err),
        });
        failing = true;
        throw err;
      }
      if (failing) log.info("hit batch writes recovered", { rows: buffer.length });
      failing = false;
      pending = null;
      metrics.counts.written += batch.length;
      for (const site of lateSites(batch, Date.now())) owedEpochs.add(site);
    }
    await bump();
  };

  const run = (drain: boolean) => (flushing ??= writeAll(drain).finally(() => (flushing = null)));
  /** Drains the buffer; when a flush is already running, waits for it first, so nothing is left behind. */
  const flush = async () => {
    if (flushing) await flushing.catch(() => {});
    await run(true);
  };
  const timer = setInterval(() => void run(true).catch(() => {}), opts.flushMs);
  timer.unref();

  return {
    push(row) {
      if (buffer.length + (pending?.rows.length ?? 0) >= opts.maxBuffer) {
        metrics.counts.refused++;
        return false;
      }
      buffer.push(row);
      metrics.counts.accepted++;
      if (buffer.length >= opts.batchSize && !flushing) void run(false).catch(() => {});
      return true;
    },
    flush,
    async close(timeoutMs) {
      clearInterval(timer);
      const deadline = Date.now() + timeoutMs;
      let wait = 50;
      while (true) {
        try {
          await flush();
          if (!buffer.length && !pending) return;
        } catch {
          if (Date.now() + wait > deadline) break;
          await Bun.sleep(wait);
          wait = Math.min(wait * 2, 1000);
        }
      }
      log.error("hits lost at shutdown: the database did not accept them in time", {
        rows: buffer.length + (pending?.rows.length ?? 0),
      });
    },
    get buffered() {
      return buffer.length + (pending?.rows.length ?? 0);
    },
  };
}
