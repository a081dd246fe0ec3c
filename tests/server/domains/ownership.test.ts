// Who may hold a domain: a name held by another account, or reserved by the instance, is added as a
// claim that answers exactly like a fresh domain; the <meta name="bothy-verify"> tag on the home
// page proves control (fetched through the SSRF guard) and takes a name over from an unverified
// holder, never from a verified one. The sites are a local server that Bothy reaches under their
// names through INSPECT_HOST_MAP, on the port DOMAIN_VERIFY_HTTP_PORT names.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, dayKey, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

const PASSWORD = "a sturdy passphrase";
// NOTE: http: over https the session cookie takes the __Host- prefix, which call() does not send.
const BASE_URL = "http://bothy.example.org";
// NOTE: with BASE_URL set, the CSRF check wants its origin.
const SAME = { origin: BASE_URL };
const SITES = ["contest.example", "away.example", "mine.example", "www.mine.example"];
// NOTE: mapped to loopback but not allowed: the guard must refuse it.
const INTERNAL = "internal.example";

/** What each site's home page answers, set by the tests. */
const pages = new Map<string, () => Response>();
let site: ReturnType<typeof Bun.serve>;
let server: Awaited<ReturnType<typeof startTestServer>>;
let ann: string;
let bob: string;
let cat: string;

beforeAll(async () => {
  site = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req) => {
      const host = (req.headers.get("host") ?? "").replace(/:\d+$/, "");
      const page = new URL(req.url).pathname === "/" ? pages.get(host) : undefined;
      return page ? page() : new Response("not here", { status: 404 });
    },
  });
  server = await startTestServer({
    env: {
      BASE_URL,
      INSPECT_HOST_MAP: [...SITES, INTERNAL].map((h) => `${h}=127.0.0.1`).join(","),
      INSPECT_ALLOW_HOSTS: SITES.join(","),
      DOMAIN_VERIFY_HTTP_PORT: String(site.port),
    },
  });
  ann = await verifiedSession(server, "ann@example.com", PASSWORD);
  bob = await verifiedSession(server, "bob@example.com", PASSWORD);
  cat = await verifiedSession(server, "cat@example.com", PASSWORD);
});
afterAll(async () => {
  await server?.stop();
  site?.stop(true);
});

const as = (cookie: string) => ({
  get: (path: string) => call(server.app, "GET", path, { cookie }),
  post: (path: string, body: unknown = {}) => call(server.app, "POST", path, { cookie, headers: SAME, body }),
  patch: (path: string, body: unknown) => call(server.app, "PATCH", path, { cookie, headers: SAME, body }),
  delete: (path: string, body: unknown) => call(server.app, "DELETE", path, { cookie, headers: SAME, body }),
});
const html = (head: string) => () => new Response(`<!doctype html><html><head><title>t</title>${head}</head><body>hi</body></html>`, { headers: { "content-type": "text/html" } });
const tagOf = async (cookie: string, name: string) =>
  ((await as(cookie).get("/api/domains")).json as { domain: string; verifyTag: string }[]).find((d) => d.domain === name)!.verifyTag;
const holder = async (name: string) =>
  (await server.db.sql<{ email: string | null; verified: boolean }[]>`
    SELECT u.email, d.verified_at IS NOT NULL AS verified FROM domains d LEFT JOIN users u ON u.uid = d.owner WHERE d.name = ${name}`)[0];
const summary = (cookie: string, name: string) =>
  as(cookie).get(`/api/stats?domain=${name}&startKey=${dayKey(2)}&endKey=${dayKey(0)}&dataType=SUMMARY`);

