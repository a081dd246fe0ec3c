// The goals API in-process: the owner (or an admin) adds, lists, changes and deletes a domain's
// goals; a bad pattern, event name or value is a 400 that stores nothing, and so is a domain's
// MAX_GOALS + 1st goal; a name is unique per domain whatever its case (409); another account's domain
// is 404 and stays as it was; signed out is 401; a domain's deletion takes its goals. The GOALS
// stats answer carries them to the session, a Pro API key and the public dashboard, locked without Pro.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, dayKey, ownerOtherAdmin } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { MAX_GOALS, patternProblem, type Goal } from "../../../src/shared/goals";

const SAME = { origin: "http://bothy.test" };
const SITE = "goals.example.com";
let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
let other: string;
let admin: string;

const as = (cookie: string | undefined) => (method: string, path: string, body?: unknown) => call(server.app, method, path, { cookie, headers: SAME, body });
const base = (domain = SITE) => `/api/domains/${domain}/goals`;
const list = async (cookie = owner, domain = SITE) => {
  const res = await as(cookie)("GET", base(domain));
  expect(res.status).toBe(200);
  return res.json.goals as Goal[];
};
const add = (body: Record<string, unknown>, cookie = owner, domain = SITE) => as(cookie)("POST", base(domain), body);
const RANGE = `startKey=${dayKey(7)}&endKey=${dayKey(1)}`;

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  ({ owner, other, admin } = await ownerOtherAdmin(server, ["pro"]));
  expect((await as(owner)("POST", "/api/domains", { domain: SITE, tz: "UTC" })).status).toBe(201);
  expect((await as(other)("POST", "/api/domains", { domain: "elsewhere.example.com", tz: "UTC" })).status).toBe(201);
  expect((await add({ name: "Signed up", kind: "event", match: "signup" })).status).toBe(201);
});
afterAll(() => server?.stop());

describe("the owner's goals", () => {
  test("added, listed by name whatever its case, changed and deleted", async () => {
    const added = await add({ name: "  Thanks page ", kind: "page", match: "/thanks/" });
    expect(added.status).toBe(201);
    const goal: Goal = added.json.goal;
    expect(goal).toEqual({ id: expect.any(Number), name: "Thanks page", kind: "page", match: "/thanks/", value: null, createdAt: expect.any(String) });
    expect(new Date(goal.createdAt).toISOString()).toBe(goal.createdAt);
    const pro = await add({ name: "bought Pro", kind: "event", match: "purchase", value: "pro" });
    expect(pro.json.goal).toMatchObject({ kind: "event", match: "purchase", value: "pro" });
    expect((await list()).map((g) => g.name)).toEqual(["bought Pro", "Signed up", "Thanks page"]);

    const changed = await as(owner)("PATCH", `${base()}/${goal.id}`, { name: "Blog", match: "/blog/**" });
    expect(changed.status).toBe(200);
    expect(changed.json.goal).toEqual({ ...goal, name: "Blog", match: "/blog/**" });
    const anyValue = await as(owner)("PATCH", `${base()}/${pro.json.goal.id}`, { value: null });
    expect(anyValue.json.goal).toMatchObject({ name: "bought Pro", match: "purchase", value: null });
    expect((await as(owner)("PATCH", `${base()}/${pro.json.goal.id}`, { value: "team" })).json.goal.value).toBe("team");

    for (const id of [goal.id, pro.json.goal.id]) expect((await as(owner)("DELETE", `${base()}/${id}`)).status).toBe(204);
    expect((await list()).map((g) => g.name)).toEqual(["Signed up"]);
    expect((await as(owner)("DELETE", `${base()}/${goal.id}`)).json.error).toEqual({ status: 404, code: "not-found", message: "No such goal." });
    expect((await as(owner)("PATCH", `${base()}/${goal.id}`, { name: "x" })).status).toBe(404);
  });

  test("a name the domain has already, whatever its case, is a 409 on adding and on renaming", async () => {
    const { id } = (await add({ name: "Contact", kind: "page", match: "/contact" })).json.goal as Goal;
    const before = await list();
    const twin = await add({ name: " SIGNED UP", kind: "page", match: "/x" });
    const message = 'This domain has a goal named "SIGNED UP" already. Choose another name.';
    expect(twin.json.error).toEqual({ status: 409, code: "conflict", message, fields: { name: message } });
    expect((await as(owner)("PATCH", `${base()}/${id}`, { name: "signed up" })).status).toBe(409);
    expect(await list()).toEqual(before);
    expect((await as(owner)("DELETE", `${base()}/${id}`)).status).toBe(204);
  });

  test(`a domain keeps at most ${MAX_GOALS} goals: the next is a 400 that says so`, async () => {
    const [domain] = await server.db.sql<{ id: number }[]>`SELECT id FROM domains WHERE name = ${SITE}`;
    const room = MAX_GOALS - (await list()).length;
    await server.db.sql`INSERT INTO goals (domain_id, name, kind, match)
      SELECT ${domain!.id}, 'filler ' || i, 'page', '/p' || i FROM generate_series(1, ${room}) i`;
    const full = await add({ name: "One more", kind: "page", match: "/more" });
    expect(full.status).toBe(400);
    expect(full.json.error.message).toBe(`A domain has at most ${MAX_GOALS} goals. Delete one to add another.`);
    expect(await list()).toHaveLength(MAX_GOALS);
    await server.db.sql`DELETE FROM goals WHERE domain_id = ${domain!.id} AND name LIKE 'filler %'`;
  });
});

