// The inspections table as a queue, on the real database with no in-process workers
// (INSPECT_CONCURRENCY=0, as when `npm run worker:inspect` runs them): de-duplication, claim
// order, leases of dead workers, and the runner's concurrency bound.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { databaseJobs } from "../../../src/inspect/jobs";
import { startQueue } from "../../../src/inspect/queue";
import { claim, enqueue, fail, release } from "../../../src/inspect/store";
import { until } from "../../helpers/collect";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ env: { INSPECT_CONCURRENCY: "0" } });
});
afterAll(() => server.stop());

describe("inspections queue", () => {
  test("one live job per URL; claims go oldest first and never twice", async () => {
    const sql = server.db.sql;
    expect(await enqueue(sql, "https://a.example/")).toBe(true);
    expect(await enqueue(sql, "https://a.example/")).toBe(false);
    expect(await enqueue(sql, "https://b.example/")).toBe(true);
    const first = await claim(sql, 60_000);
    const second = await claim(sql, 60_000);
    expect([first?.url, second?.url]).toEqual(["https://a.example/", "https://b.example/"]);
    expect(await claim(sql, 60_000)).toBeNull();
    // A finished job frees its URL for the next run.
    await fail(sql, first!.id, "x", "error");
    expect(await enqueue(sql, "https://a.example/")).toBe(true);
    await fail(sql, (await claim(sql, 60_000))!.id, "x", "error");
    await fail(sql, second!.id, "x", "error");
  });

  test("a running job whose lease ran out is claimed again, with its attempts counted", async () => {
    const sql = server.db.sql;
    await enqueue(sql, "https://dead.example/");
    const job = await claim(sql, 1);
    await sql`UPDATE inspections SET lease_until = now() - interval '1 second' WHERE id = ${job!.id}`;
    const again = await claim(sql, 60_000);
    expect(again).toEqual({ id: job!.id, url: "https://dead.example/", attempts: 2 });
    await fail(sql, job!.id, "x", "error");
  });

  test("a released job goes back to the queue as it was", async () => {
    const sql = server.db.sql;
    await enqueue(sql, "https://released.example/");
    const job = await claim(sql, 60_000);
    await release(sql, job!.id);
    expect(await claim(sql, 60_000)).toEqual({ id: job!.id, url: "https://released.example/", attempts: 1 });
    await fail(sql, job!.id, "x", "error");
  });

  test("the runner runs every job once with at most `concurrency` at a time", async () => {
    const sql = server.db.sql;
    let running = 0;
    let peak = 0;
    const seen: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const queue = startQueue({
      jobs: databaseJobs(sql), concurrency: 2, leaseMs: 60_000, pollMs: 50,
      run: async (job) => {
        running++;
        peak = Math.max(peak, running);
        seen.push(job.url);
        if (seen.length <= 2) await gate; // hold the first two so the others must wait
        running--;
        await fail(sql, job.id, "done", "error");
      },
    });
    for (const n of [1, 2, 3, 4]) await enqueue(sql, `https://job${n}.example/`);
    queue.wake();
    await until("the first two jobs to start", () => seen.length >= 2);
    expect(running).toBe(2);
    release();
    await until("all four jobs to start", () => seen.length >= 4);
    await queue.stop();
    expect(peak).toBe(2);
    expect(seen.sort()).toEqual([1, 2, 3, 4].map((n) => `https://job${n}.example/`));
  });
});