describe("adding a name another account holds", () => {
  test("answers like a fresh domain: same status, same fields, an empty dashboard", async () => {
    const fresh = await as(ann).post("/api/domains", { domain: "contest.example" });
    const claim = await as(bob).post("/api/domains", { domain: "contest.example" });
    expect([fresh.status, claim.status]).toEqual([201, 201]);
    expect(Object.keys(claim.json).sort()).toEqual(Object.keys(fresh.json).sort());
    for (const [key, value] of Object.entries(fresh.json)) {
      if (["publicID", "verifyTag", "created"].includes(key)) expect(typeof claim.json[key]).toBe(typeof value);
      else expect([key, claim.json[key]]).toEqual([key, value]);
    }
    // Each account has its own token: one's tag never proves the other's control.
    expect(claim.json.verifyTag).not.toBe(fresh.json.verifyTag);
    expect((await as(bob).get("/api/domains")).json.map((d: { domain: string }) => d.domain)).toEqual(["contest.example"]);

    // Ann's domain counts; Bob's claim reads as a domain with nothing counted yet.
    const id = (await server.db.sql`SELECT id FROM domains WHERE name = 'contest.example'`)[0]!.id;
    await server.db.sql`INSERT INTO hits (time, site_id, kind, local_day, local_hour, path) VALUES (now(), ${id}, 1, current_date, 0, '/')`;
    const annStats = await summary(ann, "contest.example");
    const bobStats = await summary(bob, "contest.example");
    expect([annStats.status, bobStats.status]).toEqual([200, 200]);
    expect(annStats.json.visits.hits).toBe(1);
    expect(bobStats.json.visits.hits).toBe(0);
    expect(bobStats.json.validated.SK).toBe("contest.example");
    expect(await holder("contest.example")).toEqual({ email: "ann@example.com", verified: false });
  });

  test("the instance's own host and names in the list already", async () => {
    const own = await as(cat).post("/api/domains", { domain: "https://bothy.example.org/" });
    expect(own.status).toBe(201); // a claim, like any held name...
    expect(await server.db.sql`SELECT 1 FROM domains WHERE name = 'bothy.example.org'`).toHaveLength(0);
    const verify = await as(cat).post("/api/domains/bothy.example.org/verify");
    expect(verify.status).toBe(409); // ...that no proof can turn into a domain
    expect(verify.json.error.message).toBe("bothy.example.org is reserved by this Bothy instance.");
    expect((await as(cat).delete("/api/domains/bothy.example.org", { confirm: "bothy.example.org" })).status).toBe(200);
    expect(await server.db.sql`SELECT 1 FROM domain_claims WHERE name = 'bothy.example.org'`).toHaveLength(0);

    const twice = await as(bob).post("/api/domains", { domain: "contest.example" });
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe("contest.example is in your list already.");
  });
});

