import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, sessionFrom } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
beforeAll(async () => {
  server = await startTestServer();
  for (const email of ["ada@example.com", "mallory@example.com", "rota@example.com", "csrf@example.com"]) {
    expect((await call(server.app, "POST", "/api/signup", { body: { email, password: PASSWORD, name: "A" } })).status).toBe(201);
  }
});
afterAll(() => server.stop());

const signin = (email: string, password = PASSWORD, headers?: Record<string, string>) =>
  call(server.app, "POST", "/api/signin", { body: { email, password }, headers });

describe("sign-in", () => {
  test("answers token.accessToken, a refresh token and a session cookie", async () => {
    const res = await signin("ADA@example.com");
    expect(res.status).toBe(200);
    expect(res.json.token.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.json.token.expiresIn).toBe(900);
    expect(res.json.user.email).toBe("ada@example.com");
    const byToken = await call(server.app, "GET", "/api/user", { token: res.json.token.accessToken });
    expect(byToken.json.user.email).toBe("ada@example.com");
    const byCookie = await call(server.app, "GET", "/api/user", { cookie: sessionFrom(res.headers) });
    expect(byCookie.json.user.email).toBe("ada@example.com");
    expect((await call(server.app, "GET", "/api/user", { token: res.json.token.accessToken + "x" })).status).toBe(401);
    expect((await call(server.app, "GET", "/api/user")).status).toBe(401);
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

  test("a stolen refresh token is refused after rotation, and ends the family", async () => {
    const first = (await signin("rota@example.com")).json.token.refreshToken;
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
    const res = await signin("ada@example.com");
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

test("the session cookie is Secure when the site is served over https", async () => {
  const https = await startTestServer({ env: { BASE_URL: "https://bothy.example" } });
  try {
    const res = await call(https.app, "POST", "/api/signup", {
      body: { email: "s@example.com", password: PASSWORD, name: "S" },
      headers: { origin: "https://bothy.example" },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("set-cookie")).toContain("Secure");
  } finally {
    await https.stop();
  }
});
