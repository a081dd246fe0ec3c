// Who may export what, outside beta (BETA=0): the access rules of /api/stats (owner, admin, a Pro
// API key, a public dashboard's id and password) plus the plan rule (Pro or admin), whether a public
// dashboard's answer offers downloads, and bad input answered with a status and the one JSON error
// shape, never a 5xx, before any file starts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import JSZip from "jszip";
import { SESSION_COOKIE } from "../../../src/auth";
import { call, dayKey, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
const START = dayKey(7);
const END = dayKey(1);
const RANGE = `startKey=${START}&endKey=${END}`;
let pro: string;
let free: string;
let admin: string;
let proKey: string;
let freeKey: string;
const ids: Record<string, string> = {};

const post = (cookie: string, path: string, body: unknown) => call(server.app, "POST", path, { cookie, headers: SAME, body });
const patch = (cookie: string, path: string, body: unknown) => call(server.app, "PATCH", path, { cookie, headers: SAME, body });
const exportOf = (query: string, opts: { cookie?: string; headers?: Record<string, string> } = {}) =>
  call(server.app, "GET", `/api/export?${query}`, opts);

const expectError = (res: { status: number; json: any; headers: Headers }, status: number, message?: string) => {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toStartWith("application/json");
  expect(res.json.error.status).toBe(status);
  expect(typeof res.json.error.code).toBe("string");
  if (message !== undefined) expect(res.json.error.message).toBe(message);
};
const expectFile = (res: { status: number; headers: Headers }, name: string) => {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
};

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  pro = await verifiedSession(server, "pro@example.com", PASSWORD);
  free = await verifiedSession(server, "free@example.com", PASSWORD);
  admin = await verifiedSession(server, "admin@example.com", PASSWORD);
  await server.db.sql`UPDATE users SET scope = '{pro}' WHERE email = 'pro@example.com'`;
  await server.db.sql`UPDATE users SET scope = '{admin}' WHERE email = 'admin@example.com'`;
  for (const d of ["mine.example.com", "shared.example.com", "locked.example.com", "quiet.example.com"]) expect((await post(pro, "/api/domains", { domain: d })).status).toBe(201);
  expect((await post(free, "/api/domains", { domain: "theirs.example.com" })).status).toBe(201);
  await server.db.sql`UPDATE domains SET verified_at = now()`;
  await patch(pro, "/api/domains/shared.example.com", { public: true, publicExport: true });
  await patch(pro, "/api/domains/locked.example.com", { public: true, password: "open sesame please", publicExport: true });
  await patch(pro, "/api/domains/quiet.example.com", { public: true });
  await patch(free, "/api/domains/theirs.example.com", { public: true });
  // NOTE: straight in the table: the API refuses the switch to a free account (tested below).
  await server.db.sql`UPDATE domains SET public_export = true WHERE name = 'theirs.example.com'`;
  for (const { name, public_id } of await server.db.sql<{ name: string; public_id: string }[]>`SELECT name, public_id FROM domains`) ids[name] = public_id;
  proKey = (await post(pro, "/api/api-keys", { name: "script" })).json.apiKey.key;
  // NOTE: keys are made by Pro accounts; this one's holder lost Pro afterwards.
  await server.db.sql`UPDATE users SET scope = '{pro}' WHERE email = 'free@example.com'`;
  freeKey = (await post(free, "/api/api-keys", { name: "script" })).json.apiKey.key;
  await server.db.sql`UPDATE users SET scope = '{}' WHERE email = 'free@example.com'`;
}, 60_000);
afterAll(() => server?.stop());

describe("by domain name", () => {
  test("a Pro owner downloads both formats, named {domain}_{startKey}_{endKey}", async () => {
    expectFile(await exportOf(`domain=mine.example.com&${RANGE}&format=xlsx`, { cookie: pro }), `mine.example.com_${START}_${END}.xlsx`);
    expectFile(await exportOf(`domain=MINE.example.com&${RANGE}&format=csv`, { cookie: pro }), `mine.example.com_${START}_${END}.zip`);
  });

  test("a free owner is told exports are Pro; signed out is asked to sign in", async () => {
    expectError(await exportOf(`domain=theirs.example.com&${RANGE}&format=xlsx`, { cookie: free }), 403, "Exports are a Pro feature. Upgrade to Pro to download your stats.");
    expectError(await exportOf(`domain=mine.example.com&${RANGE}&format=xlsx`), 401, "Please sign in.");
  });

  test("another account's domain and an unknown one answer the same 404; an admin exports any", async () => {
    expectError(await exportOf(`domain=theirs.example.com&${RANGE}&format=xlsx`, { cookie: pro }), 404, "No such domain.");
    expectError(await exportOf(`domain=nowhere.example.com&${RANGE}&format=xlsx`, { cookie: pro }), 404, "No such domain.");
    expectFile(await exportOf(`domain=theirs.example.com&${RANGE}&format=csv`, { cookie: admin }), `theirs.example.com_${START}_${END}.zip`);
  });

  test("API keys: a Pro holder's key exports their domains; a lapsed holder's key and a bad key do not", async () => {
    const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
    expectFile(await exportOf(`domain=mine.example.com&${RANGE}&format=xlsx`, bearer(proKey)), `mine.example.com_${START}_${END}.xlsx`);
    expectError(await exportOf(`domain=theirs.example.com&${RANGE}&format=xlsx`, bearer(proKey)), 404);
    expectError(await exportOf(`domain=theirs.example.com&${RANGE}&format=xlsx`, bearer(freeKey)), 403);
    expectError(await exportOf(`domain=mine.example.com&${RANGE}&format=xlsx`, bearer("nope")), 401);
  });
});

