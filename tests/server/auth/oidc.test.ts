import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { call, ORIGIN, sessionFrom, signUpAndIn } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

// A real OpenID provider on loopback (oidc-provider with its development login and consent
// forms, which take any password), and the app in-process at ORIGIN, its registered redirect.
type Claims = { email: string; email_verified: boolean; name: string; groups?: string[] };
const ACCOUNTS: Record<string, Claims> = {
  ada: { email: "Ada@allowed.test", email_verified: true, name: "Ada", groups: ["bothy-admins"] },
  bob: { email: "bob@allowed.test", email_verified: true, name: "Bob" },
  eve: { email: "eve@refused.test", email_verified: true, name: "Eve" },
  una: { email: "una@allowed.test", email_verified: false, name: "Una" },
};

let idp: Server;
let issuer: string;
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  idp = createServer();
  await new Promise<void>((ok) => idp.listen(0, "127.0.0.1", ok));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "bothy",
        client_secret: "a client secret only this test knows",
        redirect_uris: [`${ORIGIN}/api/auth/oidc/callback`],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    findAccount: (_ctx, sub) => (ACCOUNTS[sub] ? { accountId: sub, claims: () => ({ sub, ...ACCOUNTS[sub]! }) } : undefined),
    cookies: { keys: ["a cookie key only this test knows"] },
  });
  idp.on("request", provider.callback());
  server = await startTestServer({
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: "bothy",
      OIDC_CLIENT_SECRET: "a client secret only this test knows",
      OIDC_NAME: "Loopback ID",
      OIDC_ALLOWED_DOMAINS: "allowed.test",
      OIDC_ADMIN_CLAIM: "groups=bothy-admins",
    },
  });
});
afterAll(async () => {
  await server?.stop();
  idp?.close();
});

