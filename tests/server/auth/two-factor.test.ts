import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { Secret, TOTP } from "otpauth";
import { createAuthService } from "../../../src/auth/service";
import { loadConfig } from "../../../src/config";
import { createMailer } from "../../../src/mail";
import { call, sessionFrom } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
const ACCOUNTS = ["on", "replay", "recovery", "api", "throttle", "off", "secret", "admin", "ended", "passkey", "second", "other"];
const cookies: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const name of ACCOUNTS) {
    const email = `${name}@example.com`;
    expect((await call(server.app, "POST", "/api/signup", { body: { email, password: PASSWORD, name: "T" } })).status).toBe(202);
    cookies[name] = sessionFrom((await signin(email)).headers)!;
  }
});
afterAll(() => server.stop());

const signin = (email: string, password = PASSWORD) => call(server.app, "POST", "/api/signin", { body: { email, password } });
const second = (challenge: string, code: string) => call(server.app, "POST", "/api/signin/code", { body: { challenge, code } });

/**
 * An authenticator app for the secret the setup answered. Each code it gives is for the 30 s step
 * after the one it gave before (the first: the current step), so a sequence of two never depends on
 * when the test runs: the server accepts one step either side of its own.
 */
const app = (secret: string) => {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  let step: number | null = null;
  return () => {
    step = step === null ? Math.floor(Date.now() / 30_000) : step + 1;
    return totp.generate({ timestamp: step * 30_000 });
  };
};

/** Turns two-factor sign-in on for an account; answers its app and its recovery codes. */
async function turnOn(name: string) {
  const cookie = cookies[name]!;
  const setup = await call(server.app, "POST", "/api/2fa/setup", { cookie, body: { password: PASSWORD } });
  expect(setup.status).toBe(200);
  const codes = app(setup.json.secret);
  const enabled = await call(server.app, "POST", "/api/2fa/enable", { cookie, body: { code: codes() } });
  expect(enabled.status).toBe(200);
  return { codes, recovery: enabled.json.recoveryCodes as string[] };
}

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/**
 * A passkey held by the test, as an authenticator would: its P-256 public key stored for the
 * account (what a registration stores), and a function that signs an assertion over a challenge
 * for the test server's relying party (http://bothy.test), its counter one up each time.
 */
async function passkeyOf(email: string, id: string) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const { x, y } = publicKey.export({ format: "jwk" });
  const cose = isoCBOR.encode(new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(x!, "base64url")], [-3, Buffer.from(y!, "base64url")]]));
  await server.db.sql`INSERT INTO passkeys (id, uid, public_key, name) SELECT ${id}, uid, ${Buffer.from(cose)}, 'Test key' FROM users WHERE email = ${email}`;
  let counter = 0;
  return (challenge: string) => {
    const clientData = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin: "http://bothy.test" }));
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    // NOTE: flags 0x05: the user was present and verified.
    const authData = Buffer.concat([sha256("bothy.test"), Buffer.from([0x05]), count]);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), privateKey);
    const response = { clientDataJSON: clientData.toString("base64url"), authenticatorData: authData.toString("base64url"), signature: signature.toString("base64url") };
    return { id, rawId: id, type: "public-key", clientExtensionResults: {}, response };
  };
}
type Passkey = Awaited<ReturnType<typeof passkeyOf>>;

const passkeyOptions = (challenge: string) => call(server.app, "POST", "/api/signin/passkey/options", { body: { challenge } });
const byPasskey = (challenge: string, passkey: ReturnType<Passkey>) => call(server.app, "POST", "/api/signin/code", { body: { challenge, passkey } });

const auditLines = async (email: string) =>
  (await server.db.sql<{ action: string }[]>`SELECT action FROM admin_audit WHERE target_email = ${email} ORDER BY id`).map((r) => r.action);

