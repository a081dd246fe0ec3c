import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../../src/config";
import { createAuthService } from "../../../src/auth/service";
import { createMailer } from "../../../src/mail";
import { call, sessionFrom } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
beforeAll(async () => {
  server = await startTestServer();
  const accounts = ["ada", "mallory", "rota", "csrf", "burst", "owner", "crowd"].map((name) => `${name}@example.com`);
  for (const email of accounts) {
    expect((await call(server.app, "POST", "/api/signup", { body: { email, password: PASSWORD, name: "A" } })).status).toBe(202);
  }
});
afterAll(() => server.stop());

const signin = (email: string, password = PASSWORD, headers?: Record<string, string>) =>
  call(server.app, "POST", "/api/signin", { body: { email, password }, headers });
/** An API client's sign-in: no browser headers, and it asks for tokens. */
const apiSignin = (email: string) => call(server.app, "POST", "/api/signin", { body: { email, password: PASSWORD, tokens: true } });
/** What the sign-in page's form sends (components/forms/api.ts), as a browser sends it. */
const BROWSER = { origin: "http://bothy.test", "sec-fetch-site": "same-origin", accept: "application/json" };
const refreshSessions = async (email: string) =>
  Number((await server.db.sql`SELECT count(*)::int AS n FROM sessions s JOIN users u USING (uid) WHERE u.email = ${email} AND s.kind = 'refresh'`)[0]!.n);

