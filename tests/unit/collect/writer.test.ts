// The batch writer's batching, with a recording insert in place of the database: a flush started by
// a full batch writes full batches only, the timer and flush() drain the rest, a failed batch is
// retried with the same id and rows.
import { expect, test } from "bun:test";
import type { Sql } from "postgres";
import { createMetrics } from "../../../src/collect/metrics";
import type { HitRow } from "../../../src/hits";
import { createWriter, type InsertBatch } from "../../../src/collect/writer";
import { setLogLevel } from "../../../src/log";
import { until } from "../../helpers/collect";

setLogLevel("silent");

// NOTE: rows as young as the clock: a late row would make the writer bump its site's stats epoch,
// the only other thing it does with `sql`.
const row = (i: number) => ({ time: Date.now() + i }) as HitRow;
// NOTE: the writer only hands `sql` to its default insert, which these tests replace.
const noSql = null as unknown as Sql;

function recorder() {
  const batches: { id: string; size: number }[] = [];
  const attempts: string[] = [];
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  let fail = 0;
  const insert: InsertBatch = async (id, rows) => {
    if (gate) await gate;
    attempts.push(id);
    if (fail > 0 && fail--) throw new Error("database down");
    batches.push({ id, size: rows.length });
  };
  return {
    batches,
    attempts,
    insert,
    hold: () => void (gate = new Promise((r) => (release = () => ((gate = null), r())))),
    release: () => release(),
    failNext: (n: number) => void (fail = n),
  };
}

test("a flush started by a full batch writes whole batches only, a backlog in one statement; the rest waits for the timer", async () => {
  const rec = recorder();
  const writer = createWriter(noSql, { batchSize: 10, flushMs: 60_000, maxBuffer: 1000 }, createMetrics(), rec.insert);
  rec.hold();
  for (let i = 0; i < 10; i++) writer.push(row(i)); // starts a flush, held at the database
  for (let i = 10; i < 33; i++) writer.push(row(i)); // arrive while it runs
  rec.release();
  // The 23 rows that waited go as two whole batches in one statement; 3 stay.
  await until("the full batches", () => rec.batches.length >= 2, 5_000);
  expect(rec.batches.map((b) => b.size)).toEqual([10, 20]);
  expect(writer.buffered).toBe(3);
  await writer.flush(); // what the timer does: everything buffered now
  expect(rec.batches.map((b) => b.size)).toEqual([10, 20, 3]);
  expect(writer.buffered).toBe(0);
  await writer.close(100);
});

test("a backlog goes in statements of at most ten batches", async () => {
  const rec = recorder();
  const writer = createWriter(noSql, { batchSize: 3, flushMs: 60_000, maxBuffer: 1000 }, createMetrics(), rec.insert);
  rec.hold();
  for (let i = 0; i < 3; i++) writer.push(row(i));
  for (let i = 3; i < 70; i++) writer.push(row(i));
  rec.release();
  await writer.flush();
  expect(rec.batches.map((b) => b.size)).toEqual([3, 30, 30, 6, 1]);
  await writer.close(100);
});

test("flush() waits for a running flush, then drains what is left", async () => {
  const rec = recorder();
  const writer = createWriter(noSql, { batchSize: 4, flushMs: 60_000, maxBuffer: 1000 }, createMetrics(), rec.insert);
  rec.hold();
  for (let i = 0; i < 6; i++) writer.push(row(i));
  const flushed = writer.flush();
  rec.release();
  await flushed;
  expect(rec.batches.map((b) => b.size)).toEqual([4, 2]);
  await writer.close(100);
});

test("a failed batch is retried with the same id and rows", async () => {
  const rec = recorder();
  const metrics = createMetrics();
  const writer = createWriter(noSql, { batchSize: 5, flushMs: 60_000, maxBuffer: 1000 }, metrics, rec.insert);
  rec.failNext(2);
  for (let i = 0; i < 3; i++) writer.push(row(i));
  await expect(writer.flush()).rejects.toThrow("database down");
  writer.push(row(3));
  await expect(writer.flush()).rejects.toThrow("database down");
  await writer.flush();
  // The first batch keeps its 3 rows across the retries; the later row goes in the next batch.
  expect(rec.batches.map((b) => b.size)).toEqual([3, 1]);
  expect(rec.attempts.slice(0, 3)).toEqual([rec.batches[0]!.id, rec.batches[0]!.id, rec.batches[0]!.id]);
  expect(metrics.counts).toMatchObject({ accepted: 4, written: 4, flushFailures: 2 });
  await writer.close(100);
});