/** Cookies by name, as a browser keeps them for one site. */
const jar = () => {
  const held = new Map<string, string>();
  return {
    keep(headers: Headers) {
      for (const c of headers.getSetCookie()) {
        const [pair = ""] = c.split(";");
        const at = pair.indexOf("=");
        held.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
    get header() {
      return [...held].filter(([, v]) => v).map(([k, v]) => `${k}=${v}`).join("; ");
    },
  };
};

/** Signs in at the provider as `account` the way a browser would, following every redirect and
 * submitting the login and consent forms, until it sends the browser back to the app. */
async function throughProvider(start: string, account: string): Promise<string> {
  const cookies = jar();
  let next: { url: string; init?: RequestInit } = { url: start };
  for (let hop = 0; hop < 20; hop++) {
    if (next.url.startsWith(ORIGIN)) return next.url;
    const res = await fetch(next.url, { ...next.init, redirect: "manual", headers: { ...next.init?.headers, cookie: cookies.header } });
    cookies.keep(res.headers);
    const location = res.headers.get("location");
    if (location) {
      next = { url: new URL(location, next.url).href };
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
    const body = new URLSearchParams(prompt === "login" ? { prompt, login: account, password: "any" } : { prompt });
    next = { url: new URL(action, next.url).href, init: { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } } };
  }
  throw new Error("too many redirects at the provider");
}

/** The whole sign-in as `account`: where the app sends the browser at the end, and its session cookie. */
async function ssoAs(account: string, redirect = "/dashboard") {
  const start = await call(server.app, "GET", `/api/auth/oidc?redirect=${encodeURIComponent(redirect)}`);
  expect(start.status).toBe(303);
  const pending = start.headers.getSetCookie().find((c) => c.startsWith("bothy_session_oidc="))!;
  expect(pending).toContain("HttpOnly");
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.origin).toBe(issuer);
  // PKCE, state and nonce go to the provider; the redirect is our BASE_URL's, not the request's host.
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("state")).toBeTruthy();
  expect(authorize.searchParams.get("nonce")).toBeTruthy();
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/oidc/callback`);
  const back = await throughProvider(authorize.href, account);
  const done = await call(server.app, "GET", back.slice(ORIGIN.length), { headers: { cookie: pending.split(";")[0]! } });
  expect(done.status).toBe(303);
  return { location: done.headers.get("location"), session: sessionFrom(done.headers), back };
}

const userOf = async (session: string | undefined) => (await call(server.app, "GET", "/api/user", { cookie: session })).json?.user;
const auditFor = async (email: string) => [
  ...(await server.db.sql<{ action: string; detail: string; admin: string | null }[]>`
    SELECT action, detail, admin FROM admin_audit WHERE admin_email = ${email} ORDER BY id`),
];

describe("single sign-on through a loopback OpenID provider", () => {
  test("the sign-in page offers the provider by its configured name", async () => {
    const page = await call(server.app, "GET", "/signin?redirect=%2Fdashboard");
    expect(page.text).toContain("Sign in with Loopback ID");
    expect(page.text).toContain(`href="/api/auth/oidc?redirect=%2Fdashboard"`);
  });

  test("a verified address of an allowed domain gets a new verified account, admin by its claim, and a session", async () => {
    const r = await ssoAs("ada");
    expect(r.location).toBe("/dashboard");
    const user = await userOf(r.session);
    expect(user).toMatchObject({ email: "ada@allowed.test", name: "Ada", verified: true });
    expect(user.scope).toContain("admin");
    expect(await auditFor("ada@allowed.test")).toEqual([{ action: "single sign-on", detail: "account created, admin by claim", admin: user.uid }]);
  });

  test("an existing account with that address is linked, verified, and not made admin without the claim", async () => {
    await signUpAndIn(server.app, { email: "bob@allowed.test", password: "a sturdy passphrase", name: "Robert" });
    const r = await ssoAs("bob", "https://elsewhere.example/");
    // A redirect off this site is not followed.
    expect(r.location).toBe("/settings");
    const user = await userOf(r.session);
    expect(user).toMatchObject({ email: "bob@allowed.test", name: "Robert", verified: true, scope: [] });
    expect((await auditFor("bob@allowed.test")).map((a) => a.detail)).toEqual(["existing account"]);
  });

  test("an address of a domain not allowed is refused with the page's message, and no account is made", async () => {
    const r = await ssoAs("eve");
    expect(r.location).toBe("/signin?sso=domain");
    expect(r.session).toBeUndefined();
    expect(await server.db.sql`SELECT 1 FROM users WHERE email = 'eve@refused.test'`).toHaveLength(0);
    expect(await auditFor("eve@refused.test")).toEqual([{ action: "single sign-on refused", detail: "domain", admin: null }]);
    const page = await call(server.app, "GET", "/signin?sso=domain");
    expect(page.text).toContain("Your email address&#x27;s domain may not sign in here.");
  });

  test("an address the provider has not verified is refused", async () => {
    const r = await ssoAs("una");
    expect(r.location).toBe("/signin?sso=unverified");
    expect(r.session).toBeUndefined();
    expect(await server.db.sql`SELECT 1 FROM users WHERE email = 'una@allowed.test'`).toHaveLength(0);
  });

  test("a callback without the browser's pending cookie, or with another state, signs nobody in", async () => {
    const start = await call(server.app, "GET", "/api/auth/oidc");
    const back = await throughProvider(start.headers.get("location")!, "ada");
    const bare = await call(server.app, "GET", back.slice(ORIGIN.length));
    expect(bare.headers.get("location")).toBe("/signin?sso=failed");
    expect(sessionFrom(bare.headers)).toBeUndefined();
    // The pending cookie of another attempt: its state and PKCE verifier do not match this code.
    const other = (await call(server.app, "GET", "/api/auth/oidc")).headers.getSetCookie()[0]!.split(";")[0]!;
    const crossed = await call(server.app, "GET", back.slice(ORIGIN.length), { headers: { cookie: other } });
    expect(crossed.headers.get("location")).toBe("/signin?sso=failed");
    expect(sessionFrom(crossed.headers)).toBeUndefined();
  });
});
