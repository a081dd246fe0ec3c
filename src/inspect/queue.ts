// Runs the inspections table as a queue: `concurrency` loops per process, each claiming one job
// at a time with FOR UPDATE SKIP LOCKED (store.claim), so several processes can share the table;
// the claims go through a JobSource (jobs.ts), straight or through the app's internal API.
// An enqueue in this process wakes a loop at once; jobs queued by others are found by polling.
import { log } from "../log";
import type { JobSource } from "./jobs";
import type { Job } from "./store";

type QueueRunner = {
  /** Tells idle loops that a job was queued. */
  wake(): void;
  /** Stops claiming and waits for running jobs, for at most graceMs when given. */
  stop(graceMs?: number): Promise<void>;
  /** True once stop() was called: a job failing now was cut short by the shutdown. */
  stopping(): boolean;
};

export function startQueue(opts: {
  jobs: JobSource;
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  run: (job: Job) => Promise<void>;
}): QueueRunner {
  let stopped = false;
  const running = new Set<Promise<void>>();
  let waiters: (() => void)[] = [];
  const wake = () => {
    const w = waiters;
    waiters = [];
    for (const resolve of w) resolve();
  };
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, opts.pollMs);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  const loop = async () => {
    while (!stopped) {
      let job: Job | null = null;
      try {
        job = await opts.jobs.claim(opts.leaseMs);
      } catch (err) {
        if (stopped) break;
        log.error("inspect queue claim failed", { error: err instanceof Error ? err.message : String(err) });
      }
      if (job && stopped) {
        // Claimed while stopping: hand it back (best effort; else its lease runs out).
        await opts.jobs.release(job.id).catch(() => {});
        break;
      }
      if (!job) {
        await idle();
        continue;
      }
      const id = job.id;
      const run = opts.run(job).catch((err: unknown) => {
        log.error("inspection job crashed", { id, error: err instanceof Error ? err.message : String(err) });
      });
      running.add(run);
      await run;
      running.delete(run);
    }
  };
  for (let i = 0; i < opts.concurrency; i++) void loop();
  return {
    wake,
    // NOTE: waits for running jobs only, not for a claim in flight: on shutdown the database may
    // already be unable to answer it, and a job claimed then is retaken when its lease runs out.
    stop: async (graceMs) => {
      stopped = true;
      wake();
      const all = Promise.all(running);
      if (graceMs === undefined) return void (await all);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    },
    stopping: () => stopped,
  };
}
