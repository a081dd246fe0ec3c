// The Sites API: a Pro API key lists, adds, changes (embedding too) and deletes its holder's own
// domains and manages their teams with the dashboard's checks, activity and audit lines; a free account's key is 403, no key 401, another account's
// domain 404, and the key's hourly limit is the stats API's (API_RATE_LIMIT, shared).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, dayKey, mailedToken, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
const LIMIT = 12;
// NOTE: a well-formed read of a domain nobody has: past the key's check, then 404.
const STATS = `/api/stats?domain=none.example.com&dataType=SUMMARY&startKey=${dayKey(7)}&endKey=${dayKey(1)}`;
let proKey: string;
let freeKey: string;

const newKey = async (cookie: string) =>
  (await call(server.app, "POST", "/api/api-keys", { cookie, headers: SAME, body: { name: "script" } })).json.apiKey.key as string;
/** A new Pro account's key, with a budget of its own. */
const proKeyOf = async (email: string) => {
  const cookie = await verifiedSession(server, email, PASSWORD);
  await server.db.sql`UPDATE users SET scope = ${["pro"]} WHERE email = ${email}`;
  return newKey(cookie);
};
const as = (key: string) => {
  const headers = { authorization: `Bearer ${key}` };
  return {
    get: (path: string) => call(server.app, "GET", path, { headers }),
    post: (path: string, body: unknown) => call(server.app, "POST", path, { headers, body }),
    patch: (path: string, body: unknown) => call(server.app, "PATCH", path, { headers, body }),
    delete: (path: string) => call(server.app, "DELETE", path, { headers }),
  };
};

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0", API_RATE_LIMIT: String(LIMIT) } });
  const pro = await verifiedSession(server, "pro@example.com", PASSWORD);
  const free = await verifiedSession(server, "free@example.com", PASSWORD);
  // NOTE: only Pro makes keys; the free account's key is of a Pro account that went back to free.
  await server.db.sql`UPDATE users SET scope = ${["pro"]}`;
  proKey = await newKey(pro);
  freeKey = await newKey(free);
  await server.db.sql`UPDATE users SET scope = ${[]} WHERE email = 'free@example.com'`;
  expect((await call(server.app, "POST", "/api/domains", { cookie: free, headers: SAME, body: { domain: "free.example.com" } })).status).toBe(201);
});
afterAll(() => server.stop());

