import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, signUpAndIn, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
let owner: string;
let other: string;

const account = (s: typeof server, email: string) => verifiedSession(s, email, PASSWORD);

beforeAll(async () => {
  server = await startTestServer();
  owner = await account(server, "owner@example.com");
  other = await account(server, "other@example.com");
});
afterAll(() => server.stop());

const as = (cookie: string) => ({
  get: (path: string) => call(server.app, "GET", path, { cookie }),
  post: (path: string, body: unknown) => call(server.app, "POST", path, { cookie, headers: SAME, body }),
  patch: (path: string, body: unknown) => call(server.app, "PATCH", path, { cookie, headers: SAME, body }),
  delete: (path: string, body: unknown) => call(server.app, "DELETE", path, { cookie, headers: SAME, body }),
});

describe("domains", () => {
  test("add with a normalised host and the default time zone, then list", async () => {
    const added = await as(owner).post("/api/domains", { domain: "https://Blog.Example.com/" });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ domain: "blog.example.com", SK: "blog.example.com", tz: "Europe/London", public: false, verified: false });
    expect(added.json.verifyTag).toMatch(/^<meta name="bothy-verify" content="[0-9a-f]{32}">$/);
    expect(added.json.publicID).toMatch(/^[0-9a-f]{32}$/);
    const list = await as(owner).get("/api/domains");
    expect(list.json.map((d: { domain: string }) => d.domain)).toEqual(["blog.example.com"]);
    expect((await as(other).get("/api/domains")).json).toEqual([]);
  });

  test("an account whose email is not verified adds nothing", async () => {
    const fresh = await signUpAndIn(server.app, { email: "new@example.com", password: PASSWORD, name: "N" });
    const res = await as(fresh).post("/api/domains", { domain: "early.example.com" });
    expect(res.status).toBe(403);
    expect(res.json.error.fields).toEqual({ domain: "Verify your email address before you add a website." });
    expect(await server.db.sql`SELECT 1 FROM domains WHERE name = 'early.example.com'`).toHaveLength(0);
    expect(await server.db.sql`SELECT 1 FROM domain_claims WHERE name = 'early.example.com'`).toHaveLength(0);
  });

  test("bad hosts, unknown zones and names already in the list are refused on their fields", async () => {
    expect((await as(owner).post("/api/domains", { domain: "localhost" })).json.error.fields.domain).toBe(
      "Enter a domain like example.com, without https:// or a path.",
    );
    expect((await as(owner).post("/api/domains", { domain: "tz.example.com", tz: "Mars/Olympus" })).json.error.fields).toEqual({
      tz: "Choose a time zone from the list.",
    });
    const again = await as(owner).post("/api/domains", { domain: "blog.example.com" });
    expect(again.status).toBe(409);
    expect(again.json.error.fields).toEqual({ domain: "blog.example.com is in your list already." });
  });

  test("an unverified domain's dashboard cannot be shared", async () => {
    await as(owner).post("/api/domains", { domain: "unshared.example.com" });
    const res = await as(owner).patch("/api/domains/unshared.example.com", { public: true });
    expect(res.status).toBe(403);
    expect(res.json.error.fields).toEqual({ public: "Verify that unshared.example.com is yours before you share its dashboard." });
    expect((await as(owner).patch("/api/domains/unshared.example.com", { password: "share me please" })).status).toBe(403);
    expect((await server.db.sql`SELECT public, public_password_hash FROM domains WHERE name = 'unshared.example.com'`)[0]).toEqual({
      public: false, public_password_hash: null,
    });
    expect((await as(owner).delete("/api/domains/unshared.example.com", { confirm: "unshared.example.com" })).status).toBe(200);
  });

  test("a new time zone retires the domain's cached stats (a new stats epoch); the same one does not", async () => {
    await as(owner).post("/api/domains", { domain: "zone.example.com", tz: "Asia/Kolkata" });
    await server.db.sql`UPDATE domains SET verified_at = now() WHERE name = 'zone.example.com'`;
    const epoch = async () =>
      (await server.db.sql<{ e: number }[]>`SELECT stats_epoch::int AS e FROM domains WHERE name = 'zone.example.com'`)[0]!.e;
    const before = await epoch();
    expect((await as(owner).patch("/api/domains/zone.example.com", { tz: "Asia/Kolkata", public: true })).status).toBe(200);
    expect(await epoch()).toBe(before);
    expect((await as(owner).patch("/api/domains/zone.example.com", { tz: "Pacific/Honolulu" })).status).toBe(200);
    expect(await epoch()).toBe(before + 1);
  });

  test("time zone, public switch and password change; another account gets 404 everywhere", async () => {
    await as(owner).post("/api/domains", { domain: "shop.example.com", tz: "Asia/Kolkata" });
    // NOTE: sharing needs the ownership proof, which tests/server/domains/ownership.test.ts makes for real.
    await server.db.sql`UPDATE domains SET verified_at = now() WHERE name = 'shop.example.com'`;
    const patched = await as(owner).patch("/api/domains/shop.example.com", { tz: "Pacific/Honolulu", public: true, password: "share me please" });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ tz: "Pacific/Honolulu", public: true, passwordProtected: true });
    expect((await as(owner).patch("/api/domains/shop.example.com", { password: "" })).json.passwordProtected).toBe(false);

    for (const res of [
      await as(other).patch("/api/domains/shop.example.com", { public: false }),
      await as(other).delete("/api/domains/shop.example.com", { confirm: "shop.example.com" }),
      await as(owner).patch("/api/domains/nothing.example.com", { public: false }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.error.message).toBe("No such domain.");
    }
    expect((await as(owner).get("/api/domains")).json.find((d: { domain: string }) => d.domain === "shop.example.com").public).toBe(true);
  });

  test("delete needs the name typed, and takes the domain's hits with it", async () => {
    await as(owner).post("/api/domains", { domain: "gone.example.com" });
    const id = (await server.db.sql`SELECT id FROM domains WHERE name = 'gone.example.com'`)[0]!.id;
    const keep = (await server.db.sql`SELECT id FROM domains WHERE name = 'blog.example.com'`)[0]!.id;
    for (const site of [id, keep]) {
      await server.db.sql`INSERT INTO hits (time, site_id, kind, local_day, local_hour, path) VALUES (now(), ${site}, 1, current_date, 0, '/')`;
    }
    const unconfirmed = await as(owner).delete("/api/domains/gone.example.com", { confirm: "gone" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.json.error.fields).toEqual({ confirm: "Type gone.example.com to confirm." });
    expect((await as(owner).delete("/api/domains/gone.example.com", { confirm: "gone.example.com" })).status).toBe(200);
    const left = await server.db.sql`SELECT site_id FROM hits ORDER BY site_id`;
    expect(left.map((r) => r.site_id)).toEqual([keep]);
    expect((await as(owner).get("/api/domains")).json.map((d: { domain: string }) => d.domain)).not.toContain("gone.example.com");
  });

  test("the time-zone list has labels and offsets", async () => {
    const res = await as(owner).get("/api/timezones");
    expect(res.json.default).toBe("Europe/London");
    expect(res.json.timezones.length).toBeGreaterThanOrEqual(100);
    expect(res.json.timezones).toContainEqual(
      expect.objectContaining({ zone: "Asia/Kolkata", label: "Chennai, Kolkata, Mumbai, New Delhi", offset: "+05:30", text: "UTC+05:30 Asia/Kolkata" }),
    );
    expect(res.json.fallback).toBe("UTC+00:00 UTC");
    expect(res.json.timezones).toContainEqual(expect.objectContaining({ zone: "UTC", text: res.json.fallback }));
  });
});

