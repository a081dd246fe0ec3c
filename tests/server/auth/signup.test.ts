import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, mailedToken, outbox, sessionFrom } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const signup = (email: string, password = "a sturdy passphrase", name = "Ada Lovelace") =>
  call(server.app, "POST", "/api/signup", { body: { email, password, name } });

describe("sign-up and verification", () => {
  test("signs up, signs in by cookie, mails a link that verifies once", async () => {
    const res = await signup("Ada@Example.com");
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace", verified: false, pro: true });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain("Secure"); // BASE_URL is not https here
    const cookie = sessionFrom(res.headers)!;

    const me = await call(server.app, "GET", "/api/user", { cookie });
    expect(me.status).toBe(200);
    expect(me.json.user.verified).toBe(false);

    const mail = outbox(server.dataDir).at(-1)!;
    expect(mail).toContain("To: ada@example.com");
    expect(mail).toContain("Subject: Verify your email for Bothy");
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
    const token = mailedToken(server.dataDir, "/verify");

    expect((await call(server.app, "POST", "/api/verify", { body: { token } })).status).toBe(200);
    expect((await call(server.app, "GET", "/api/user", { cookie })).json.user.verified).toBe(true);
    const again = await call(server.app, "POST", "/api/verify", { body: { token } });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe("This verification link is invalid or has expired. Request a new one.");
  });

  test("a taken email is refused on its field, case-insensitively", async () => {
    await signup("grace@example.com");
    const res = await signup("GRACE@example.com");
    expect(res.status).toBe(409);
    expect(res.json.error.fields.email).toBe("An account with this email already exists. Sign in or reset your password.");
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
    const res = await signup("resend@example.com");
    const cookie = sessionFrom(res.headers)!;
    const before = outbox(server.dataDir).length;
    expect((await call(server.app, "POST", "/api/verify/resend", { cookie, headers: { origin: "http://bothy.test" } })).status).toBe(200);
    expect(outbox(server.dataDir).length).toBe(before + 1);
    expect((await call(server.app, "POST", "/api/verify/resend")).status).toBe(401);
  });
});
