import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setLogLevel, setLogSink } from "../../../src/log";
import { hashPassword } from "../../../src/auth/passwords";
import { createUser } from "../../../src/auth/users";
import { call, mailedToken, outbox, outboxHolds, sessionFrom } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const OLD = "a sturdy passphrase";
const NEW = "another sturdy passphrase";
const SAME_ORIGIN = { origin: "http://bothy.test" };
beforeAll(async () => {
  server = await startTestServer();
  // NOTE: made in the database, not by sign-up, so this file's resets alone spend the client's mail budget.
  for (const email of ["reset@example.com", "expire@example.com", "change@example.com", "twice@example.com", "logged@example.com"]) {
    await createUser(server.db.sql, { email, name: "R", passwordHash: await hashPassword(OLD) });
  }
});
afterAll(() => server.stop());

const signin = (email: string, password: string) => call(server.app, "POST", "/api/signin", { body: { email, password } });
/** Asks for a reset of a known address and waits for its mail, which goes off the request path. */
const requestReset = async (email: string) => {
  const before = outbox(server.dataDir).length;
  const res = await call(server.app, "POST", "/api/reset/request", { body: { email } });
  await outboxHolds(server.dataDir, before + 1);
  return res;
};

describe("password reset", () => {
  test("answers the same for unknown addresses and mails nothing", async () => {
    const before = outbox(server.dataDir).length;
    const unknown = await call(server.app, "POST", "/api/reset/request", { body: { email: "nobody@example.com" } });
    const known = await requestReset("reset@example.com");
    expect(outbox(server.dataDir).length).toBe(before + 1);
    expect(unknown.status).toBe(202);
    expect(unknown.text).toBe(known.text);
  });

  test("a reset link works once, and ends every session", async () => {
    const session = sessionFrom((await signin("reset@example.com", OLD)).headers)!;
    await requestReset("reset@example.com");
    const token = mailedToken(server.dataDir, "/reset");

    const weak = await call(server.app, "POST", "/api/reset", { body: { token, password: "short" } });
    expect(weak.status).toBe(400);
    expect(weak.json.error.fields.password).toBe("Use at least 10 characters.");

    expect((await call(server.app, "POST", "/api/reset", { body: { token, password: NEW } })).status).toBe(200);
    const twice = await call(server.app, "POST", "/api/reset", { body: { token, password: "a third passphrase!" } });
    expect(twice.status).toBe(400);
    expect(twice.json.error.message).toBe("This reset link is invalid, used or expired. Request a new one.");

    expect((await signin("reset@example.com", OLD)).status).toBe(401);
    expect((await signin("reset@example.com", NEW)).status).toBe(200);
    expect((await call(server.app, "GET", "/api/user", { cookie: session })).status).toBe(401);
  });

  test("completing a reset retires the account's other reset links", async () => {
    await requestReset("twice@example.com");
    const first = mailedToken(server.dataDir, "/reset");
    await requestReset("twice@example.com");
    const second = mailedToken(server.dataDir, "/reset");
    expect(second).not.toBe(first);
    expect((await call(server.app, "POST", "/api/reset", { body: { token: second, password: NEW } })).status).toBe(200);
    const stale = await call(server.app, "POST", "/api/reset", { body: { token: first, password: "a third passphrase!" } });
    expect(stale.status).toBe(400);
    expect((await signin("twice@example.com", NEW)).status).toBe(200);
  });

  test("without SMTP the log names the outbox file, never the link", async () => {
    const lines: string[] = [];
    setLogLevel("info");
    setLogSink((_, line) => lines.push(line));
    try {
      await requestReset("logged@example.com");
    } finally {
      setLogSink();
      setLogLevel("silent");
    }
    const token = mailedToken(server.dataDir, "/reset");
    const mailLines = lines.filter((l) => l.includes("mail written to outbox"));
    expect(mailLines.length).toBe(1);
    expect(JSON.parse(mailLines[0]!).file).toMatch(/outbox\/[^/]+\.eml$/);
    expect(lines.join("\n")).not.toContain(token);
    expect(lines.join("\n")).not.toContain("/reset?token=");
  });

  test("a reset link expires", async () => {
    await requestReset("expire@example.com");
    const token = mailedToken(server.dataDir, "/reset");
    await server.db.sql`UPDATE email_tokens SET expires = now() - interval '1 second' WHERE purpose = 'reset' AND used_at IS NULL`;
    expect((await call(server.app, "POST", "/api/reset", { body: { token, password: NEW } })).status).toBe(400);
    expect((await signin("expire@example.com", OLD)).status).toBe(200);
  });
});

describe("password change", () => {
  test("needs the current password, keeps this session and ends the others", async () => {
    const here = sessionFrom((await signin("change@example.com", OLD)).headers)!;
    const elsewhere = sessionFrom((await signin("change@example.com", OLD)).headers)!;
    const change = (current: string, password: string) =>
      call(server.app, "POST", "/api/password", { cookie: here, headers: SAME_ORIGIN, body: { current, password } });

    const wrong = await change("not my password", NEW);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.fields).toEqual({ current: "Your current password is not right." });
    expect((await change(OLD, "password123")).json.error.fields.password).toBe("This password is too common. Choose another.");

    expect((await change(OLD, NEW)).status).toBe(200);
    expect((await call(server.app, "GET", "/api/user", { cookie: here })).status).toBe(200);
    expect((await call(server.app, "GET", "/api/user", { cookie: elsewhere })).status).toBe(401);
    expect((await signin("change@example.com", NEW)).status).toBe(200);
    expect((await call(server.app, "POST", "/api/password", { body: { current: OLD, password: NEW } })).status).toBe(401);
  });
});