test("a free account adds two domains, and no password; Pro-only parts say so", async () => {
  const paid = await startTestServer({ env: { BETA: "0" } });
  try {
    const free = await account(paid, "free@example.com");
    const post = (domain: string) => call(paid.app, "POST", "/api/domains", { cookie: free, headers: SAME, body: { domain } });
    expect((await post("one.example.com")).status).toBe(201);
    expect((await post("two.example.com")).status).toBe(201);
    const third = await post("three.example.com");
    expect(third.status).toBe(403);
    expect(third.json.error.message).toBe("The free plan includes 2 websites. Upgrade to Pro to add more.");
    const pw = await call(paid.app, "PATCH", "/api/domains/one.example.com", { cookie: free, headers: SAME, body: { password: "secret!!" } });
    expect(pw.status).toBe(403);
  } finally {
    await paid.stop();
  }
});

describe("embedding a public dashboard", () => {
  const save = (cookie: string, domain: string, body: unknown) => call(server.app, "PATCH", `/api/domains/${domain}/embed`, { cookie, headers: SAME, body });
  const framing = async (path: string, cookie?: string) =>
    /frame-ancestors ([^;]+)/.exec((await call(server.app, "GET", path, { cookie })).headers.get("content-security-policy") ?? "")?.[1];

  test("the owner's allowed origins go into that public page's frame-ancestors, and nowhere else", async () => {
    expect((await as(owner).post("/api/domains", { domain: "framed.example" })).status).toBe(201);
    const [d] = await server.db.sql<{ publicId: string }[]>`
      UPDATE domains SET verified_at = now(), public = true WHERE name = 'framed.example' RETURNING public_id AS "publicId"`;
    const page = `/public/${d!.publicId}?embed=true&theme=dark`;
    expect(await framing(page)).toBe("'none'");

    const saved = await save(owner, "framed.example", { enabled: true, origins: ["https://news.example.org/", "http://127.0.0.1:8080", "https://news.example.org"] });
    expect(saved.json).toEqual({ enabled: true, origins: ["https://news.example.org", "http://127.0.0.1:8080"] });
    // The settings form sends its text, one origin a line.
    expect((await save(owner, "framed.example", { enabled: true, origins: "https://news.example.org\n http://127.0.0.1:8080\n" })).json).toEqual(saved.json);
    expect((await as(owner).get("/api/domains/framed.example/embed")).json).toEqual(saved.json);
    expect(await framing(page)).toBe("https://news.example.org http://127.0.0.1:8080");
    for (const path of ["/", "/signin", "/public/no-such-dashboard"]) expect(await framing(path), path).toBe("'none'");
    expect(await framing("/dashboard/framed.example", owner)).toBe("'none'");
    const [line] = await server.db.sql`SELECT action, target_domain AS domain, detail FROM admin_audit WHERE admin_email = 'owner@example.com' AND action LIKE 'domain.embed%'`;
    expect(line).toEqual({ action: "domain.embed on", domain: "framed.example", detail: "https://news.example.org http://127.0.0.1:8080" });

    // Switched off, or the dashboard no longer public: nobody may frame it.
    expect((await save(owner, "framed.example", { enabled: false, origins: ["https://news.example.org"] })).status).toBe(200);
    expect(await framing(page)).toBe("'none'");
    await save(owner, "framed.example", { enabled: true, origins: ["https://news.example.org"] });
    await server.db.sql`UPDATE domains SET public = false WHERE name = 'framed.example'`;
    expect(await framing(page)).toBe("'none'");
  });

  test("origins are https (http only on loopback) without a path, and another account's domain is 404", async () => {
    for (const bad of ["http://news.example.org", "https://news.example.org/embed", "javascript:alert(1)", "news.example.org", "https://user:pw@news.example.org"]) {
      const r = await save(owner, "framed.example", { enabled: true, origins: [bad] });
      expect(r.status, bad).toBe(400);
      expect(r.json.error.fields.origins).toContain("https://example.com");
    }
    expect((await save(other, "framed.example", { enabled: true, origins: [] })).status).toBe(404);
    expect((await call(server.app, "GET", "/api/domains/framed.example/embed", { cookie: other })).status).toBe(404);
  });
});