describe("sign-in", () => {
  test("single sign-on answers 404 and the page offers no button while no provider is configured", async () => {
    expect((await call(server.app, "GET", "/api/auth/oidc")).status).toBe(404);
    expect((await call(server.app, "GET", "/api/auth/oidc/callback?code=x&state=y")).status).toBe(404);
    // NOTE: the provider's button is a link to /api/auth/oidc ("Sign in with a passkey" is another button).
    expect((await call(server.app, "GET", "/signin")).text).not.toContain("/api/auth/oidc");
  });

  test("a browser's sign-in answers the user and a session cookie, and no token a page script could read", async () => {
    const res = await signin("ADA@example.com", PASSWORD, BROWSER);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user: expect.objectContaining({ email: "ada@example.com" }) });
    expect(res.text).not.toMatch(/refresh|accessToken/i);
    expect(res.headers.get("set-cookie")).toContain("HttpOnly");
    const byCookie = await call(server.app, "GET", "/api/user", { cookie: sessionFrom(res.headers) });
    expect(byCookie.json.user.email).toBe("ada@example.com");
    // No refresh session was made for it either.
    expect(await refreshSessions("ada@example.com")).toBe(0);
  });

  test("a browser that asks for tokens is refused before the password is checked, and signed in nowhere", async () => {
    const res = await call(server.app, "POST", "/api/signin", { headers: BROWSER, body: { email: "ada@example.com", password: PASSWORD, tokens: true } });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.tokens).toBe("A browser signs in with its session cookie; tokens are for API clients.");
    expect(res.headers.get("set-cookie")).toBeNull();
    const bare = await call(server.app, "POST", "/api/signin", { headers: { "sec-fetch-site": "same-origin" }, body: { email: "ada@example.com", password: PASSWORD, tokens: true } });
    expect(bare.status).toBe(400);
    expect((await call(server.app, "POST", "/api/signin", { body: { email: "ada@example.com", password: PASSWORD, tokens: "yes" } })).status).toBe(400);
  });

  test("an API client that asks gets an access token, a refresh token and the session cookie", async () => {
    const res = await apiSignin("ADA@example.com");
    expect(res.status).toBe(200);
    expect(res.json.token.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.json.token.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(res.json.token.expiresIn).toBe(900);
    expect(res.json.user.email).toBe("ada@example.com");
    const byToken = await call(server.app, "GET", "/api/user", { token: res.json.token.accessToken });
    expect(byToken.json.user.email).toBe("ada@example.com");
    const byCookie = await call(server.app, "GET", "/api/user", { cookie: sessionFrom(res.headers) });
    expect(byCookie.json.user.email).toBe("ada@example.com");
    expect((await call(server.app, "GET", "/api/user", { token: res.json.token.accessToken + "x" })).status).toBe(401);
    expect((await call(server.app, "GET", "/api/user")).status).toBe(401);
    // Without asking, an API client gets the cookie only.
    const plain = await signin("ada@example.com");
    expect(plain.status).toBe(200);
    expect(plain.json.token).toBeUndefined();
    expect(sessionFrom(plain.headers)).toBeTruthy();
  });

  test("wrong password and unknown email answer identically", async () => {
    const wrong = await signin("ada@example.com", "not the passphrase");
    const unknown = await signin("nobody@example.com", "not the passphrase");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.text).toBe(wrong.text);
    expect(wrong.json.error.message).toBe("Wrong email or password.");
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  test("the 11th quick failed sign-in is throttled, even with the right password", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signin("mallory@example.com", `guess number ${i}`)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await signin("mallory@example.com", PASSWORD);
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(eleventh.json.error.message).toBe("Too many attempts. Please wait a few minutes and try again.");
  }, 30_000);

  test("forty concurrent wrong guesses: at most ten are checked, the rest are refused", async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signin("crowd@example.com", `concurrent guess ${i}`)));
    const refused = answers.filter((r) => r.status === 429).length;
    expect(refused).toBeGreaterThanOrEqual(30);
    expect(answers.filter((r) => r.status === 401).length).toBe(40 - refused);
    expect(40 - refused).toBeGreaterThan(0);
  }, 30_000);

  test("a burst of wrong guesses with the right password in it does not sign in, nor does the password after it", async () => {
    const burst = [...Array.from({ length: 24 }, (_, i) => signin("burst@example.com", `burst guess ${i}`)), signin("burst@example.com")];
    const answers = await Promise.all(burst);
    expect(answers.some((r) => r.status === 200)).toBe(false);
    expect(answers.at(-1)!.status).toBe(429);
    expect((await signin("burst@example.com")).status).toBe(429);
  }, 30_000);

  test("while an account is under attack, a client with no failures on it still signs in", async () => {
    // NOTE: the HTTP app sees every in-process request as one client, so this drives the service
    // with client tags of its own, over the same database.
    // The progressive delays are recorded instead of slept: the HTTP test above waits them out.
    let delay = 0;
    const delays: number[] = [];
    const config = loadConfig({ DATA_DIR: server.dataDir });
    const auth = createAuthService({
      db: server.db,
      mailer: createMailer(config),
      secret: "x".repeat(32),
      sessions: { idleDays: 7, maxDays: 30 },
      wait: async (ms) => (delay = ms),
    });
    const attempt = async (password: string, client: string) => {
      const answer = await auth.signIn({ email: "owner@example.com", password }, client, false);
      delays.push(delay);
      delay = 0;
      return answer;
    };
    const statusOf = (r: Awaited<ReturnType<typeof attempt>>) => (r.ok ? 200 : r.status);
    const guesses: number[] = [];
    for (const bot of ["client:bot-a", "client:bot-b"]) for (let i = 0; i < 10; i++) guesses.push(statusOf(await attempt(`guess ${i}`, bot)));
    expect(guesses).toEqual(Array(20).fill(401));
    // bot-a is slowed from its fourth failure on, doubling to the cap; bot-b's first guess is free
    // (it holds no failures on the account), each later one pays the account's ten at the cap.
    expect(delays).toEqual([0, 0, 0, 50, 100, 200, 400, 800, 1000, 1000, 0, ...Array(9).fill(1000)]);
    // Each bot is now locked out of the account, even with the right password...
    expect(statusOf(await attempt(PASSWORD, "client:bot-a"))).toBe(429);
    // ...and the account as a whole is over its limit: a further bot gets one guess, then is refused.
    expect(statusOf(await attempt("guess", "client:bot-c"))).toBe(401);
    expect(statusOf(await attempt(PASSWORD, "client:bot-c"))).toBe(429);
    // The owner, from a client that has no failures on the account, still signs in.
    expect(statusOf(await attempt(PASSWORD, "client:owner-home"))).toBe(200);
  }, 60_000);

  test("a stolen refresh token is refused after rotation, and ends the family", async () => {
    const first = (await apiSignin("rota@example.com")).json.token.refreshToken;
    const rotated = await call(server.app, "POST", "/api/auth/refresh", { body: { refreshToken: first } });
    expect(rotated.status).toBe(200);
    const second = rotated.json.token.refreshToken;
    expect(second).not.toBe(first);
    expect((await call(server.app, "GET", "/api/user", { token: rotated.json.token.accessToken })).status).toBe(200);

    // The thief replays the first token: refused, and the owner's current one dies with it.
    expect((await call(server.app, "POST", "/api/auth/refresh", { body: { refreshToken: first } })).status).toBe(401);
    expect((await call(server.app, "POST", "/api/auth/refresh", { body: { refreshToken: second } })).status).toBe(401);
  });

  test("logout revokes the cookie session and the refresh token, and always answers ok", async () => {
    const res = await apiSignin("ada@example.com");
    const cookie = sessionFrom(res.headers)!;
    const out = await call(server.app, "POST", "/api/auth/logout", {
      cookie,
      body: { refreshToken: res.json.token.refreshToken },
      headers: { origin: "http://bothy.test" },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await call(server.app, "GET", "/api/user", { cookie })).status).toBe(401);
    const refresh = await call(server.app, "POST", "/api/auth/refresh", { body: { refreshToken: res.json.token.refreshToken } });
    expect(refresh.status).toBe(401);
    expect((await call(server.app, "POST", "/api/auth/logout")).status).toBe(200);
  });

  test("a cross-origin POST to a state-changing endpoint is refused", async () => {
    const cookie = sessionFrom((await signin("csrf@example.com")).headers)!;
    const evil = { origin: "https://evil.example" };
    const attempts = [
      call(server.app, "POST", "/api/password", { cookie, headers: evil, body: { current: PASSWORD, password: "owned by evil corp" } }),
      call(server.app, "POST", "/api/auth/logout", { cookie, headers: evil }),
      call(server.app, "POST", "/api/verify/resend", { cookie, headers: { "sec-fetch-site": "cross-site" } }),
      call(server.app, "POST", "/api/signin", { headers: evil, body: { email: "csrf@example.com", password: PASSWORD } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.json.error.message).toBe("Cross-origin requests are not allowed here.");
    }
    expect((await signin("csrf@example.com")).status).toBe(200); // the password did not change
    expect((await call(server.app, "GET", "/api/user", { cookie })).status).toBe(200); // nor was it logged out
  });
});

test("over https the session cookie is __Host- prefixed and Secure, and is read under that name", async () => {
  const https = await startTestServer({ env: { BASE_URL: "https://bothy.example" } });
  try {
    const body = { email: "s@example.com", password: PASSWORD, name: "S" };
    const headers = { origin: "https://bothy.example" };
    expect((await call(https.app, "POST", "/api/signup", { body, headers })).status).toBe(202);
    const res = await call(https.app, "POST", "/api/signin", { body, headers });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toStartWith("__Host-bothy_session=");
    expect(setCookie).toContain("Secure");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain("Domain");
    const value = /^__Host-bothy_session=([^;]*)/.exec(setCookie)![1]!;
    const me = await call(https.app, "GET", "/api/user", { headers: { cookie: `__Host-bothy_session=${value}` } });
    expect(me.status).toBe(200);
    // The unprefixed name, which a sibling subdomain could set, is not read over https.
    expect((await call(https.app, "GET", "/api/user", { headers: { cookie: `bothy_session=${value}` } })).status).toBe(401);
  } finally {
    await https.stop();
  }
});
