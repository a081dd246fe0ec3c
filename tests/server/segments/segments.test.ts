// The saved segments API in-process: the owner (or an admin) lists, saves, renames, refilters and
// deletes a domain's segments; bad filters are a 400 with checkFilters' words and store nothing; a
// name is unique per domain whatever its case (409); another account's domain or segment is 404 and
// stays as it was; a claim is 403; signed out is 401; a domain's and an account's deletion take
// their segments with them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, ownerOtherAdmin } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { checkFilters, type Filter } from "../../../src/shared/filters";
import type { Segment } from "../../../src/shared/segments";
import { insertSegment } from "../../../src/segments/queries";

const SAME = { origin: "http://bothy.test" };
const SITE = "segments.example.com";
// NOTE: the domain the checks of input and access try to change, with one segment from the start,
// so each of those tests also runs alone.
const KEPT = "kept.example.com";
let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
let other: string;
let admin: string;

const as = (cookie: string | undefined) => (method: string, path: string, body?: unknown) => call(server.app, method, path, { cookie, headers: SAME, body });
const list = async (cookie = owner, domain = KEPT) => {
  const res = await as(cookie)("GET", `/api/segments?domain=${domain}`);
  expect(res.status).toBe(200);
  return res.json.segments as Segment[];
};
const save = (name: string, filters: unknown, cookie = owner, domain = KEPT) => as(cookie)("POST", `/api/segments?domain=${domain}`, { name, filters });
const rowsOf = async (domain: string) =>
  (await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM segments s JOIN domains d ON d.id = s.domain_id WHERE d.name = ${domain}`)[0]!.n;

const SEARCH: Filter[] = [["is", "source", ["search"]]];
const NOT_FR: Filter[] = [["is_not", "country", ["FR", "DE"]], ["contains", "page", ["/blog"]]];

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, other, admin } = await ownerOtherAdmin(server));
  expect((await as(owner)("POST", "/api/domains", { domain: SITE, tz: "UTC" })).status).toBe(201);
  expect((await as(owner)("POST", "/api/domains", { domain: KEPT, tz: "UTC" })).status).toBe(201);
  expect((await save("Kept", SEARCH)).status).toBe(201);
  expect((await as(other)("POST", "/api/domains", { domain: "elsewhere.example.com", tz: "UTC" })).status).toBe(201);
});
afterAll(() => server?.stop());

describe("the owner's segments", () => {
  test("saved, listed by name whatever its case, renamed, refiltered and deleted", async () => {
    const saved = await save("  Search traffic ", SEARCH, owner, SITE);
    expect(saved.status).toBe(201);
    const segment: Segment = saved.json.segment;
    expect(segment).toEqual({ id: expect.any(Number), name: "Search traffic", filters: SEARCH, createdAt: expect.any(String), updatedAt: segment.createdAt });
    expect(new Date(segment.createdAt).toISOString()).toBe(segment.createdAt);
    expect((await save("blog outside France", NOT_FR, owner, SITE)).status).toBe(201);
    expect((await save("Campaigns", [["is", "utm_campaign", ["spring", "spring"]]], owner, SITE)).json.segment.filters).toEqual([["is", "utm_campaign", ["spring"]]]);
    expect((await list(owner, SITE)).map((s) => s.name)).toEqual(["blog outside France", "Campaigns", "Search traffic"]);

    const renamed = await as(owner)("PATCH", `/api/segments/${segment.id}`, { name: "Organic" });
    expect(renamed.status).toBe(200);
    expect(renamed.json.segment).toMatchObject({ id: segment.id, name: "Organic", filters: SEARCH, createdAt: segment.createdAt });
    const refiltered = await as(owner)("PATCH", `/api/segments/${segment.id}`, { filters: NOT_FR });
    expect(refiltered.json.segment).toMatchObject({ id: segment.id, name: "Organic", filters: NOT_FR });
    expect(refiltered.json.segment.updatedAt >= renamed.json.segment.updatedAt).toBe(true);
    const both = await as(owner)("PATCH", `/api/segments/${segment.id}`, { name: "Organic search", filters: SEARCH });
    expect(both.json.segment).toMatchObject({ name: "Organic search", filters: SEARCH });
    expect((await list(owner, SITE)).map((s) => s.name)).toEqual(["blog outside France", "Campaigns", "Organic search"]);

    const gone = await as(owner)("DELETE", `/api/segments/${segment.id}`);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe("");
    expect((await list(owner, SITE)).map((s) => s.name)).toEqual(["blog outside France", "Campaigns"]);
    expect((await as(owner)("DELETE", `/api/segments/${segment.id}`)).json.error).toEqual({ status: 404, code: "not-found", message: "No such segment." });
    expect((await as(owner)("PATCH", `/api/segments/${segment.id}`, { name: "x" })).status).toBe(404);
  });

  test("a name the domain has already, whatever its case, is a 409 on saving and on renaming", async () => {
    expect((await save("Newsletter", SEARCH, owner, SITE)).status).toBe(201);
    const { id } = (await save("Referrals", NOT_FR, owner, SITE)).json.segment as Segment;
    const before = await list(owner, SITE);
    const twin = await save(" NEWSLETTER", NOT_FR, owner, SITE);
    expect(twin.status).toBe(409);
    const message = 'This domain has a segment named "NEWSLETTER" already. Choose another name.';
    expect(twin.json.error).toEqual({ status: 409, code: "conflict", message, fields: { name: message } });
    expect((await as(owner)("PATCH", `/api/segments/${id}`, { name: "newsletter" })).status).toBe(409);
    expect(await list(owner, SITE)).toEqual(before);
    // NOTE: its own name in another case is a rename, and another domain may use any name.
    expect((await as(owner)("PATCH", `/api/segments/${id}`, { name: "REFERRALS" })).json.segment.name).toBe("REFERRALS");
    const theirs = await save("Newsletter", SEARCH, other, "elsewhere.example.com");
    expect(theirs.status).toBe(201);
    expect((await as(other)("DELETE", `/api/segments/${theirs.json.segment.id}`)).status).toBe(204);
  });
});

describe("bad input answers 400 naming the bad part, and stores nothing", () => {
  test.each([
    ["not an array", { source: "search" }],
    ["a filter that is not a triple", [["is", "source"]]],
    ["an unknown dimension", [["is", "planet", ["mars"]]]],
    ["an unknown operator", [["starts_with", "page", ["/blog"]]]],
    ["no values", [["is", "page", []]]],
    ["a value that is not text", [["is", "page", [42]]]],
    ["too many filters", Array.from({ length: 11 }, () => ["is", "page", ["/"]])],
  ])("filters: %s, saved or patched, is checkFilters' message", async (_what, filters) => {
    const before = await list();
    const expected = checkFilters(filters);
    if (expected.ok) throw new Error("the case is not a bad filter");
    const saved = await save("Bad", filters);
    expect(saved.status).toBe(400);
    expect(saved.json.error).toEqual({ status: 400, code: "bad-request", message: expected.message, fields: { filters: expected.message } });
    const patched = await as(owner)("PATCH", `/api/segments/${before[0]!.id}`, { filters });
    expect(patched.status).toBe(400);
    expect(patched.json.error.message).toBe(expected.message);
    expect(await list()).toEqual(before);
  });

  test("the unknown dimension and operator are named", async () => {
    expect((await save("Bad", [["is", "planet", ["mars"]]])).json.error.message).toContain('filters[0]: unknown dimension "planet"');
    expect((await save("Bad", [SEARCH[0], ["starts_with", "page", ["/"]]])).json.error.message).toContain('filters[1]: unknown operator "starts_with"');
  });

  test.each([
    ["no filters at all", { name: "Everything", filters: [] }, "filters must hold at least one filter."],
    ["blanks for a name", { name: "   ", filters: SEARCH }, "Name the segment."],
    ["an empty name", { name: "", filters: SEARCH }, "name must be 1 to 60 characters."],
    ["61 characters", { name: "x".repeat(61), filters: SEARCH }, "name must be 1 to 60 characters."],
    ["no filters", { name: "Nothing" }, "filters must be a JSON array of [operator, dimension, values]."],
  ])("%s answers 400", async (_what, body, message) => {
    const count = await rowsOf(KEPT);
    const res = await as(owner)("POST", `/api/segments?domain=${KEPT}`, body);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(message);
    expect(await rowsOf(KEPT)).toBe(count);
  });

  test("a patch with nothing to change, and an id that is not a segment's number", async () => {
    const [first] = await list();
    const empty = await as(owner)("PATCH", `/api/segments/${first!.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe("Send a new name, new filters or both.");
    for (const bad of ["0", "1.5", "abc"]) {
      const res = await as(owner)("DELETE", `/api/segments/${bad}`);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      expect(res.json.error.message).toContain("id must be a segment's number: a whole number from 1.");
    }
    expect(await list()).toHaveLength(1);
  });
});