describe("verifying with the meta tag", () => {
  test("no tag, another account's tag, or a redirect away prove nothing", async () => {
    await as(ann).post("/api/domains", { domain: "away.example" });
    pages.set("away.example", html(""));
    const none = await as(ann).post("/api/domains/away.example/verify");
    expect(none.status).toBe(422);
    expect(none.json.error.message).toStartWith("The tag was not found on the home page of away.example");
    // https:// on loopback's port 443 fails to connect: said in plain words, no socket code or address.
    expect(none.json.error.message).not.toMatch(/\bE[A-Z]{4,}\b|127\.0\.0\.1|:443\b/);
    expect(none.json.error.message).toContain("https://away.example/: ");

    // Bob's claim on contest.example against a page that carries only Ann's tag.
    pages.set("contest.example", html(await tagOf(ann, "contest.example")));
    expect((await as(bob).post("/api/domains/contest.example/verify")).status).toBe(422);

    pages.set("away.example", () => new Response(null, { status: 302, headers: { location: `http://elsewhere.example:${site.port}/` } }));
    pages.set("elsewhere.example", html(await tagOf(ann, "away.example")));
    const away = await as(ann).post("/api/domains/away.example/verify");
    expect(away.status).toBe(422);
    expect(away.json.error.message).toContain("a redirect to elsewhere.example");
    expect(await holder("away.example")).toEqual({ email: "ann@example.com", verified: false });
  });

  test("a name pointing inside the network is never fetched", async () => {
    let asked = 0;
    pages.set(INTERNAL, () => (asked++, html("")()));
    await as(ann).post("/api/domains", { domain: INTERNAL });
    const res = await as(ann).post(`/api/domains/${INTERNAL}/verify`);
    expect(res.status).toBe(422);
    expect(res.json.error.message).toContain("internal address");
    expect(asked).toBe(0);
  });

  test("the holder's own tag verifies the domain, which may then be shared", async () => {
    await as(cat).post("/api/domains", { domain: "mine.example" });
    const tag = await tagOf(cat, "mine.example");
    // NOTE: a redirect within the site (to its www. twin) is followed; attributes in any order and case.
    pages.set("mine.example", () => new Response(null, { status: 301, headers: { location: `http://www.mine.example:${site.port}/` } }));
    pages.set("www.mine.example", html(`<meta charset="utf-8"><META content='${/content="([^"]+)"/.exec(tag)![1]}' name="Bothy-Verify">`));
    const res = await as(cat).post("/api/domains/mine.example/verify");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ domain: "mine.example", verified: true });
    expect(await holder("mine.example")).toEqual({ email: "cat@example.com", verified: true });
    expect((await as(cat).patch("/api/domains/mine.example", { public: true })).status).toBe(200);
    const audit = await server.db.sql<{ action: string }[]>`SELECT action FROM admin_audit WHERE target_domain = 'mine.example' ORDER BY id`;
    expect(audit.map((a) => a.action)).toEqual(["domain.add", "domain.verify", "domain.settings"]);
  });

  test("a claimant's proof takes the name over from an unverified holder, hits and all", async () => {
    // NOTE: the claim's zone differs from the holder's: the sums cached by the old one are retired.
    expect((await as(bob).patch("/api/domains/contest.example", { tz: "UTC" })).status).toBe(200);
    const epoch = async () =>
      (await server.db.sql<{ e: number }[]>`SELECT stats_epoch::int AS e FROM domains WHERE name = 'contest.example'`)[0]!.e;
    const before = await epoch();
    pages.set("contest.example", html(await tagOf(bob, "contest.example")));
    const res = await as(bob).post("/api/domains/contest.example/verify");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ domain: "contest.example", verified: true, tz: "UTC" });
    expect(await epoch()).toBe(before + 1);
    expect(await holder("contest.example")).toEqual({ email: "bob@example.com", verified: true });
    expect((await summary(bob, "contest.example")).json.visits.hits).toBe(1);
    // Ann has lost it: not in her list, and its stats are another account's.
    expect((await as(ann).get("/api/domains")).json.map((d: { domain: string }) => d.domain)).not.toContain("contest.example");
    expect((await summary(ann, "contest.example")).status).toBe(404);
    expect(await server.db.sql`SELECT 1 FROM domain_claims WHERE name = 'contest.example'`).toHaveLength(0);
    // NOTE: the claim's add is in the audit log too, as any add; the taken-over domain's activity starts with its proof.
    const audit = await server.db.sql<{ action: string; email: string }[]>`
      SELECT action, admin_email AS email FROM admin_audit WHERE target_domain = 'contest.example' AND admin_email = 'bob@example.com' ORDER BY id`;
    expect(audit.map((a) => a.action)).toEqual(["domain.add", "domain.verify"]);
  });

  test("a verified holder keeps the name, whoever proves control later", async () => {
    await as(ann).post("/api/domains", { domain: "contest.example" });
    pages.set("contest.example", html(await tagOf(ann, "contest.example")));
    const res = await as(ann).post("/api/domains/contest.example/verify");
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe("contest.example was verified by another account first. Write to us if it is yours.");
    expect(await holder("contest.example")).toEqual({ email: "bob@example.com", verified: true });
  });
});
