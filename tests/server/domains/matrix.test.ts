// The authorization matrix: every route that acts on one domain, asked by each of the seven callers
// (signed out, the domain's viewer, editor and admin, its owner, another account, an instance admin),
// answers what the caller's role allows (src/shared/roles.ts): a refusal with its exact status, or
// an answer past the access check (any status but 401, 403, 404 and 5xx). A route added under
// /api/domains/:domain without a row here fails the last test. Every admin API route does not exist
// for anyone but an instance admin.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, dayKey, mailedToken, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { allows, type Role } from "../../../src/shared/roles";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
const D = "matrix.example.com";
const RANGE = `startKey=${dayKey(7)}&endKey=${dayKey(1)}`;

const CALLERS = ["signed out", "viewer", "editor", "admin", "owner", "other account", "instance admin"] as const;
type Caller = (typeof CALLERS)[number];
const cookies = new Map<Caller, string | undefined>();
const ROLE: Partial<Record<Caller, Role>> = { viewer: "viewer", editor: "editor", admin: "admin", owner: "owner" };

/** "ok": past the access check. */
type Expect = "ok" | 401 | 403 | 404;
type Route = {
  method: string;
  path: string;
  body?: unknown;
  /** The least role that may. */
  need: Role;
  /** What an instance admin who holds no role gets: reads of any domain are theirs, its settings are not. */
  instanceAdmin: Expect;
  /** Runs before each call, e.g. an invite for the call to revoke. */
  before?: () => Promise<void>;
};

const members = `/api/domains/${D}/members`;
const invite = (email: string, role: string) => call(server.app, "POST", members, { cookie: cookies.get("owner"), headers: SAME, body: { email, role } });

const ROUTES: Route[] = [
  { method: "GET", path: `/api/stats?domain=${D}&${RANGE}&dataType=SUMMARY`, need: "viewer", instanceAdmin: "ok" },
  { method: "GET", path: `/api/export?domain=${D}&${RANGE}&format=csv&tables=quick`, need: "viewer", instanceAdmin: "ok" },
  { method: "GET", path: `/api/annotations?domain=${D}&${RANGE}`, need: "viewer", instanceAdmin: "ok" },
  { method: "POST", path: "/api/annotations", body: { domain: D, day: dayKey(2), text: "A note" }, need: "editor", instanceAdmin: 403 },
  { method: "GET", path: `/api/domains/${D}/goals`, need: "editor", instanceAdmin: "ok" },
  { method: "POST", path: `/api/domains/${D}/goals`, body: { name: "Signed up", kind: "event", match: "signup" }, need: "editor", instanceAdmin: "ok" },
  { method: "GET", path: `/api/domains/${D}/funnels`, need: "editor", instanceAdmin: "ok" },
  // NOTE: steps of no goal: past the check it is a 400.
  { method: "POST", path: `/api/domains/${D}/funnels`, body: { name: "Sign-up", steps: [998, 999] }, need: "editor", instanceAdmin: "ok" },
  { method: "GET", path: `/api/segments?domain=${D}`, need: "editor", instanceAdmin: "ok" },
  { method: "POST", path: `/api/segments?domain=${D}`, body: { name: "Search", filters: [["is", "source", ["search"]]] }, need: "editor", instanceAdmin: "ok" },
  { method: "GET", path: `/api/imports?domain=${D}`, need: "admin", instanceAdmin: "ok" },
  { method: "PATCH", path: `/api/domains/${D}`, body: { tz: "Europe/London" }, need: "editor", instanceAdmin: 404 },
  { method: "POST", path: `/api/domains/${D}/public-id`, need: "editor", instanceAdmin: 404 },
  { method: "POST", path: `/api/domains/${D}/verify`, need: "owner", instanceAdmin: 404 },
  // NOTE: a confirmation that does not match: past the check it is a 400, and the domain stays.
  { method: "DELETE", path: `/api/domains/${D}`, body: { confirm: "not it" }, need: "admin", instanceAdmin: 404 },
  { method: "GET", path: `/api/domains/${D}/reports`, need: "editor", instanceAdmin: 404 },
  { method: "PATCH", path: `/api/domains/${D}/reports`, body: { enabled: false }, need: "editor", instanceAdmin: 404 },
  { method: "POST", path: `/api/domains/${D}/reports/recipients`, body: { email: "boss@example.com" }, need: "editor", instanceAdmin: 404 },
  {
    method: "DELETE", path: `/api/domains/${D}/reports/recipients`, body: { email: "boss@example.com" }, need: "editor", instanceAdmin: 404,
    before: async () => void (await call(server.app, "POST", `/api/domains/${D}/reports/recipients`, { cookie: cookies.get("owner"), headers: SAME, body: { email: "boss@example.com" } })),
  },
  { method: "GET", path: `/api/domains/${D}/webhooks`, need: "editor", instanceAdmin: 404 },
  // NOTE: an internal address: past the check it is a 400, and no webhook is added.
  { method: "POST", path: `/api/domains/${D}/webhooks`, body: { kind: "json", url: "https://10.0.0.1/hook" }, need: "editor", instanceAdmin: 404 },
  { method: "GET", path: `/api/domains/${D}/budgets`, need: "viewer", instanceAdmin: 404 },
  { method: "GET", path: `/api/domains/${D}/crawlers?${RANGE}`, need: "viewer", instanceAdmin: "ok" },
  // NOTE: a pattern without its leading /: past the check it is a 400, and the budgets stay.
  { method: "PUT", path: `/api/domains/${D}/budgets`, body: { budgets: [{ pattern: "blog", grams: 0.3, bytes: null }] }, need: "editor", instanceAdmin: 404 },
  { method: "GET", path: members, need: "admin", instanceAdmin: 404 },
  { method: "POST", path: members, body: { email: "new@example.com", role: "viewer" }, need: "admin", instanceAdmin: 404 },
  // NOTE: an invite to all the owner's domains is the owner's alone.
  { method: "POST", path: members, body: { email: "every@example.com", role: "viewer", allDomains: true }, need: "owner", instanceAdmin: 404 },
  { method: "PATCH", path: `${members}/viewer@example.com`, body: { role: "viewer" }, need: "admin", instanceAdmin: 404 },
  { method: "DELETE", path: `${members}/pending@example.com`, need: "admin", instanceAdmin: 404, before: async () => void (await invite("pending@example.com", "viewer")) },
  { method: "GET", path: `/api/domains/${D}/activity`, need: "admin", instanceAdmin: 404 },
  // NOTE: embedding is public sharing, which an editor decides.
  { method: "GET", path: `/api/domains/${D}/embed`, need: "editor", instanceAdmin: 404 },
  { method: "PATCH", path: `/api/domains/${D}/embed`, body: { enabled: false, origins: [] }, need: "editor", instanceAdmin: 404 },
];

