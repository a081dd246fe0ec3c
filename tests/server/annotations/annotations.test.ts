// The annotations API in-process: the owner adds, lists and deletes notes on days of their domain;
// admins and readers of the domain's stats read them but never write; another account's domain is
// 404 as in the stats API; bad input answers 400 in the one error shape and stores nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, ownerOtherAdmin } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

const SAME = { origin: "http://bothy.test" };
let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
let other: string;
let admin: string;

const as = (cookie: string | undefined) => (method: string, path: string, body?: unknown) => call(server.app, method, path, { cookie, headers: SAME, body });
const list = (cookie: string, from = "2026-01-01", to = "2026-12-31") =>
  as(cookie)("GET", `/api/annotations?domain=notes.example.com&startKey=${from}&endKey=${to}`);

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, other, admin } = await ownerOtherAdmin(server));
  expect((await as(owner)("POST", "/api/domains", { domain: "notes.example.com", tz: "UTC" })).status).toBe(201);
});
afterAll(() => server?.stop());

describe("the owner's notes", () => {
  test("added, listed by range in day order, and deleted", async () => {
    const added = await as(owner)("POST", "/api/annotations", { domain: "notes.example.com", day: "2026-03-04", text: "  New pricing page  " });
    expect(added.status).toBe(201);
    expect(added.json.annotation).toEqual({ id: expect.any(Number), day: "2026-03-04", text: "New pricing page", kind: "note" });
    await as(owner)("POST", "/api/annotations", { domain: "notes.example.com", day: "2026-02-01", text: "Launch" });
    expect((await list(owner)).json.annotations.map((a: { text: string }) => a.text)).toEqual(["Launch", "New pricing page"]);
    expect((await list(owner, "2026-03-01", "2026-03-31")).json.annotations).toHaveLength(1);

    const gone = await as(owner)("DELETE", `/api/annotations/${added.json.annotation.id}?domain=notes.example.com`);
    expect(gone.json).toEqual({ deleted: true });
    expect((await list(owner)).json.annotations.map((a: { text: string }) => a.text)).toEqual(["Launch"]);
    expect((await as(owner)("DELETE", `/api/annotations/${added.json.annotation.id}?domain=notes.example.com`)).status).toBe(404);
  });

  test("an admin reads them but cannot write; another account gets 404; signed out 401", async () => {
    expect((await list(admin)).json.annotations).toHaveLength(1);
    const write = await as(admin)("POST", "/api/annotations", { domain: "notes.example.com", day: "2026-03-05", text: "admin" });
    expect(write.status).toBe(403);
    expect(write.json.error.message).toBe("Only the domain's owner and editors can change its annotations.");
    expect((await list(other)).status).toBe(404);
    expect((await as(other)("POST", "/api/annotations", { domain: "notes.example.com", day: "2026-03-05", text: "x" })).status).toBe(404);
    expect((await as(undefined)("GET", "/api/annotations?domain=notes.example.com&startKey=2026-01-01&endKey=2026-01-02")).status).toBe(401);
    expect((await list(owner)).json.annotations).toHaveLength(1);
  });

  test.each([
    ["February 30th", { day: "2026-02-30", text: "x" }, "day must be a day of the calendar from 2000 to 2100 as YYYY-MM-DD."],
    ["a day in words", { day: "yesterday", text: "x" }, "day must be a day of the calendar from 2000 to 2100 as YYYY-MM-DD."],
    ["an empty text", { day: "2026-02-03", text: "" }, "text must be 1 to 200 characters."],
    ["201 characters", { day: "2026-02-03", text: "x".repeat(201) }, "text must be 1 to 200 characters."],
    ["blanks only", { day: "2026-02-03", text: "   " }, "Write a note."],
  ])("%s answers 400: %s", async (_what, body, message) => {
    const res = await as(owner)("POST", "/api/annotations", { domain: "notes.example.com", ...body });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(message);
    expect((await list(owner)).json.annotations).toHaveLength(1);
  });

  test("a reversed range answers 400", async () => {
    const res = await list(owner, "2026-02-01", "2026-01-01");
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("startKey must not be after endKey.");
  });
});
