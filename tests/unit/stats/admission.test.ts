// The stats read gate: identical reads share one read, distinct ones take turns within a bounded
// line, a full line or a long wait is a 503 with Retry-After, and a caller that accepts a snapshot
// gets the last answer while the next read runs, which then runs again for as long as it is watched.
import { describe, expect, test } from "bun:test";
import { readGate } from "../../../src/stats/admission";
import { HttpError } from "../../../src/http/errors";
import { scaled } from "../../helpers/time";

/** A read that settles when the test says so, counting how often it was started. */
function held<T>(value: T) {
  let started = 0;
  let release = () => {};
  let fail = (_: Error) => {};
  const read = () => {
    started++;
    return new Promise<T>((resolve, reject) => {
      release = () => resolve(value);
      fail = reject;
    });
  };
  return { read, release: () => release(), fail: (e: Error) => fail(e), started: () => started };
}

/**
 * Reads answering 1, 2, 3… in the order they started, each settling when the test releases the oldest.
 * `startedAt[n - 1]` is when read n started, so pauses are measured between starts, not from when
 * the test noticed one (a busy machine notices late).
 */
function numbered() {
  let started = 0;
  const startedAt: number[] = [];
  const releases: (() => void)[] = [];
  const read = () => {
    const value = ++started;
    startedAt.push(Date.now());
    return new Promise<number>((resolve) => releases.push(() => resolve(value)));
  };
  return { read, release: () => releases.shift()!(), started: () => started, startedAt };
}

const tick = () => Bun.sleep(1);

/**
 * Read 1 answered, then read 2 watched (a snapshot caller gets answer 1 while it runs) and answered.
 * Resolves once read 2 has answered, when the pause before read 3 is already running.
 */
async function watchedSecondRead(gate: ReturnType<typeof readGate>, { read, release }: ReturnType<typeof numbered>): Promise<void> {
  const first = gate.run("k", read, { staleMs: 10_000 });
  await tick();
  release();
  expect(await first).toBe(1);
  const second = gate.run("k", read, { staleMs: 10_000 });
  await tick();
  expect(await gate.run("k", read, { staleMs: 10_000 })).toBe(1);
  release();
  expect(await second).toBe(2);
}