/** The Sites API's routes of one domain, asked with each caller's Pro API key (none when signed out). */
const SITES: Pick<Route, "method" | "path" | "body" | "before">[] = [
  { method: "PATCH", path: `/api/sites/${D}`, body: { tz: "Europe/London", embed: { enabled: false, origins: [] } } },
  { method: "GET", path: `/api/sites/${D}/members` },
  { method: "POST", path: `/api/sites/${D}/members`, body: { email: "keyed@example.com", role: "viewer" } },
  { method: "PATCH", path: `/api/sites/${D}/members/viewer@example.com`, body: { role: "viewer" } },
  { method: "DELETE", path: `/api/sites/${D}/members/pending@example.com`, before: async () => void (await invite("pending@example.com", "viewer")) },
];

const expected = (route: Route, caller: Caller): Expect => {
  if (caller === "signed out") return 401;
  if (caller === "other account") return 404;
  if (caller === "instance admin") return route.instanceAdmin;
  return allows(ROLE[caller]!, route.need) ? "ok" : 403;
};

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  const session = (email: string) => verifiedSession(server, email, PASSWORD);
  cookies.set("signed out", undefined);
  cookies.set("owner", await session("owner@example.com"));
  cookies.set("other account", await session("other@example.com"));
  cookies.set("instance admin", await session("root@example.com"));
  await server.db.sql`UPDATE users SET scope = ${["pro"]} WHERE email = 'owner@example.com'`;
  await server.db.sql`UPDATE users SET scope = ${["admin"]} WHERE email = 'root@example.com'`;
  expect((await call(server.app, "POST", "/api/domains", { cookie: cookies.get("owner"), headers: SAME, body: { domain: D } })).status).toBe(201);
  await server.db.sql`UPDATE domains SET verified_at = now() WHERE name = ${D}`;
  for (const role of ["viewer", "editor", "admin"] as const) {
    expect((await invite(`${role}@example.com`, role)).status).toBe(201);
    const token = mailedToken(server.dataDir, "/settings/domains", "invite");
    const cookie = await session(`${role}@example.com`);
    expect((await call(server.app, "POST", "/api/invites/accept", { cookie, headers: SAME, body: { token } })).status).toBe(200);
    cookies.set(role, cookie);
  }
});
afterAll(() => server.stop());

