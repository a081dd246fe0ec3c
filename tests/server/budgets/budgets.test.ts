// A domain's carbon budgets through the API, on the real server and database: the list saved in its
// order and answered back; every malformed list a 400 that says what is wrong and changes nothing;
// the list gone with its domain. Who may read and change them: tests/server/domains/matrix.test.ts.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

const SAME = { origin: "http://bothy.test" };
const D = "budgets.example.com";
const BASE = `/api/domains/${D}/budgets`;

let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
const api = (method: string, path: string, body?: unknown) => call(server.app, method, path, { cookie: owner, headers: SAME, body });

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  owner = await verifiedSession(server, "owner@example.com", "a sturdy passphrase");
  expect((await api("POST", "/api/domains", { domain: D })).status).toBe(201);
});
afterAll(async () => {
  await server.stop();
});

const SAVED = [
  { pattern: "/blog/**", grams: 0.3, bytes: null },
  { pattern: "/shop/*", grams: null, bytes: 1_500_000 },
  { pattern: null, grams: 0.5, bytes: 2_000_000 },
];

test("a list of budgets is kept in its order, patterns trimmed, and answered back", async () => {
  expect((await api("GET", BASE)).json).toEqual({ budgets: [], maxBudgets: 20 });
  const put = await api("PUT", BASE, { budgets: SAVED.map((b) => (b.pattern ? { ...b, pattern: ` ${b.pattern} ` } : b)) });
  expect(put.status).toBe(200);
  expect(put.json).toEqual({ budgets: SAVED, maxBudgets: 20 });
  expect((await api("GET", BASE)).json.budgets).toEqual(SAVED);
});

test("a malformed list is a 400 that says what is wrong, and the budgets stay as they were", async () => {
  await api("PUT", BASE, { budgets: SAVED });
  const cases: [unknown, string][] = [
    [{ budgets: [{ pattern: "/a", grams: null, bytes: null }] }, "Each budget needs grams or bytes per view, or both."],
    [{ budgets: [{ pattern: "blog", grams: 1, bytes: null }] }, "A budget's pattern starts with /, e.g. /thanks or /blog/**."],
    [{ budgets: [{ pattern: "/a", grams: 1, bytes: null }, { pattern: "/a", grams: 2, bytes: null }] }, "/a has two budgets."],
    [{ budgets: [{ pattern: null, grams: 1, bytes: null }, { pattern: null, grams: 2, bytes: null }] }, "A website has one default budget."],
    [{ budgets: [{ pattern: "/a", grams: 0, bytes: null }] }, "grams must be above 0 and at most 1000, or null."],
    [{ budgets: [{ pattern: "/a", grams: null, bytes: 1.5 }] }, "bytes must be a whole number from 1 to 10000000000, or null."],
    [{ budgets: Array.from({ length: 21 }, (_, i) => ({ pattern: `/p${i}`, grams: 1, bytes: null })) }, "budgets must be a list of at most 20 budgets."],
  ];
  for (const [body, message] of cases) {
    const res = await api("PUT", BASE, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
  }
  expect((await api("GET", BASE)).json.budgets).toEqual(SAVED);
});

test("an unknown domain is a 404; the budgets go with their domain", async () => {
  expect((await api("GET", "/api/domains/nowhere.example.com/budgets")).status).toBe(404);
  expect((await api("PUT", "/api/domains/nowhere.example.com/budgets", { budgets: [] })).status).toBe(404);
  await api("PUT", BASE, { budgets: SAVED });
  const [site] = await server.db.sql<{ id: number }[]>`SELECT id FROM domains WHERE name = ${D}`;
  expect((await api("DELETE", `/api/domains/${D}`, { confirm: D })).status).toBe(200);
  expect(await server.db.sql`SELECT 1 FROM budgets WHERE domain_id = ${site!.id}`).toHaveLength(0);
});
