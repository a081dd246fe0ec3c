import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, mailedToken, outbox, sessionFrom, signUpAndIn } from "../../helpers/api";
import { LIMITS } from "../../../src/http/limits";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const signup = (email: string, password = "a sturdy passphrase", name = "Ada Lovelace") =>
  call(server.app, "POST", "/api/signup", { body: { email, password, name } });

describe("sign-up and verification", () => {
  test("signs nobody in, mails a link without the chosen name that verifies once, then the account signs in", async () => {
    const res = await signup("Ada@Example.com");
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ email: "ada@example.com", message: "Check your email: we sent a link to continue." });
    expect(res.headers.get("set-cookie")).toBeNull();

    const mail = outbox(server.dataDir).at(-1)!;
    expect(mail).toContain("To: ada@example.com");
    expect(mail).toContain("Subject: Verify your email for Bothy");
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
    // The address is not verified yet: whoever typed it chose the name, so the mail must not carry it.
    expect(mail).not.toContain("Ada Lovelace");
    const token = mailedToken(server.dataDir, "/verify");

    const signin = await call(server.app, "POST", "/api/signin", { body: { email: "ada@example.com", password: "a sturdy passphrase" } });
    expect(signin.status).toBe(200);
    expect(signin.json.user).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace", verified: false, pro: true });
    const setCookie = signin.headers.get("set-cookie")!;
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain("Secure"); // BASE_URL is not https here
    const cookie = sessionFrom(signin.headers)!;

    expect((await call(server.app, "POST", "/api/verify", { body: { token } })).status).toBe(200);
    expect((await call(server.app, "GET", "/api/user", { cookie })).json.user.verified).toBe(true);
    const again = await call(server.app, "POST", "/api/verify", { body: { token } });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe("This verification link is invalid or has expired. Request a new one.");
  });

  test("a taken email answers like a new one, changes nothing, and mails its owner instead", async () => {
    const fresh = await signup("grace@example.com");
    const taken = await signup("GRACE@example.com", "another sturdy passphrase", "Mallory");
    expect(taken.status).toBe(fresh.status);
    expect(taken.text).toBe(fresh.text);
    expect(taken.headers.get("set-cookie")).toBeNull();

    const mail = outbox(server.dataDir).at(-1)!;
    expect(mail).toContain("To: grace@example.com");
    expect(mail).toContain("Subject: Your Bothy account");
    expect(mail).toContain("Someone tried to create a Bothy account with this address, which already has one.");
    expect(mail).toContain("http://bothy.test/signin");
    expect(mail).toContain("http://bothy.test/reset");
    expect(mail).not.toContain("Mallory");
    expect(mail).not.toContain("token=");

    const [row] = await server.db.sql`SELECT name FROM users WHERE email = 'grace@example.com'`;
    expect(row!.name).toBe("Ada Lovelace");
    const signin = (password: string) => call(server.app, "POST", "/api/signin", { body: { email: "grace@example.com", password } });
    expect((await signin("another sturdy passphrase")).status).toBe(401);
    expect((await signin("a sturdy passphrase")).status).toBe(200);
  });

  test("weak passwords are refused with a field error and nothing is written", async () => {
    for (const [password, message] of [
      ["short1", "Use at least 10 characters."],
      ["password123", "This password is too common. Choose another."],
      ["linus-torvalds-1", "Don't use your email address or name as your password."],
    ]) {
      const res = await signup("linus-torvalds@example.com", password);
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual({ password: message });
    }
    const [row] = await server.db.sql`SELECT count(*)::int AS n FROM users WHERE email = 'linus-torvalds@example.com'`;
    expect(row!.n).toBe(0);
  });

  test("bad input gets a clear field error", async () => {
    const cases: [unknown, string][] = [
      [{ email: "not-an-email", password: "a sturdy passphrase", name: "X" }, "email"],
      [{ email: "x@example.com", password: "a sturdy passphrase", name: "" }, "name"],
      [{ email: "x@example.com", password: 12, name: "X" }, "password"],
      [{ email: `${"x".repeat(300)}@example.com`, password: "a sturdy passphrase", name: "X" }, "email"],
    ];
    for (const [body, field] of cases) {
      const res = await call(server.app, "POST", "/api/signup", { body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json.error.fields)).toEqual([field]);
    }
    const bad = await call(server.app, "POST", "/api/signup", { body: { email: "nope", password: "a sturdy passphrase", name: "X" } });
    expect(bad.json.error).toMatchObject({ message: "Enter a valid email address.", fields: { email: "Enter a valid email address." } });
    const garbage = await call(server.app, "POST", "/api/signup", { body: "{not json" });
    expect(garbage.status).toBe(400);
  });

  test("resending verification mails a fresh link", async () => {
    const cookie = await signUpAndIn(server.app, { email: "resend@example.com", password: "a sturdy passphrase", name: "R" });
    const before = outbox(server.dataDir).length;
    expect((await call(server.app, "POST", "/api/verify/resend", { cookie, headers: { origin: "http://bothy.test" } })).status).toBe(200);
    expect(outbox(server.dataDir).length).toBe(before + 1);
    expect((await call(server.app, "POST", "/api/verify/resend")).status).toBe(401);
  });
});

test("sign-ups and verification mails are charged to the client per hour", async () => {
  const PER_CLIENT = LIMITS.accountMail.client.per;
  const own = await startTestServer();
  try {
    const statuses: number[] = [];
    for (let i = 0; i < PER_CLIENT + 2; i++) {
      const body = { email: `many${i}@example.com`, password: "a sturdy passphrase", name: "M" };
      statuses.push((await call(own.app, "POST", "/api/signup", { body })).status);
    }
    expect(statuses).toEqual([...Array(PER_CLIENT).fill(202), 429, 429]);
    expect(outbox(own.dataDir).length).toBe(PER_CLIENT);
    // A signed-in account's resend draws on the same budget.
    const signin = await call(own.app, "POST", "/api/signin", { body: { email: "many0@example.com", password: "a sturdy passphrase" } });
    const resend = await call(own.app, "POST", "/api/verify/resend", { cookie: sessionFrom(signin.headers)!, headers: { origin: "http://bothy.test" } });
    expect(resend.status).toBe(429);
    expect(Number(resend.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(outbox(own.dataDir).length).toBe(PER_CLIENT);
  } finally {
    await own.stop();
  }
}, 60_000);