describe("authorization matrix", () => {
  for (const route of ROUTES) {
    test(`${route.method} ${route.path.split("?")[0]}`, async () => {
      const answers: string[] = [];
      const wanted: string[] = [];
      for (const caller of CALLERS) {
        await route.before?.();
        const res = await call(server.app, route.method, route.path, { cookie: cookies.get(caller), headers: SAME, body: route.body });
        const want = expected(route, caller);
        const past = res.status < 500 && ![401, 403, 404].includes(res.status);
        answers.push(`${caller}: ${want === "ok" ? (past ? "ok" : res.status) : res.status}`);
        wanted.push(`${caller}: ${want}`);
      }
      expect(answers).toEqual(wanted);
    });
  }

  test("the admin API answers instance admins only; to everyone else, each of its routes does not exist", async () => {
    const statuses = await Promise.all(CALLERS.map(async (c) => (await call(server.app, "GET", "/api/admin/domains", { cookie: cookies.get(c) })).status));
    expect(statuses).toEqual(CALLERS.map((c) => (c === "instance admin" ? 200 : 404)));
    const admin = (server.app.routes as { method: string; path: string }[]).filter((r) => r.path.startsWith("/api/admin/"));
    expect(admin.length).toBeGreaterThan(10);
    const answers: string[] = [];
    for (const r of admin) {
      for (const caller of CALLERS.filter((c) => c !== "instance admin")) {
        const res = await call(server.app, r.method, r.path.replace(/:\w+/g, "1"), { cookie: cookies.get(caller), headers: SAME });
        answers.push(`${r.method} ${r.path} ${caller}: ${res.status}`);
      }
    }
    expect(answers.filter((a) => !a.endsWith(": 404"))).toEqual([]);
  });

  test("the Sites API's routes of one domain answer its owner's key only: a role on its team gives a key none", async () => {
    const keys = new Map<Caller, string>();
    await server.db.sql`UPDATE users SET scope = array_append(scope, 'pro') WHERE NOT 'pro' = ANY(scope)`;
    try {
      for (const caller of CALLERS.filter((c) => c !== "signed out")) {
        const made = await call(server.app, "POST", "/api/api-keys", { cookie: cookies.get(caller), headers: SAME, body: { name: "matrix" } });
        keys.set(caller, made.json.apiKey.key);
      }
      const answers: string[] = [];
      const wanted: string[] = [];
      for (const route of SITES) {
        for (const caller of CALLERS) {
          await route.before?.();
          const key = keys.get(caller);
          const res = await call(server.app, route.method, route.path, { headers: key ? { authorization: `Bearer ${key}` } : undefined, body: route.body });
          const want = caller === "signed out" ? 401 : caller === "owner" ? "ok" : 404;
          const past = res.status < 500 && ![401, 403, 404].includes(res.status);
          answers.push(`${route.method} ${route.path} ${caller}: ${want === "ok" ? (past ? "ok" : res.status) : res.status}`);
          wanted.push(`${route.method} ${route.path} ${caller}: ${want}`);
        }
      }
      expect(answers).toEqual(wanted);
    } finally {
      await server.db.sql`UPDATE users SET scope = array_remove(scope, 'pro') WHERE email <> 'owner@example.com'`;
    }
    // NOTE: DELETE /api/sites/:domain finds the domain as the PATCH does; asked by the owner it would delete it.
    const covered = new Set([...SITES.map((r) => `${r.method} ${r.path.replace(D, ":domain").replace(/members\/[^/]+$/, "members/:email")}`), "DELETE /api/sites/:domain"]);
    const routes = (server.app.routes as { method: string; path: string }[]).filter((r) => r.path.startsWith("/api/sites/:domain")).map((r) => `${r.method} ${r.path}`);
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
  });

  test("every route under /api/domains/:domain is in the matrix", () => {
    const covered = new Set(ROUTES.map((r) => `${r.method} ${r.path.split("?")[0]!.replace(D, ":domain").replace(/members\/[^/]+$/, "members/:email")}`));
    // NOTE: the routes of one goal, funnel or webhook by id go through the same check as their lists.
    const byId = /\/(goals|funnels|webhooks)\/:id(\/test)?$/;
    const routes = (server.app.routes as { method: string; path: string }[])
      .filter((r) => r.path.startsWith("/api/domains/:domain") && !byId.test(r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
  });
});