describe("readGate", () => {
  test("callers of the same key while a read waits or runs share it: one read, one answer for all", async () => {
    const gate = readGate({ atOnce: 1, waiting: 4, waitMs: 1_000 });
    const a = held("a");
    const answers = [gate.run("k", a.read), gate.run("k", a.read), gate.run("k", a.read)];
    await tick();
    expect(a.started()).toBe(1);
    a.release();
    expect(await Promise.all(answers)).toEqual(["a", "a", "a"]);
    expect(gate.shared).toBe(2);
    // Once settled, the next caller reads again.
    const again = gate.run("k", a.read);
    await tick();
    expect(a.started()).toBe(2);
    a.release();
    expect(await again).toBe("a");
  });

  test("at most `atOnce` distinct reads run; the next starts when one ends", async () => {
    const gate = readGate({ atOnce: 2, waiting: 4, waitMs: 1_000 });
    const reads = [held(1), held(2), held(3)];
    const answers = reads.map((r, i) => gate.run(`k${i}`, r.read));
    await tick();
    expect(reads.map((r) => r.started())).toEqual([1, 1, 0]);
    reads[1]!.release();
    await tick();
    expect(reads[2]!.started()).toBe(1);
    reads[0]!.release();
    reads[2]!.release();
    expect(await Promise.all(answers)).toEqual([1, 2, 3]);
  });

  test("a full line is refused at once with 503 and Retry-After; a failed read frees its turn", async () => {
    const gate = readGate({ atOnce: 1, waiting: 1, waitMs: 1_000 });
    const first = held("first");
    const second = held("second");
    const running = gate.run("a", first.read);
    const waiting = gate.run("b", second.read);
    const refused = await gate.run("c", () => Promise.resolve("never")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(503);
    expect((refused as HttpError).headers).toEqual({ "retry-after": "1" });
    expect(gate.refused).toBe(1);
    await tick();
    first.fail(new Error("boom"));
    expect(await running.catch((e: Error) => e.message)).toBe("boom");
    await tick();
    expect(second.started()).toBe(1);
    second.release();
    expect(await waiting).toBe("second");
  });

  test("a read that waits longer than `waitMs` for its turn is refused, and never starts", async () => {
    const gate = readGate({ atOnce: 1, waiting: 4, waitMs: 30 });
    const first = held("first");
    const late = held("late");
    const running = gate.run("a", first.read);
    const refused = await gate.run("b", late.read).catch((e: unknown) => e);
    expect((refused as HttpError).status).toBe(503);
    first.release();
    expect(await running).toBe("first");
    await tick();
    expect(late.started()).toBe(0);
  });

  test("with staleMs, a caller asking while the read runs gets the last answer at once; a watched key is read again, an unwatched one not", async () => {
    const gate = readGate({ atOnce: 2, waiting: 4, waitMs: 1_000, rereadMs: 0 });
    const { read, release, started } = numbered();
    // No snapshot yet: the first callers wait for the read.
    const first = gate.run("k", read, { staleMs: 1_000 });
    await tick();
    release();
    expect(await first).toBe(1);
    // A read under way: a snapshot caller gets answer 1 at once, a caller without staleMs waits for 2.
    const second = gate.run("k", read, { staleMs: 1_000 });
    await tick();
    expect(await gate.run("k", read, { staleMs: 1_000 })).toBe(1);
    expect(gate.snapshots).toBe(1);
    const joiner = gate.run("k", read);
    release();
    expect(await Promise.all([second, joiner])).toEqual([2, 2]);
    // Someone took a snapshot while read 2 ran, so read 3 starts with nobody waiting for it.
    await tick();
    expect(started()).toBe(3);
    expect(await gate.run("k", read, { staleMs: 1_000 })).toBe(2);
    release();
    await tick();
    // Read 4 starts (a snapshot was taken during read 3); nobody asks while it runs, so it is the last.
    expect(started()).toBe(4);
    release();
    await tick();
    expect(started()).toBe(4);
  });

  test("a watched key is read again rereadMs after its last read started; meanwhile snapshot callers get the last answer and start nothing", async () => {
    // NOTE: long enough that the pause below stays inside it on a busy machine (60 ms did not).
    const rereadMs = scaled(300);
    const gate = readGate({ atOnce: 1, waiting: 4, waitMs: 1_000, rereadMs });
    const reads = numbered();
    const { read, release, started, startedAt } = reads;
    // Read 2, watched: a snapshot is taken while it runs.
    await watchedSecondRead(gate, reads);
    // The pause: callers get answer 2 at once and no read starts.
    await Bun.sleep(20);
    expect(await gate.run("k", read, { staleMs: 10_000 })).toBe(2);
    expect(started()).toBe(2);
    // Read 3 starts once rereadMs has passed since read 2 started, with nobody waiting for it.
    while (started() < 3) await Bun.sleep(5);
    // NOTE: a little under rereadMs: both ends are whole milliseconds, each read a moment after the gate read its own.
    expect(startedAt[2]! - startedAt[1]!).toBeGreaterThanOrEqual(rereadMs - 5);
    release();
    await tick();
    // The caller in the pause kept the key watched: read 4 comes rereadMs after read 3 started.
    while (started() < 4) await Bun.sleep(5);
    expect(startedAt[3]! - startedAt[2]!).toBeGreaterThanOrEqual(rereadMs - 5);
    release();
    // Nobody asked during read 4 or before it, so nothing more is scheduled.
    await Bun.sleep(rereadMs * 1.5);
    expect(started()).toBe(4);
  });

  test("a caller without staleMs during a watched key's pause reads at once; the scheduled read then does not start", async () => {
    const gate = readGate({ atOnce: 1, waiting: 4, waitMs: 1_000, rereadMs: 40 });
    const reads = numbered();
    const { read, release, started } = reads;
    await watchedSecondRead(gate, reads);
    const noSnapshot = gate.run("k", read);
    await tick();
    release();
    expect(await noSnapshot).toBe(3);
    await Bun.sleep(80);
    expect(started()).toBe(3);
  });

  test("a snapshot whose read started longer than staleMs ago is not served: the caller waits for the read", async () => {
    const gate = readGate({ atOnce: 1, waiting: 4, waitMs: 1_000 });
    const a = held("old");
    const first = gate.run("k", a.read, { staleMs: 10 });
    await tick();
    a.release();
    await first;
    await Bun.sleep(30);
    const b = held("new");
    const running = gate.run("k", b.read);
    const waiting = gate.run("k", b.read, { staleMs: 10 });
    await tick();
    b.release();
    expect(await Promise.all([running, waiting])).toEqual(["new", "new"]);
    expect(gate.snapshots).toBe(0);
  });

  test("answers of callers that take no snapshot are not kept: an export's answer is never served as one", async () => {
    const gate = readGate({ atOnce: 1, waiting: 4, waitMs: 1_000 });
    const a = held("export");
    const first = gate.run("k", a.read);
    await tick();
    a.release();
    await first;
    const b = held("fresh");
    const running = gate.run("k", b.read);
    const asking = gate.run("k", b.read, { staleMs: 60_000 });
    await tick();
    b.release();
    expect(await Promise.all([running, asking])).toEqual(["fresh", "fresh"]);
    expect(gate.snapshots).toBe(0);
  });
});