describe("the Sites API", () => {
  test("a Pro key adds a domain unverified with its tag, lists, changes and deletes it, each in the audit log", async () => {
    const added = await as(proKey).post("/api/sites", { domain: "https://Shop.Example.com/", tz: "Asia/Kolkata" });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ domain: "shop.example.com", tz: "Asia/Kolkata", verified: false, public: false });
    expect(added.json.verifyTag).toMatch(/^<meta name="bothy-verify" content="[0-9a-f]{32}">$/);
    expect((await as(proKey).get("/api/sites")).json.map((d: { domain: string }) => d.domain)).toEqual(["shop.example.com"]);

    const changed = await as(proKey).patch("/api/sites/shop.example.com", { tz: "Europe/Paris" });
    expect(changed.status).toBe(200);
    expect(changed.json.tz).toBe("Europe/Paris");
    // NOTE: the dashboard's rules hold: an unverified domain is not shared.
    expect((await as(proKey).patch("/api/sites/shop.example.com", { public: true })).status).toBe(403);

    expect((await as(proKey).delete("/api/sites/shop.example.com")).json).toEqual({ ok: true });
    expect((await as(proKey).get("/api/sites")).json).toEqual([]);
    const audit = await server.db.sql<{ action: string }[]>`SELECT action FROM admin_audit WHERE target_domain = 'shop.example.com' ORDER BY id`;
    expect(audit.map((a) => a.action)).toEqual(["domain.add", "domain.settings", "domain.delete"]);
  });

  test("bad input is 400 naming the field; a name in the list already is 409", async () => {
    const bad = await as(proKey).post("/api/sites", { domain: "localhost" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields)).toEqual(["domain"]);
    const zone = await as(proKey).post("/api/sites", { domain: "zone.example.com", tz: "Mars/Olympus" });
    expect(zone.status).toBe(400);
    expect(zone.json.error.fields).toEqual({ tz: "Choose a time zone from the list." });
    expect((await as(proKey).post("/api/sites", { domain: "twice.example.com" })).status).toBe(201);
    expect((await as(proKey).post("/api/sites", { domain: "twice.example.com" })).status).toBe(409);
    const wrongType = await as(proKey).patch("/api/sites/twice.example.com", { public: "yes" });
    expect(wrongType.status).toBe(400);
  });

  test("another account's domain is 404, a free key 403, no key or a bad one 401", async () => {
    expect((await as(proKey).patch("/api/sites/free.example.com", { tz: "Europe/Paris" })).status).toBe(404);
    expect((await as(proKey).delete("/api/sites/free.example.com")).status).toBe(404);
    const free = await as(freeKey).get("/api/sites");
    expect(free.status).toBe(403);
    expect(free.json.error.message).toBe("The Sites API needs Pro.");
    expect((await call(server.app, "GET", "/api/sites")).status).toBe(401);
    expect((await as("bothy_not-a-key").get("/api/sites")).status).toBe(401);
    expect(await server.db.sql`SELECT 1 FROM domains WHERE name = 'free.example.com' AND deleted_at IS NULL`).toHaveLength(1);
  });

  test("the key's hourly limit is shared with the stats API, then 429 with Retry-After", async () => {
    const key = await proKeyOf("busy@example.com");
    for (let i = 0; i < LIMIT / 2; i++) expect((await as(key).get("/api/sites")).status).toBe(200);
    for (let i = 0; i < LIMIT / 2; i++) expect((await as(key).get(STATS)).status).toBe(404);
    const over = await as(key).get("/api/sites");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a Pro key invites, lists, changes and removes its domain's members, each in the activity list and the audit log", async () => {
    const team = "/api/sites/team.example.com/members";
    const lead = as(await proKeyOf("lead@example.com"));
    expect((await lead.post("/api/sites", { domain: "team.example.com" })).status).toBe(201);
    const invited = await lead.post(team, { email: "Sam@Example.com", role: "editor" });
    expect(invited.status).toBe(201);
    expect(invited.json).toEqual({ email: "sam@example.com", role: "editor", pending: true });
    expect((await lead.get(team)).json.invites).toMatchObject([{ email: "sam@example.com", role: "editor" }]);

    const sam = await verifiedSession(server, "sam@example.com", PASSWORD);
    const token = mailedToken(server.dataDir, "/settings/domains", "invite");
    expect((await call(server.app, "POST", "/api/invites/accept", { cookie: sam, headers: SAME, body: { token } })).status).toBe(200);
    expect((await lead.post(team, { email: "sam@example.com", role: "viewer" })).status).toBe(409);
    expect((await lead.patch(`${team}/sam@example.com`, { role: "viewer" })).json).toEqual({ email: "sam@example.com", role: "viewer" });
    expect((await lead.get(team)).json.members.map((m: { email: string; role: string }) => `${m.email} ${m.role}`)).toEqual([
      "lead@example.com owner",
      "sam@example.com viewer",
    ]);
    const badRole = await lead.post(team, { email: "kim@example.com", role: "boss" });
    expect(badRole.status).toBe(400);
    expect(badRole.json.error.fields).toEqual({ role: "Choose viewer, editor or admin." });
    expect((await lead.patch(`${team}/nobody@example.com`, { role: "viewer" })).status).toBe(404);
    expect((await lead.delete(`${team}/sam@example.com`)).json).toEqual({ ok: true });
    expect((await call(server.app, "GET", "/api/domains", { cookie: sam })).json).toEqual([]);
    // NOTE: a key manages its holder's own domains only; another's team is 404, as on the stats API.
    expect((await lead.get("/api/sites/free.example.com/members")).status).toBe(404);

    const activity = await server.db.sql<{ action: string }[]>`
      SELECT a.action FROM domain_activity a JOIN domains d ON d.id = a.domain_id WHERE d.name = 'team.example.com' ORDER BY a.id`;
    expect(activity.map((a) => a.action)).toEqual(["add", "invite", "accept", "role", "remove"]);
    const audit = await server.db.sql<{ action: string }[]>`SELECT action FROM admin_audit WHERE target_domain = 'team.example.com' ORDER BY id`;
    expect(audit.map((a) => a.action)).toEqual(["domain.add", "domain.invite", "domain.accept", "domain.role", "domain.remove"]);
  });

  test("a Pro key turns embedding on with its allowed origins, checked like the dashboard's before anything changes", async () => {
    const site = "/api/sites/framed.example.com";
    const framer = as(await proKeyOf("framer@example.com"));
    expect((await framer.post("/api/sites", { domain: "framed.example.com" })).status).toBe(201);
    const bad = await framer.patch(site, { tz: "Asia/Tokyo", embed: { enabled: true, origins: ["https://news.example.org/embed"] } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.origins).toContain("https://example.com");
    const on = await framer.patch(site, { embed: { enabled: true, origins: "https://news.example.org/\nhttp://127.0.0.1:8080\nhttps://news.example.org" } });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ tz: "Europe/London", embed: { enabled: true, origins: ["https://news.example.org", "http://127.0.0.1:8080"] } });
    expect((await framer.patch(site, { tz: "Asia/Tokyo" })).json.embed).toEqual(on.json.embed);
    expect((await framer.patch(site, { embed: { enabled: false, origins: [] } })).json.embed).toEqual({ enabled: false, origins: [] });
    const audit = await server.db.sql<{ action: string; detail: string | null }[]>`
      SELECT action, detail FROM admin_audit WHERE target_domain = 'framed.example.com' ORDER BY id`;
    expect([...audit]).toEqual([
      { action: "domain.add", detail: null },
      { action: "domain.embed on", detail: "https://news.example.org http://127.0.0.1:8080" },
      { action: "domain.settings", detail: "tz" },
      { action: "domain.embed off", detail: null },
    ]);
    expect(await server.db.sql`SELECT 1 FROM domain_activity a JOIN domains d ON d.id = a.domain_id WHERE d.name = 'framed.example.com'`).toHaveLength(4);
  });

  test("/api/docs/json documents every Sites API route for the key, with examples", async () => {
    const paths = (await call(server.app, "GET", "/api/docs/json")).json.paths;
    const routes = [
      paths["/api/sites"].get, paths["/api/sites"].post, paths["/api/sites/{domain}"].patch, paths["/api/sites/{domain}"].delete,
      paths["/api/sites/{domain}/members"].get, paths["/api/sites/{domain}/members"].post,
      paths["/api/sites/{domain}/members/{email}"].patch, paths["/api/sites/{domain}/members/{email}"].delete,
    ];
    for (const route of routes) {
      expect(route.security).toEqual([{ apiKey: [] }]);
      expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(["400", "401", "403", "429"]));
      const answers = Object.values(route.responses) as { content?: Record<string, { example?: unknown }> }[];
      expect(answers.some((r) => r.content?.["application/json"]?.example !== undefined)).toBe(true);
    }
  });
});
