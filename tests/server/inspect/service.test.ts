// The job runner's failures as the user reads them: a browser gone under a job, or a job past its
// deadline, is stored in the product's words, never with Playwright's own error text.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type BrowserHost } from "../../../src/inspect/browser";
import { BrowserGone, failureMessage, TookTooLong } from "../../../src/inspect/failure";
import { databaseJobs } from "../../../src/inspect/jobs";
import { jobRunner } from "../../../src/inspect/service";
import { mappedResolver } from "../../../src/inspect/guard";
import { claim, enqueue } from "../../../src/inspect/store";
import { testBrowserHost } from "../../helpers/browser";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const real = testBrowserHost();
beforeAll(async () => {
  server = await startTestServer({ env: { INSPECT_CONCURRENCY: "0" } });
});
afterAll(async () => {
  await real.close();
  await server.stop();
});

/** A host whose browser is closed between the job's lease and its first step (a crash, a recycle). */
const closingHost: BrowserHost = {
  acquire: async () => {
    const lease = await real.acquire();
    await lease.browser.close();
    return lease;
  },
  close: () => real.close(),
  launches: () => real.launches(),
};

describe("a failed inspection", () => {
  test("whose browser closed under it says so in the product's words", async () => {
    const sql = server.db.sql;
    // NOTE: the job never gets as far as navigating: no site is needed, and none is reached.
    const url = "https://closed.example/";
    await enqueue(sql, url);
    const job = (await claim(sql, 60_000))!;
    const run = jobRunner({
      jobs: databaseJobs(sql), browser: closingHost, greencheck: async () => ({ green: false }), guard: { resolve: mappedResolver(new Map()), allow: [] },
      limits: { timeoutMs: 30_000, quietMs: 300, maxBytes: 1e7, maxRequests: 100 },
    });
    await run(job);
    const [row] = await sql<{ status: string; error: string; errorType: string }[]>`
      SELECT status, error, error_type AS "errorType" FROM inspections WHERE id = ${job.id}`;
    expect(row).toEqual({ status: "failed", error: "The browser stopped during the inspection; please try again", errorType: "error" });
  });

  test("each cause has its own sentence, and Playwright's text is never one", () => {
    const playwright = (name: string, message: string) => Object.assign(new Error(message), { name });
    const cases: [unknown, string][] = [
      [new TookTooLong("no answer from the browser"), "The inspection took longer than 30 s; please try again later"],
      [playwright("TimeoutError", "page.title: Timeout 2000ms exceeded."), "The inspection took longer than 30 s; please try again later"],
      [new BrowserGone("crashed"), "The page crashed the browser during the inspection"],
      [new BrowserGone("closed"), "The browser stopped during the inspection; please try again"],
      [playwright("Error", "_wrapApiCall: Target page, context or browser has been closed"), "The browser stopped during the inspection; please try again"],
      [playwright("Error", "page.evaluate: Execution context was destroyed"), "The inspection could not be completed; please try again"],
      ["a thrown string", "The inspection could not be completed; please try again"],
    ];
    for (const [err, said] of cases) expect(failureMessage(err, 30_000)).toBe(said);
  });
});
