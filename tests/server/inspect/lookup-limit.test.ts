// The inspector's routes look a name up (its SSRF guard) only when a run is to start, and only after
// the caller's budget is taken: past the limit, check-analysis and a forced get-screenshot answer 429
// without a single look-up, and reading a stored answer looks nothing up. The look-ups are counted
// on the test resolver (INSPECT_HOST_MAP), which every name the guard resolves goes through first.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { req, startTestServer } from "../../helpers/server";

const NAME = "counted.example";
let server: Awaited<ReturnType<typeof startTestServer>>;
let lookups = 0;

beforeAll(async () => {
  // NOTE: no queue in this process: runs are queued, never started, so nothing leaves loopback.
  server = await startTestServer({ env: { INSPECT_CONCURRENCY: "0", INSPECT_RATE_LIMIT: "1", INSPECT_HOST_MAP: `${NAME}=93.184.215.14` } });
  const map = server.config.INSPECT_HOST_MAP as Map<string, string>;
  const get = map.get.bind(map);
  map.get = (host: string) => {
    if (host === NAME) lookups++;
    return get(host);
  };
});
afterAll(() => server?.stop());

const get = (path: string) => server.app.handle(req(path));
const page = (path: string) => encodeURIComponent(`https://${NAME}${path}`);

test("past its limit a client's checks answer 429 before any look-up", async () => {
  const first = await get(`/api/check-analysis?url=${page("/a")}`);
  expect(await first.json()).toEqual({ action: "check_again" });
  expect(lookups).toBe(1);
  for (const path of [`/api/check-analysis?url=${page("/b")}`, `/api/check-analysis?url=${page("/c")}&check=true`, `/api/get-screenshot?url=${page("/d")}&force=true`]) {
    const res = await get(path);
    expect({ path, status: res.status }).toEqual({ path, status: 429 });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  }
  expect(lookups).toBe(1);
});

test("a queued run is answered from the database, with no look-up", async () => {
  const before = lookups;
  expect(await (await get(`/api/check-analysis?url=${page("/a")}`)).json()).toEqual({ action: "check_again" });
  expect((await get(`/api/get-screenshot?url=${page("/a")}`)).status).toBe(404);
  expect(lookups).toBe(before);
});