describe("two-factor sign-in", () => {
  test("setup shows a QR code and the secret, and needs the password; the first code switches it on", async () => {
    const cookie = cookies.on!;
    const refused = await call(server.app, "POST", "/api/2fa/setup", { cookie, body: { password: "not the password" } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields.password).toBe("Your password is not right.");
    const setup = await call(server.app, "POST", "/api/2fa/setup", { cookie, body: { password: PASSWORD } });
    expect(setup.json.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.json.uri).toStartWith("otpauth://totp/Bothy:on%40example.com?");
    expect(setup.json.qr).toStartWith("data:image/svg+xml;base64,");
    // Not on until a code confirms it: sign-in still takes the password alone.
    expect((await call(server.app, "GET", "/api/2fa", { cookie })).json).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await signin("on@example.com")).json.user.email).toBe("on@example.com");
    const codes = app(setup.json.secret);
    expect((await call(server.app, "POST", "/api/2fa/enable", { cookie, body: { code: "000000" } })).status).toBe(400);
    const enabled = await call(server.app, "POST", "/api/2fa/enable", { cookie, body: { code: codes() } });
    expect(enabled.status).toBe(200);
    expect(enabled.json.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.json.recoveryCodes).size).toBe(10);
    expect((await call(server.app, "GET", "/api/2fa", { cookie })).json).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Setting it up again (which would swap the secret) is refused while it is on.
    expect((await call(server.app, "POST", "/api/2fa/setup", { cookie, body: { password: PASSWORD } })).status).toBe(409);

    // The right password now answers a challenge, not a session.
    const first = await signin("on@example.com");
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ twoFactor: { challenge: expect.stringMatching(/^[\w-]{43}$/), expiresIn: 300, passkey: false } });
    expect(first.headers.get("set-cookie")).toBeNull();
    const done = await second(first.json.twoFactor.challenge, codes());
    expect(done.status).toBe(200);
    expect(done.json.user.email).toBe("on@example.com");
    expect((await call(server.app, "GET", "/api/user", { cookie: sessionFrom(done.headers) })).status).toBe(200);
    // The challenge was used up.
    expect((await second(first.json.twoFactor.challenge, codes())).status).toBe(401);
    expect(await auditLines("on@example.com")).toEqual(["2fa.enable"]);
  });

  test("the secret is stored encrypted and no endpoint answers it after setup", async () => {
    const cookie = cookies.secret!;
    const setup = await call(server.app, "POST", "/api/2fa/setup", { cookie, body: { password: PASSWORD } });
    const [row] = await server.db.sql<{ secret: Buffer }[]>`SELECT t.secret FROM user_totp t JOIN users u USING (uid) WHERE u.email = 'secret@example.com'`;
    expect(row!.secret.toString("latin1")).not.toContain(setup.json.secret);
    const status = await call(server.app, "GET", "/api/2fa", { cookie });
    expect(status.text).not.toContain(setup.json.secret);
    expect((await call(server.app, "GET", "/api/user", { cookie })).text).not.toContain(setup.json.secret);
  });

  test("a code is refused the second time, even within its 30 s", async () => {
    const { codes } = await turnOn("replay");
    const code = codes();
    const once = await second((await signin("replay@example.com")).json.twoFactor.challenge, code);
    expect(once.status).toBe(200);
    const again = await second((await signin("replay@example.com")).json.twoFactor.challenge, code);
    expect(again.status).toBe(401);
    expect(again.json.error.fields.code).toBe("This code is not right, or was used already.");
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  test("a recovery code signs in once, in any case and without its dashes, and is audited", async () => {
    const { recovery } = await turnOn("recovery");
    const code = recovery[3]!;
    const typed = code.toUpperCase().replaceAll("-", " ");
    expect((await second((await signin("recovery@example.com")).json.twoFactor.challenge, typed)).status).toBe(200);
    expect((await second((await signin("recovery@example.com")).json.twoFactor.challenge, code)).status).toBe(401);
    expect((await call(server.app, "GET", "/api/2fa", { cookie: cookies.recovery })).json.recoveryCodesLeft).toBe(9);
    expect(await auditLines("recovery@example.com")).toEqual(["2fa.enable", "2fa.recovery_code"]);
  });

  test("an API client that asked for tokens gets them only after the second step", async () => {
    const { codes } = await turnOn("api");
    const first = await call(server.app, "POST", "/api/signin", { body: { email: "api@example.com", password: PASSWORD, tokens: true } });
    expect(first.json.token).toBeUndefined();
    const done = await second(first.json.twoFactor.challenge, codes());
    expect(done.json.token.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await call(server.app, "GET", "/api/user", { token: done.json.token.accessToken })).json.user.email).toBe("api@example.com");
  });

  test("a passkey of the account answers the second step instead of a code, once", async () => {
    await turnOn("second");
    const own = await passkeyOf("second@example.com", "c2Vjb25kLTE");
    const first = (await signin("second@example.com")).json.twoFactor;
    expect(first.passkey).toBe(true);
    const options = await passkeyOptions(first.challenge);
    expect(options.status).toBe(200);
    expect(options.json.rpId).toBe("bothy.test");
    expect(options.json.allowCredentials).toEqual([{ id: "c2Vjb25kLTE", type: "public-key" }]);
    const done = await byPasskey(first.challenge, own(options.json.challenge));
    expect(done.status).toBe(200);
    expect(done.json.user.email).toBe("second@example.com");
    expect((await call(server.app, "GET", "/api/user", { cookie: sessionFrom(done.headers) })).status).toBe(200);
    const [used] = await server.db.sql<{ counter: string; lastUsed: Date | null }[]>`
      SELECT counter::text, last_used AS "lastUsed" FROM passkeys WHERE id = 'c2Vjb25kLTE'`;
    expect(used).toEqual({ counter: "1", lastUsed: expect.any(Date) });
    // The pending sign-in was used up: no new options for it, and no second session from it.
    expect((await passkeyOptions(first.challenge)).status).toBe(401);
    const again = await byPasskey(first.challenge, own(options.json.challenge));
    expect(again.status).toBe(401);
    expect(again.json.error.message).toBe("This sign-in has expired. Please sign in again.");
    // An account without a passkey: its first step says so, and no options are handed out.
    const none = (await signin("on@example.com")).json.twoFactor;
    expect(none.passkey).toBe(false);
    expect((await passkeyOptions(none.challenge)).status).toBe(401);
    // NOTE: a second step by passkey writes no audit line, as one by an app's code does not.
    expect(await auditLines("second@example.com")).toEqual(["2fa.enable"]);
  });

  test("wrong codes and wrong passkeys count against the sign-in limits: past them even the right password and code are refused", async () => {
    const { codes } = await turnOn("throttle");
    const own = await passkeyOf("throttle@example.com", "dGhyb3R0bGU");
    const foreign = await passkeyOf("other@example.com", "b3RoZXItMQ");
    const { challenge } = (await signin("throttle@example.com")).json.twoFactor;
    const later = (await signin("throttle@example.com")).json.twoFactor;
    const options = (await passkeyOptions(challenge)).json;
    const refusals = [];
    for (let i = 0; i < 6; i++) refusals.push(await second(challenge, String(100000 + i)));
    // Another account's passkey, even signed over this sign-in's own challenge, is a wrong answer.
    refusals.push(await byPasskey(challenge, foreign(options.challenge)), await byPasskey(challenge, foreign("c29tZXRoaW5n")));
    // So is the account's own passkey over a challenge handed out for a passkey sign-in, or for another pending sign-in.
    refusals.push(await byPasskey(challenge, own((await call(server.app, "POST", "/api/signin/passkey/options")).json.challenge)));
    refusals.push(await byPasskey(challenge, own((await passkeyOptions(later.challenge)).json.challenge)));
    expect(refusals.map((r) => r.status)).toEqual(Array(10).fill(401));
    expect(new Set(refusals.map((r) => r.json.error.fields.code))).toEqual(new Set(["This code is not right, or was used already."]));
    expect(refusals.every((r) => r.headers.get("set-cookie") === null)).toBe(true);
    expect((await second(challenge, codes())).status).toBe(429);
    expect((await byPasskey(challenge, own(options.challenge))).status).toBe(429);
    expect((await signin("throttle@example.com")).status).toBe(429);
    const outcomes = await server.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM signin_events JOIN users USING (uid) WHERE email = 'throttle@example.com' AND outcome = 'wrong_code'`;
    expect(outcomes[0]!.n).toBe(10);
  }, 60_000);

  test("switching it off needs the password and a code, and is audited", async () => {
    const { codes } = await turnOn("off");
    const cookie = cookies.off!;
    const off = (password: string, code: string) => call(server.app, "POST", "/api/2fa/disable", { cookie, body: { password, code } });
    expect((await off("not the password", "123456")).status).toBe(400);
    expect((await off(PASSWORD, "123456")).json.error.fields.code).toBe("This code is not right, or was used already.");
    expect((await off(PASSWORD, codes())).status).toBe(200);
    expect((await call(server.app, "GET", "/api/2fa", { cookie })).json.enabled).toBe(false);
    expect((await signin("off@example.com")).json.user.email).toBe("off@example.com");
    expect(await auditLines("off@example.com")).toEqual(["2fa.enable", "2fa.disable"]);
  });

  test("a pending sign-in ends with the account's other ways in (a password change)", async () => {
    const { codes } = await turnOn("ended");
    const { challenge } = (await signin("ended@example.com")).json.twoFactor;
    const changed = await call(server.app, "POST", "/api/password", { cookie: cookies.ended, body: { current: PASSWORD, password: "another sturdy passphrase" } });
    expect(changed.status).toBe(200);
    const late = await second(challenge, codes());
    expect(late.status).toBe(401);
    expect(late.json.error.message).toBe("This sign-in has expired. Please sign in again.");
  });

  test("REQUIRE_ADMIN_2FA: an admin without two-factor sign-in holds no admin scope until it is on", async () => {
    // NOTE: the service as REQUIRE_ADMIN_2FA=true builds it, over this server's database.
    const auth = createAuthService({
      db: server.db,
      mailer: createMailer(loadConfig({ DATA_DIR: server.dataDir })),
      secret: "x".repeat(32),
      sessions: { idleDays: 7, maxDays: 30 },
      requireAdminTwoFactor: true,
    });
    await server.db.sql`UPDATE users SET scope = '{admin}' WHERE email = 'admin@example.com'`;
    const cookie = cookies.admin!;
    expect(await auth.userFor({ cookie })).toMatchObject({ email: "admin@example.com", scope: [], twoFactorDue: true });
    // Without the setting the same admin is an admin.
    expect((await call(server.app, "GET", "/api/user", { cookie })).json.user.scope).toEqual(["admin"]);
    await turnOn("admin");
    const admin = await auth.userFor({ cookie });
    expect(admin?.scope).toEqual(["admin"]);
    expect(admin?.twoFactorDue).toBeUndefined();
  });

  test("passkeys: the relying party is the public origin whatever Host a request names, and a forged answer signs no one in", async () => {
    const cookie = cookies.passkey!;
    const options = await call(server.app, "POST", "/api/passkeys/options", { cookie, headers: { host: "evil.example" } });
    expect(options.status).toBe(200);
    expect(options.json.rp).toEqual({ name: "Bothy", id: "bothy.test" });
    expect(options.json.user.name).toBe("passkey@example.com");
    const signinOptions = await call(server.app, "POST", "/api/signin/passkey/options", { headers: { host: "evil.example" } });
    expect(signinOptions.json.rpId).toBe("bothy.test");

    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const clientData = b64({ type: "webauthn.get", challenge: signinOptions.json.challenge, origin: "http://bothy.test" });
    const forged = { id: "AAAA", rawId: "AAAA", type: "public-key", clientExtensionResults: {}, response: { clientDataJSON: clientData, authenticatorData: "AAAA", signature: "AAAA" } };
    const refused = await call(server.app, "POST", "/api/signin/passkey", { body: { response: forged } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("set-cookie")).toBeNull();
    const bad = { ...forged, response: { clientDataJSON: clientData, attestationObject: "AAAA" } };
    expect((await call(server.app, "POST", "/api/passkeys", { cookie, body: { name: "Fake", response: bad } })).status).toBe(400);
    expect((await call(server.app, "GET", "/api/passkeys", { cookie })).json).toEqual({ passkeys: [] });
    expect((await call(server.app, "DELETE", "/api/passkeys/AAAA", { cookie })).status).toBe(404);
    // NOTE: removing a passkey is in the audit log, as adding one is.
    await server.db.sql`
      INSERT INTO passkeys (id, uid, public_key, name) SELECT 'BBBB', uid, ${Buffer.from([0])}, 'Old phone' FROM users WHERE email = 'passkey@example.com'`;
    expect((await call(server.app, "DELETE", "/api/passkeys/BBBB", { cookie })).json).toEqual({ ok: true });
    expect(await auditLines("passkey@example.com")).toEqual(["passkey.remove"]);
  });

  test("passkey challenges are rationed per client: past the hour's budget the options answer 429", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 121; i++) answers.push((await call(server.app, "POST", "/api/signin/passkey/options")).status);
    // NOTE: the file's other passkey test took a challenge or two of this client's 120 before.
    expect(answers.slice(0, 100)).toEqual(Array(100).fill(200));
    expect(answers.at(-1)).toBe(429);
  });
});