describe("who may", () => {
  test("another account: 404 for the domain and for its segments, and nothing changes", async () => {
    const before = await list();
    const id = before[0]!.id;
    for (const res of [
      await as(other)("GET", `/api/segments?domain=${KEPT}`),
      await save("Mine now", SEARCH, other),
      await as(other)("PATCH", `/api/segments/${id}`, { name: "Mine now" }),
      await as(other)("DELETE", `/api/segments/${id}`),
    ]) expect(res.status).toBe(404);
    expect((await as(other)("DELETE", `/api/segments/${id}`)).json.error.message).toBe("No such segment.");
    expect((await as(other)("GET", "/api/segments?domain=nowhere.example.com")).json.error.message).toBe("No such domain.");
    expect(await list()).toEqual(before);
  });

  test("signed out: 401 everywhere, and nothing changes", async () => {
    const before = await list();
    const id = before[0]!.id;
    for (const res of [
      await as(undefined)("GET", `/api/segments?domain=${KEPT}`),
      await as(undefined)("POST", `/api/segments?domain=${KEPT}`, { name: "Anyone", filters: SEARCH }),
      await as(undefined)("PATCH", `/api/segments/${id}`, { name: "Anyone" }),
      await as(undefined)("DELETE", `/api/segments/${id}`),
      await as(undefined)("DELETE", "/api/segments/999999"),
    ]) expect(res.json.error).toEqual({ status: 401, code: "unauthorized", message: "Please sign in." });
    expect(await list()).toEqual(before);
  });

  test("a claim on the name is 403; a request from another site is refused", async () => {
    expect((await as(other)("POST", "/api/domains", { domain: KEPT, tz: "UTC" })).status).toBe(201);
    const claimed = await save("Mine now", SEARCH, other);
    expect(claimed.status).toBe(403);
    expect(claimed.json.error.message).toBe("Only the domain's owner and editors can keep saved segments on it.");
    const before = await list();
    const forged = await call(server.app, "POST", `/api/segments?domain=${KEPT}`, { cookie: owner, headers: { origin: "http://evil.test" }, body: { name: "Forged", filters: SEARCH } });
    expect(forged.status).toBe(403);
    expect(await list()).toEqual(before);
  });

  test("an admin lists, saves, changes and deletes them on any domain", async () => {
    expect(await list(admin)).toEqual(await list());
    const saved = await save("Admin's", SEARCH, admin);
    expect(saved.status).toBe(201);
    const id = saved.json.segment.id;
    expect((await as(admin)("PATCH", `/api/segments/${id}`, { name: "Checked" })).json.segment.name).toBe("Checked");
    expect((await list()).map((s) => s.name)).toContain("Checked");
    expect((await as(admin)("DELETE", `/api/segments/${id}`)).status).toBe(204);
    expect((await list()).map((s) => s.name)).not.toContain("Checked");
  });
});

