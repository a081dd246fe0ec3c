// DELETE /api/annotations/:id takes an annotation's number only: a fraction, a negative, zero, a
// number past the safe integers or text is a 400 in the one error shape, never a 5xx, and deletes
// nothing; a whole number still deletes.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

const SAME = { origin: "http://bothy.test" };
let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;

const as = (method: string, path: string, body?: unknown) => call(server.app, method, path, { cookie: owner, headers: SAME, body });
const count = async () => (await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM annotations`)[0]!.n;

beforeAll(async () => {
  server = await startTestServer();
  owner = await verifiedSession(server, "owner@example.com", "a sturdy passphrase");
  expect((await as("POST", "/api/domains", { domain: "ids.example.com", tz: "UTC" })).status).toBe(201);
});
afterAll(() => server?.stop());

test("an id that is not a whole number from 1 is a 400 with a clear message, and deletes nothing", async () => {
  const added = await as("POST", "/api/annotations", { domain: "ids.example.com", day: "2026-03-04", text: "Launch" });
  expect(added.status).toBe(201);
  const id: number = added.json.annotation.id;
  for (const bad of ["1.5", `${id}.5`, "0", "-1", "9007199254740993", "abc"]) {
    const res = await as("DELETE", `/api/annotations/${bad}?domain=ids.example.com`);
    expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    expect(res.json.error.status).toBe(400);
    expect(res.json.error.message).toContain("id must be an annotation's number: a whole number from 1.");
  }
  expect(await count()).toBe(1);
  expect((await as("DELETE", `/api/annotations/${id}?domain=ids.example.com`)).json).toEqual({ deleted: true });
  expect(await count()).toBe(0);
});
