// A shutdown in the middle of an inspection: the job gets a grace period, then the browser is
// closed and the job goes back to the queue (not "failed"), for the next process to run.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFixtureSite, type FixtureSite } from "../../helpers/inspect-site";
import { until } from "../../helpers/collect";
import { freshDatabase, openTestDatabase } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { req, startTestServer } from "../../helpers/server";

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.stop());
const scratch = removedAfterAll();

test("a job cut short by the shutdown is queued again", async () => {
  // NOTE: a database of the test's own, read again after the server stopped.
  const db = scratch(await freshDatabase());
  const server = await startTestServer({ env: { ...site.env, ...db.env, SHUTDOWN_TIMEOUT_MS: "1500", GREENCHECK_API_BASE: "http://127.0.0.1:9" } });
  // NOTE: a page that never finishes loading, so the job is surely running when the 500 ms grace
  // ends (a page that spins after load could still finish within it on a fast run).
  const url = site.url("/stalled");
  expect(await (await server.app.handle(req(`/api/check-analysis?url=${encodeURIComponent(url)}`))).json()).toEqual({ action: "check_again" });
  await until("the job to be running", async () => {
    const [row] = await server.db.sql<{ status: string }[]>`SELECT status FROM inspections WHERE url = ${url}`;
    return row?.status === "running";
  });
  await server.stop();

  const again = await openTestDatabase(db.env);
  try {
    const rows = await again.sql<{ status: string; attempts: number }[]>`SELECT status, attempts FROM inspections WHERE url = ${url}`;
    expect([...rows]).toEqual([{ status: "queued", attempts: 0 }]);
  } finally {
    await again.close();
  }
});