describe("deletion", () => {
  test("deleting a domain deletes its segments", async () => {
    expect((await list()).length).toBeGreaterThan(0);
    const [domain] = await server.db.sql<{ id: number }[]>`SELECT id FROM domains WHERE name = ${KEPT}`;
    expect((await as(owner)("DELETE", `/api/domains/${KEPT}`, { confirm: KEPT })).status).toBe(200);
    expect((await server.db.sql`SELECT 1 FROM segments WHERE domain_id = ${domain!.id}`).length).toBe(0);
  });

  test("a domain deleted after the access check is an answer, not a failure", async () => {
    const [row] = await server.db.sql<{ none: number; uid: string }[]>`
      SELECT (SELECT coalesce(max(id), 0) + 1 FROM domains) AS none, uid FROM users WHERE email = 'owner@example.com'`;
    const late = { domainId: row!.none, name: "Late", filters: SEARCH, createdBy: row!.uid };
    expect(await insertSegment(server.db.sql, late)).toEqual({ ok: false, reason: "no-domain" });
  });

  test("deleting an account deletes its domains' segments", async () => {
    expect((await save("Kept until the account goes", SEARCH, other, "elsewhere.example.com")).status).toBe(201);
    expect(await rowsOf("elsewhere.example.com")).toBe(1);
    const [domain] = await server.db.sql<{ id: number }[]>`SELECT id FROM domains WHERE name = 'elsewhere.example.com'`;
    expect((await as(other)("POST", "/api/account/delete", { password: "a sturdy passphrase" })).status).toBe(200);
    expect((await server.db.sql`SELECT 1 FROM segments WHERE domain_id = ${domain!.id}`).length).toBe(0);
  });
});
