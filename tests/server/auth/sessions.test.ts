// How long a sign-in lasts and what ends it: the idle timeout and the absolute lifetime of a
// session family, and access tokens refused as soon as their user signs out or changes password.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, mailedToken, outbox, outboxHolds, sessionFrom } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
const ACCOUNTS = ["idle", "busy", "family", "out", "reset", "change"].map((name) => `${name}@example.com`);
beforeAll(async () => {
  server = await startTestServer();
  for (const email of ACCOUNTS) await call(server.app, "POST", "/api/signup", { body: { email, password: PASSWORD, name: "S" } });
});
afterAll(() => server.stop());

const signin = async (email: string) => {
  const res = await call(server.app, "POST", "/api/signin", { body: { email, password: PASSWORD, tokens: true } });
  expect(res.status).toBe(200);
  return { cookie: sessionFrom(res.headers)!, access: res.json.token.accessToken as string, refresh: res.json.token.refreshToken as string };
};
const me = (held: { cookie?: string; token?: string }) => call(server.app, "GET", "/api/user", held);
const refresh = (refreshToken: string) => call(server.app, "POST", "/api/auth/refresh", { body: { refreshToken } });
/** As if `days` had passed for every session of the account (deadlines move closer). */
const age = (email: string, days: number, columns: "expires" | "both" = "both") =>
  columns === "expires"
    ? server.db.sql`UPDATE sessions SET expires = expires - make_interval(days => ${days})
        WHERE uid = (SELECT uid FROM users WHERE email = ${email})`
    : server.db.sql`UPDATE sessions SET expires = expires - make_interval(days => ${days}),
        family_expires = family_expires - make_interval(days => ${days})
        WHERE uid = (SELECT uid FROM users WHERE email = ${email})`;

describe("session lifetimes", () => {
  test("a sign-in left unused for longer than the idle timeout has ended", async () => {
    const held = await signin("idle@example.com");
    await age("idle@example.com", 8, "expires");
    expect((await me({ cookie: held.cookie })).status).toBe(401);
    expect((await refresh(held.refresh)).status).toBe(401);
  });

  test("using a session pushes its idle deadline forward", async () => {
    const held = await signin("busy@example.com");
    for (let week = 0; week < 3; week++) {
      await age("busy@example.com", 6);
      expect((await me({ cookie: held.cookie })).status).toBe(200);
    }
  });

  test("a refresh-token family ends at its absolute lifetime however often it rotates", async () => {
    let token = (await signin("family@example.com")).refresh;
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      await age("family@example.com", 6);
      const r = await refresh(token);
      answers.push(r.status);
      if (r.status === 200) token = r.json.token.refreshToken;
    }
    // Days 6, 12, 18 and 24 rotate; on day 30 the family is over, although each token was fresh.
    expect(answers).toEqual([200, 200, 200, 200, 401]);
  });

  test("the cookie lasts as long as the absolute lifetime in the browser", async () => {
    const res = await call(server.app, "POST", "/api/signin", { body: { email: "idle@example.com", password: PASSWORD } });
    expect(res.headers.get("set-cookie")).toContain(`Max-Age=${30 * 86400}`);
  });
});

describe("access tokens end with the sign-in", () => {
  test("signing out refuses the access tokens already issued", async () => {
    const held = await signin("out@example.com");
    expect((await me({ token: held.access })).status).toBe(200);
    const out = await call(server.app, "POST", "/api/auth/logout", { headers: SAME, body: { refreshToken: held.refresh } });
    expect(out.status).toBe(200);
    expect((await me({ token: held.access })).status).toBe(401);
    // Signing in again issues tokens that work.
    expect((await me({ token: (await signin("out@example.com")).access })).status).toBe(200);
  });

  test("a password reset refuses the access tokens already issued", async () => {
    const held = await signin("reset@example.com");
    const before = outbox(server.dataDir).length;
    await call(server.app, "POST", "/api/reset/request", { body: { email: "reset@example.com" } });
    await outboxHolds(server.dataDir, before + 1);
    const token = mailedToken(server.dataDir, "/reset");
    expect((await call(server.app, "POST", "/api/reset", { body: { token, password: "a brand new passphrase" } })).status).toBe(200);
    expect((await me({ token: held.access })).status).toBe(401);
  });

  test("a password change refuses the access tokens already issued, and keeps the session that changed it", async () => {
    const held = await signin("change@example.com");
    const changed = await call(server.app, "POST", "/api/password", {
      cookie: held.cookie,
      headers: SAME,
      body: { current: PASSWORD, password: "a brand new passphrase" },
    });
    expect(changed.status).toBe(200);
    expect((await me({ token: held.access })).status).toBe(401);
    expect((await me({ cookie: held.cookie })).status).toBe(200);
  });
});