describe("bad input answers 400 naming the bad part, and stores nothing", () => {
  test.each([
    ["a pattern without /", { name: "x", kind: "page", match: "thanks" }, patternProblem("thanks")],
    ["a pattern with ***", { name: "x", kind: "page", match: "/a/***" }, patternProblem("/a/***")],
    ["a page goal with a value", { name: "x", kind: "page", match: "/a", value: "1" }, "Only an event goal has a value."],
    ["an event name of 101 characters", { name: "x", kind: "event", match: "e".repeat(101) }, "An event goal's match is the event's name: 1 to 100 characters."],
    ["blanks for an event name", { name: "x", kind: "event", match: "  " }, "An event goal's match is the event's name: 1 to 100 characters."],
    ["blanks for a name", { name: "  ", kind: "page", match: "/a" }, "Name the goal."],
    ["61 characters of name", { name: "x".repeat(61), kind: "page", match: "/a" }, "name must be 1 to 60 characters."],
    ["another kind", { name: "x", kind: "visit", match: "/a" }, "kind must be page or event."],
    ["an empty value", { name: "x", kind: "event", match: "signup", value: "" }, "value must be an event value of 1 to 200 characters, or null."],
  ])("%s", async (_what, body, message) => {
    const before = await list();
    const res = await add(body);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(message!);
    expect(await list()).toEqual(before);
  });

  test("a patch is checked against the goal's kind, and a patch with nothing is refused", async () => {
    const [signup] = await list();
    const page = (await as(owner)("PATCH", `${base()}/${signup!.id}`, { match: "e".repeat(101) })).json;
    expect(page.error.message).toBe("An event goal's match is the event's name: 1 to 100 characters.");
    expect((await as(owner)("PATCH", `${base()}/${signup!.id}`, {})).json.error.message).toBe("Send a new name, match or value.");
    const res = await as(owner)("DELETE", `${base()}/abc`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain("id must be a goal's number: a whole number from 1.");
    expect(await list()).toEqual([signup!]);
  });
});

describe("who may", () => {
  test("another account: 404 for the domain and its goals; signed out: 401; nothing changes", async () => {
    const before = await list();
    const id = before[0]!.id;
    for (const res of [
      await as(other)("GET", base()),
      await add({ name: "Mine now", kind: "page", match: "/" }, other),
      await as(other)("PATCH", `${base()}/${id}`, { name: "Mine now" }),
      await as(other)("DELETE", `${base()}/${id}`),
      await as(other)("GET", base("nowhere.example.com")),
    ]) expect(res.json.error).toEqual({ status: 404, code: "not-found", message: "No such domain." });
    // NOTE: a goal id of another domain, through a domain of one's own, is no goal.
    expect((await as(other)("DELETE", `${base("elsewhere.example.com")}/${id}`)).json.error.message).toBe("No such goal.");
    for (const res of [
      await as(undefined)("GET", base()),
      await as(undefined)("POST", base(), { name: "Anyone", kind: "page", match: "/" }),
      await as(undefined)("DELETE", `${base()}/${id}`),
    ]) expect(res.json.error).toEqual({ status: 401, code: "unauthorized", message: "Please sign in." });
    expect(await list()).toEqual(before);
  });

  test("an admin adds, changes and deletes them on any domain", async () => {
    expect(await list(admin)).toEqual(await list());
    const added = await add({ name: "Admin's", kind: "page", match: "/admin" }, admin);
    expect(added.status).toBe(201);
    expect((await as(admin)("PATCH", `${base()}/${added.json.goal.id}`, { name: "Checked" })).json.goal.name).toBe("Checked");
    expect((await as(admin)("DELETE", `${base()}/${added.json.goal.id}`)).status).toBe(204);
  });
});

describe("the GOALS answer", () => {
  test("the session, a Pro API key and the public dashboard read the goals; without Pro they are locked", async () => {
    const goals = await list();
    const expected = goals.map((g) => ({ ...g, conversions: 0, rate: 0, valueSum: null, co2PerConversion: null, c: null }));
    const session = await call(server.app, "GET", `/api/stats?domain=${SITE}&${RANGE}&dataType=GOALS`, { cookie: owner });
    expect(session.status).toBe(200);
    expect(session.json).toMatchObject({ dataType: "GOALS", goals: expected });
    const { key } = (await as(owner)("POST", "/api/api-keys", { name: "script" })).json.apiKey;
    const api = await call(server.app, "GET", `/api/stats?domain=${SITE}&${RANGE}&dataType=GOALS`, { headers: { authorization: `Bearer ${key}` } });
    expect(api.json.goals).toEqual(expected);
    await server.db.sql`UPDATE domains SET verified_at = now() WHERE name = ${SITE}`;
    expect((await as(owner)("PATCH", `/api/domains/${SITE}`, { public: true })).status).toBe(200);
    const [{ id } = { id: "" }] = await server.db.sql<{ id: string }[]>`SELECT public_id AS id FROM domains WHERE name = ${SITE}`;
    const open = await call(server.app, "GET", `/api/stats-public?id=${id}&${RANGE}&dataType=GOALS`);
    expect(open.json.goals).toEqual(expected);
    await server.db.sql`UPDATE users SET scope = '{}' WHERE email = 'owner@example.com'`;
    const free = await call(server.app, "GET", `/api/stats-public?id=${id}&${RANGE}&dataType=GOALS`);
    await server.db.sql`UPDATE users SET scope = '{pro}' WHERE email = 'owner@example.com'`;
    expect(free.json.goals).toBe("locked");
    const bad = await call(server.app, "GET", `/api/stats?domain=${SITE}&${RANGE}&dataType=FUNNELS`, { cookie: owner });
    expect(bad.json.error.message).toBe("dataType must be SUMMARY, PATH, REF, GOALS, FUNNEL or SPEED.");
  });
});

describe("deletion", () => {
  test("deleting a domain deletes its goals", async () => {
    expect((await list()).length).toBeGreaterThan(0);
    const [domain] = await server.db.sql<{ id: number }[]>`SELECT id FROM domains WHERE name = ${SITE}`;
    expect((await as(owner)("DELETE", `/api/domains/${SITE}`, { confirm: SITE })).status).toBe(200);
    expect((await server.db.sql`SELECT 1 FROM goals WHERE domain_id = ${domain!.id}`).length).toBe(0);
  });
});
