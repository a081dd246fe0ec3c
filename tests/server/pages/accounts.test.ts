// The account pages over HTTP against the real session: the route guards (who may see each page,
// and where everyone else is sent), the remembered redirect and its safety rule, and what the
// settings layout shows to a free user, a Pro-less admin and a visitor, and that the API Keys page
// tells the header a key really works in. Plans apply (BETA=0), so "Upgrade to Pro" shows.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SESSION_COOKIE } from "../../../src/auth";
import { call, dayKey, mailedToken, signUpAndIn } from "../../helpers/api";
import { req, startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let cookie: string;
const SAME = { origin: "http://bothy.test" };
const page = (path: string, session?: string) =>
  server.app.handle(req(path, session ? { headers: { cookie: `${SESSION_COOKIE}=${session}` } } : undefined));
const location = async (path: string, session?: string) => (await page(path, session)).headers.get("location");
const html = async (path: string, session?: string) => (await (await page(path, session)).text()).replace(/<!-- -->/g, "");

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0", LOG_LEVEL: "error" } });
  cookie = await signUpAndIn(server.app, { email: "grace@example.com", password: "compilers all the way", name: "Grace Brewster Hopper" });
});
afterAll(() => server.stop());

describe("account pages", () => {
  test("an unverified account is sent from /settings/* to /verify, except /settings/verify", async () => {
    expect(await location("/settings", cookie)).toBe("/settings/domains");
    for (const path of ["/settings/domains", "/settings/profile", "/settings/api-keys", "/settings/delete"]) {
      expect(await location(path, cookie)).toBe("/verify");
    }
    expect((await page("/settings/verify", cookie)).status).toBe(200);
    const notice = await html("/verify", cookie);
    expect(notice).toContain("Verify your email to activate your account: open the link we sent to grace@example.com.");
  });

  test("after a sign-up, a signed-out /verify?sent=1 says to open the mailed link, then sign in", async () => {
    const notice = await html("/verify?sent=1");
    expect(notice).toContain("Check your email");
    expect(notice).toContain("We sent a link to the address you gave. Open it to verify your email, then sign in to continue.");
    expect(notice).toContain(`href="/signin"`);
  });

  test("after verifying, /verify goes to /settings/domains and the settings pages open", async () => {
    await call(server.app, "POST", "/api/verify", { headers: SAME, body: { token: mailedToken(server.dataDir, "/verify") } });
    expect(await location("/verify", cookie)).toBe("/settings/domains");
    for (const path of ["/settings/domains", "/settings/profile", "/settings/edit", "/settings/password", "/settings/api-keys", "/settings/delete", "/dashboard/a.com/install"]) {
      expect((await page(path, cookie)).status).toBe(200);
    }
  });

  test("signed-out visitors are sent to /signin remembering the page; signed-in ones skip sign-in", async () => {
    expect(await location("/dashboard/a.com/settings?x=1")).toBe(`/signin?redirect=${encodeURIComponent("/dashboard/a.com/settings?x=1")}`);
    expect(await location("/settings/api-keys")).toBe(`/signin?redirect=${encodeURIComponent("/settings/api-keys")}`);
    expect(await location("/signin", cookie)).toBe("/settings");
    expect(await location("/signup", cookie)).toBe("/settings");
  });

  test("sign-in goes back only to a safe relative path, else to the settings home", async () => {
    expect(await html("/signin?redirect=%2Fsettings%2Fprofile")).toContain('\\"next\\":\\"/settings/profile\\"');
    for (const bad of ["//evil.example", "https://evil.example/", "/\\evil.example", "/a/../b"]) {
      const body = await html(`/signin?redirect=${encodeURIComponent(bad)}`);
      expect(body).toContain('\\"next\\":\\"/settings\\"');
      expect(body).not.toContain("evil");
    }
  });

  test("the settings layout: initials and name, Upgrade to Pro for a free user, Admin only for admins", async () => {
    const body = await html("/settings/profile", cookie);
    expect(body).toContain(">GB</span>");
    expect(body).toContain("Grace Brewster Hopper");
    expect(body).toContain('href="/settings/profile#upgrade"');
    expect(body).toContain('<section id="upgrade"');
    expect(body).not.toContain('href="/admin/users"');
    expect(await html("/settings/api-keys", cookie)).toContain("API access is a Pro feature.");

    await server.db.sql`UPDATE users SET scope = ${["admin", "pro"]} WHERE email = 'grace@example.com'`;
    const admin = await html("/settings/profile", cookie);
    expect(admin.match(/href="\/admin\/users"/g)).toHaveLength(2); // settings navigation and user menu
    expect(admin).not.toContain("Upgrade to Pro");
  });
});

/** The header the API Keys page tells to send a key in, read from its text: "Name: value with <key>". */
function toldHeader(page: string, key: string): [string, string] {
  const told = /Send a key[^<]*<code>([^<]+)<\/code>/.exec(page)?.[1]?.replace(/&lt;/g, "<").replace(/&gt;/g, ">");
  if (!told) throw new Error("the API Keys page names no header");
  const [name, value] = told.includes(":") ? told.split(/:\s*/, 2) : [told, "<key>"];
  return [name!, value!.replace("<key>", key)];
}

describe("the API Keys page", () => {
  test("a key sent the way the page says reads the stats", async () => {
    await server.db.sql`UPDATE users SET scope = ${["pro"]} WHERE email = 'grace@example.com'`;
    expect((await call(server.app, "POST", "/api/domains", { cookie, headers: SAME, body: { domain: "keys.example.com" } })).status).toBe(201);
    const key = (await call(server.app, "POST", "/api/api-keys", { cookie, headers: SAME, body: { name: "script" } })).json.apiKey.key as string;
    const [name, value] = toldHeader(await html("/settings/api-keys", cookie), key);
    const res = await call(server.app, "GET", `/api/stats?domain=keys.example.com&startKey=${dayKey(7)}&endKey=${dayKey(1)}&dataType=SUMMARY`, { headers: { [name]: value } });
    expect(res.status).toBe(200);
    expect(res.json.validated.SK).toBe("keys.example.com");
  });
});
