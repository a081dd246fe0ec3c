// The inspection queue's loops and their browser, as an app node runs them (INSPECT_CONCURRENCY > 0,
// ./index.ts) and as `npm run worker:inspect` does (src/cli/worker-inspect.ts), each stopped the same
// way at shutdown.
import { greenCheck } from "../carbon";
import type { Config } from "../config";
import type { Database } from "../db";
import { browserHost, type BrowserHost } from "./browser";
import { databaseJobs, type JobSource } from "./jobs";
import { startQueue } from "./queue";
import { appJobs } from "./remote";
import { guardFrom, jobRunner, leaseMs, limitsFrom } from "./service";

/** `cards`: each job draws its result's card (service.ts), as `worker:inspect` does. */
type Loops = { concurrency: number; pollMs: number; cards?: boolean };

export function runInspections(config: Config, jobs: JobSource, browser: BrowserHost, { concurrency, pollMs, cards }: Loops) {
  const run = jobRunner({
    jobs, browser, greencheck: greenCheck(config.GREENCHECK_API_BASE), guard: guardFrom(config), limits: limitsFrom(config),
    stopping: () => queue.stopping(), cards,
  });
  const queue = startQueue({ jobs, concurrency, leaseMs: leaseMs(config), pollMs, run });
  return {
    concurrency,
    wake: queue.wake,
    /**
     * An inspection can take 30 s, longer than the shutdown allows: running jobs get a third of it,
     * then the browser is closed, which ends them and hands them back to the queue.
     */
    stop: async () => {
      await queue.stop(config.SHUTDOWN_TIMEOUT_MS / 3);
      await browser.close();
      await queue.stop();
    },
  };
}

/**
 * The loops of `npm run worker:inspect`, with a browser of their own: jobs from the database when it
 * has one (DATABASE_URL), else from an app's internal API (APP_URL and INSPECT_TOKEN).
 */
export function inspectionWorker(config: Config, db: Database | null) {
  const jobs = db ? databaseJobs(db.sql) : appJobs(config.APP_URL ?? "", config.INSPECT_TOKEN ?? "");
  return runInspections(config, jobs, browserHost(config.CHROMIUM_PATH, undefined, config.CHROMIUM_NICE), {
    concurrency: Math.max(1, config.INSPECT_CONCURRENCY), pollMs: 500, cards: true,
  });
}