describe("by public dashboard", () => {
  test("an open dashboard of a Pro owner exports without naming the domain", async () => {
    expectFile(await exportOf(`id=${ids["shared.example.com"]}&${RANGE}&format=csv`), `dashboard_${START}_${END}.zip`);
  });

  test("its export leaves out the owner's annotations, which the owner's own export holds", async () => {
    const files = async (query: string, cookie?: string) => {
      const res = await server.app.handle(new Request(`http://bothy.test/api/export?${query}&${RANGE}&format=csv`, { headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} }));
      return Object.keys((await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()))).files);
    };
    expect(await files(`id=${ids["shared.example.com"]}`)).not.toContain("Annotations.csv");
    expect(await files(`id=${ids["shared.example.com"]}`)).toContain("Summary.csv");
    expect(await files("domain=shared.example.com", pro)).toContain("Annotations.csv");
  });

  test("a protected one wants its password; a free owner's and a private one do not export", async () => {
    const id = ids["locked.example.com"];
    expectError(await exportOf(`id=${id}&${RANGE}&format=xlsx`), 401);
    expectError(await exportOf(`id=${id}&${RANGE}&format=xlsx`, { headers: { "x-dashboard-password": "wrong one" } }), 401);
    expectFile(await exportOf(`id=${id}&${RANGE}&format=xlsx`, { headers: { "x-dashboard-password": "open sesame please" } }), `dashboard_${START}_${END}.xlsx`);
    expectError(await exportOf(`id=${ids["theirs.example.com"]}&${RANGE}&format=xlsx`), 403);
    expectError(await exportOf(`id=${ids["mine.example.com"]}&${RANGE}&format=xlsx`), 404);
  });

  test("only while the owner allows downloads: the switch in the domain settings", async () => {
    const id = ids["quiet.example.com"];
    expectError(await exportOf(`id=${id}&${RANGE}&format=csv`), 403, "The owner of this dashboard does not offer its stats for download.");
    const on = await patch(pro, "/api/domains/quiet.example.com", { publicExport: true });
    expect(on.status).toBe(200);
    expect(on.json.publicExport).toBe(true);
    expectFile(await exportOf(`id=${id}&${RANGE}&format=csv`), `dashboard_${START}_${END}.zip`);
    expect((await patch(pro, "/api/domains/quiet.example.com", { publicExport: false })).json.publicExport).toBe(false);
    expectError(await exportOf(`id=${id}&${RANGE}&format=csv`), 403);
    // The switch is Pro's, and takes a boolean.
    const free403 = await patch(free, "/api/domains/theirs.example.com", { publicExport: true });
    expect(free403.status).toBe(403);
    expect(free403.json.error.fields).toEqual({ publicExport: "Upgrade to Pro to offer downloads." });
    expect((await patch(pro, "/api/domains/quiet.example.com", { publicExport: "yes" })).status).toBe(400);
  });

  test("the public dashboard's answer says whether its visitors may download, by the same rule as the export", async () => {
    const downloads = async (name: string, headers: Record<string, string> = {}) =>
      (await call(server.app, "GET", `/api/stats-public?id=${ids[name]}&${RANGE}&dataType=SUMMARY`, { headers })).json.validated.downloads;
    expect(await downloads("shared.example.com")).toBe(true);
    expect(await downloads("locked.example.com", { "x-dashboard-password": "open sesame please" })).toBe(true);
    expect(await downloads("quiet.example.com")).toBe(false);
    // Switched on, but the owner's plan has no exports: the export refuses, and the answer says so.
    expect(await downloads("theirs.example.com")).toBe(false);
    expectError(await exportOf(`id=${ids["theirs.example.com"]}&${RANGE}&format=xlsx`), 403, "The owner of this dashboard does not offer its stats for download.");
    // The owner's own answer needs no such flag.
    expect((await call(server.app, "GET", `/api/stats?domain=shared.example.com&${RANGE}&dataType=SUMMARY`, { cookie: pro })).json.validated.downloads).toBeUndefined();
  });
});

describe("bad input", () => {
  const cases: [string, string, number][] = [
    ["no format", `domain=mine.example.com&${RANGE}`, 400],
    ["an unknown format", `domain=mine.example.com&${RANGE}&format=pdf`, 400],
    ["unknown tables", `domain=mine.example.com&${RANGE}&format=csv&tables=some`, 400],
    ["a malformed date", `domain=mine.example.com&startKey=2024-2-1&endKey=${END}&format=csv`, 400],
    ["a day not in the calendar", `domain=mine.example.com&startKey=2024-02-30&endKey=2024-03-01&format=csv`, 400],
    ["the end before the start", `domain=mine.example.com&startKey=${END}&endKey=${START}&format=csv`, 400],
    ["a year out of range", `domain=mine.example.com&startKey=1999-01-01&endKey=1999-01-02&format=csv`, 400],
    ["neither domain nor id", `${RANGE}&format=csv`, 400],
    ["both domain and id", `domain=mine.example.com&id=${"x".repeat(10)}&${RANGE}&format=csv`, 400],
    ["a domain name too long", `domain=${"a".repeat(300)}&${RANGE}&format=csv`, 400],
  ];
  test.each(cases)("%s answers %d with the JSON error shape", async (_, query, status) => {
    expectError(await exportOf(query, { cookie: pro }), status);
  });

  test("the end before the start says so", async () => {
    expectError(await exportOf(`domain=mine.example.com&startKey=${END}&endKey=${START}&format=csv`, { cookie: pro }), 400, "startKey must not be after endKey.");
  });
});
