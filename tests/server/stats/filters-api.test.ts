// GET /api/stats with `filters`: a slice answers every dataType, the same for a session, a Pro API
// key and a public dashboard; a malformed filter is a 400 that names the bad part, on each of them.
// NOTE: whether a slice's numbers are right is filters.test.ts's business (raw hits in SQL).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, dayKey, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { ingest, traffic } from "../../helpers/stats";
import { refreshAggregates } from "../../../src/hits";
import { DAY_MS } from "../../../src/shared/days";
import type { Filter } from "../../../src/shared/filters";

const DOMAIN = "slices.example.com";
const SAME = { origin: "http://bothy.test" };
const RANGE = `startKey=${dayKey(20)}&endKey=${dayKey(1)}`;
let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
let key: string;
let publicId: string;

const q = (filters: unknown) => `filters=${encodeURIComponent(typeof filters === "string" ? filters : JSON.stringify(filters))}`;
/** The same ask through a session, the Pro API key and the public dashboard. */
const threeWays = (dataType: string, query: string) => Promise.all([
  call(server.app, "GET", `/api/stats?domain=${DOMAIN}&${RANGE}&dataType=${dataType}&${query}`, { cookie: owner }),
  call(server.app, "GET", `/api/stats?domain=${DOMAIN}&${RANGE}&dataType=${dataType}&${query}`, { headers: { authorization: `Bearer ${key}` } }),
  call(server.app, "GET", `/api/stats-public?id=${publicId}&${RANGE}&dataType=${dataType}&${query}`),
]);

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  owner = await verifiedSession(server, "owner@example.com", "a sturdy passphrase");
  await server.db.sql`UPDATE users SET scope = ${["pro"]} WHERE email = 'owner@example.com'`;
  expect((await call(server.app, "POST", "/api/domains", { cookie: owner, headers: SAME, body: { domain: DOMAIN, tz: "America/St_Johns" } })).status).toBe(201);
  await server.db.sql`UPDATE domains SET verified_at = now(), created = now() - interval '60 days'`;
  expect((await call(server.app, "PATCH", `/api/domains/${DOMAIN}`, { cookie: owner, headers: SAME, body: { public: true } })).status).toBe(200);
  publicId = (await server.db.sql`SELECT public_id FROM domains WHERE name = ${DOMAIN}`)[0]!.public_id;
  key = (await call(server.app, "POST", "/api/api-keys", { cookie: owner, headers: SAME, body: { name: "ci" } })).json.apiKey.key;
  const now = Date.now();
  await ingest(server.db.sql, traffic(DOMAIN, now - 25 * DAY_MS, now - DAY_MS, 1500, 5));
  await refreshAggregates(server.db.sql);
}, 120_000);
afterAll(() => server.stop());

describe("filters on GET /api/stats", () => {
  test("a slice answers every dataType, identically for a session, a Pro key and a public dashboard, and says which slice it is", async () => {
    const filters: Filter[] = [["is", "device", ["desktop", "tablet"]], ["not_contains", "page", ["/blog"]]];
    for (const dataType of ["SUMMARY", "PATH", "REF"]) {
      const [session, apiKey, shared] = await threeWays(dataType, q(filters));
      for (const res of [session, apiKey, shared]) expect(res.status).toBe(200);
      expect(session.json.validated.filters).toEqual(filters);
      // NOTE: a public link reads as nobody: it has no key to sign with and no role on the domain;
      // it alone says whether its realtime view is shared.
      const { SK: _, role: _role, ...rest } = session.json.validated;
      expect(apiKey.json).toEqual(session.json);
      expect(shared.json.validated.realtime).toBe(false);
      expect({ ...shared.json, validated: { ...shared.json.validated, downloads: undefined, realtime: undefined } })
        .toEqual({ ...session.json, validated: { ...rest, downloads: undefined } });
    }
    const [whole] = await threeWays("SUMMARY", "");
    const [slice] = await threeWays("SUMMARY", q(filters));
    expect(whole.json.validated.filters).toEqual([]);
    expect(slice.json.visits.hits).toBeGreaterThan(0);
    expect(slice.json.visits.hits).toBeLessThan(whole.json.visits.hits);
    expect(slice.json.device.mobile).toBe(0);
    expect(whole.json.device.mobile).toBeGreaterThan(0);
  });

  test("the same filters in another order are the same slice", async () => {
    const a: Filter[] = [["is", "source", ["search", "direct"]], ["is_not", "country", ["unknown"]]];
    const b: Filter[] = [["is_not", "country", ["unknown"]], ["is", "source", ["direct", "search"]]];
    const [[x], [y]] = await Promise.all([threeWays("PATH", q(a)), threeWays("PATH", q(b))]);
    const { validated: _a, ...xs } = x.json;
    const { validated: _b, ...ys } = y.json;
    expect(xs).toEqual(ys);
  });

  test.each([
    ["not JSON", "[[is", "filters is not valid JSON"],
    ["not an array", { is: "source" }, "filters must be a JSON array of [operator, dimension, values]."],
    ["an unknown operator", [["equals", "source", ["search"]]], 'filters[0]: unknown operator "equals"'],
    ["an unknown dimension", [["is", "source", ["search"]], ["is", "visitor", ["x"]]], 'filters[1]: unknown dimension "visitor"'],
    ["no values", [["is", "country", []]], "filters[0]: values must be an array of 1–20 strings."],
    ["a value that is no string", [["contains", "page", [3]]], "filters[0]: each value must be a string"],
    ["a filter of two parts", [["is", "page"]], "filters[0] must be [operator, dimension, values]."],
  ])("%s is a 400 naming the bad part, for every caller", async (_, filters, message) => {
    for (const res of await threeWays("SUMMARY", q(filters))) {
      expect(res.status).toBe(400);
      expect(res.json.error.message).toStartWith(message);
      expect(res.json.error.fields).toEqual({ filters: res.json.error.message });
    }
  });

  test("the OpenAPI document describes filters with an example", async () => {
    const res = await call(server.app, "GET", "/api/docs/json");
    const params = res.json.paths["/api/stats"].get.parameters as { name: string; schema: { description?: string } }[];
    const filters = params.find((p) => p.name === "filters");
    expect(filters?.schema.description).toContain('[["is","source",["search"]]');
  });
});
