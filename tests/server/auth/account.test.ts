import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { LIMITS } from "../../../src/http/limits";
import { call, signUpAndIn, verifiedSession } from "../../helpers/api";
import { dumpAllTables } from "../../helpers/dump";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
const session = (email: string) => signUpAndIn(server.app, { email, password: PASSWORD, name: "N" });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe("API keys", () => {
  test("created once with a name, listed without the key, revoked; never another user's", async () => {
    const alice = await session("alice@example.com");
    const bob = await session("bob@example.com");
    const made = await call(server.app, "POST", "/api/api-keys", { cookie: alice, headers: SAME, body: { name: "CI export" } });
    expect(made.status).toBe(201);
    expect(made.json.apiKey.key).toMatch(/^bothy_[\w-]{43}$/);
    const id = made.json.apiKey.id;

    const list = await call(server.app, "GET", "/api/api-keys", { cookie: alice });
    expect(list.json.keys).toHaveLength(1);
    expect(list.json.keys[0]).toMatchObject({ id, name: "CI export", lastUsed: null });
    expect(list.text).not.toContain(made.json.apiKey.key);
    expect((await call(server.app, "GET", "/api/api-keys", { cookie: bob })).json.keys).toEqual([]);

    const stolen = await call(server.app, "DELETE", `/api/api-keys/${id}`, { cookie: bob, headers: SAME });
    expect(stolen.status).toBe(404);
    expect((await call(server.app, "DELETE", `/api/api-keys/${id}`, { cookie: alice, headers: SAME })).status).toBe(200);
    expect((await call(server.app, "GET", "/api/api-keys", { cookie: alice })).json.keys).toEqual([]);
    expect((await call(server.app, "DELETE", `/api/api-keys/${id}`, { cookie: alice, headers: SAME })).status).toBe(404);
    const [stored] = await server.db.sql`SELECT count(*)::int AS n FROM api_keys`;
    expect(stored!.n).toBe(0);
  });

  test("a blank name is refused and nothing is written", async () => {
    const carol = await session("carol@example.com");
    const res = await call(server.app, "POST", "/api/api-keys", { cookie: carol, headers: SAME, body: { name: "   " } });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ name: "Name the key." });
    expect((await call(server.app, "GET", "/api/api-keys", { cookie: carol })).json.keys).toEqual([]);
  });
});

describe("feedback", () => {
  test("stores a message with its page and domain; an empty one is refused", async () => {
    const dave = await verifiedSession(server, "dave@example.com", PASSWORD);
    const sent = await call(server.app, "POST", "/api/feedback", {
      cookie: dave,
      headers: SAME,
      body: { message: "  Love the carbon numbers  ", page: "dashboard", domain: "example.com" },
    });
    expect(sent.status).toBe(201);
    const [row] = await server.db.sql`SELECT message, page, domain FROM feedback`;
    expect(row).toEqual({ message: "Love the carbon numbers", page: "dashboard", domain: "example.com" });
    const empty = await call(server.app, "POST", "/api/feedback", { cookie: dave, headers: SAME, body: { message: " " } });
    expect(empty.status).toBe(400);
    expect((await call(server.app, "POST", "/api/feedback", { body: { message: "hi" } })).status).toBe(401);
  });

  test("an unverified account may not send any, and nothing is stored", async () => {
    const frank = await session("frank.unverified@example.com");
    const refused = await call(server.app, "POST", "/api/feedback", { cookie: frank, headers: SAME, body: { message: "hello" } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("Verify your email address before you send feedback: we answer by mail.");
    const [stored] = await server.db.sql`SELECT count(*)::int AS n FROM feedback f JOIN users u ON u.uid = f.uid WHERE u.email = 'frank.unverified@example.com'`;
    expect(stored!.n).toBe(0);
  });

  test("an account's feedback is limited per hour", async () => {
    // NOTE: a server of its own, so the client's budget is this test's alone.
    const own = await startTestServer();
    try {
      const gina = await verifiedSession(own, "gina.chatty@example.com", PASSWORD);
      const per = Math.min(LIMITS.feedback.account.per, LIMITS.feedback.client.per);
      const statuses: number[] = [];
      for (let i = 0; i <= per; i++) {
        statuses.push((await call(own.app, "POST", "/api/feedback", { cookie: gina, headers: SAME, body: { message: `note ${i}` } })).status);
      }
      expect(statuses).toEqual([...Array(per).fill(201), 429]);
      const [stored] = await own.db.sql`SELECT count(*)::int AS n FROM feedback`;
      expect(stored!.n).toBe(per);
    } finally {
      await own.stop();
    }
  });
});

describe("account deletion", () => {
  test("needs the password, then leaves no row of the account in any table", async () => {
    const email = "erin.leaving@example.com";
    const erin = await session(email);
    const { uid } = (await call(server.app, "GET", "/api/user", { cookie: erin })).json.user;
    await call(server.app, "POST", "/api/api-keys", { cookie: erin, headers: SAME, body: { name: "k" } });
    await server.db.sql`UPDATE users SET verified = true WHERE uid = ${uid}`; // feedback and adding a domain need it
    expect((await call(server.app, "POST", "/api/feedback", { cookie: erin, headers: SAME, body: { message: "bye" } })).status).toBe(201);
    await call(server.app, "POST", "/api/reset/request", { body: { email } });
    await call(server.app, "POST", "/api/domains", { cookie: erin, headers: SAME, body: { domain: "erin-leaving.example" } });
    const id = (await server.db.sql`SELECT id FROM domains WHERE name = 'erin-leaving.example'`)[0]!.id;
    await server.db.sql`INSERT INTO hits (time, site_id, kind, local_day, local_hour, path) VALUES (now(), ${id}, 1, current_date, 0, '/erins-page')`;
    const before = await dumpAllTables(server.db.sql);
    for (const trace of [uid, email, "erin-leaving.example", "/erins-page"]) expect(before).toContain(trace);

    const wrong = await call(server.app, "POST", "/api/account/delete", { cookie: erin, headers: SAME, body: { password: "nope nope nope" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.fields).toEqual({ password: "Your password is not right." });

    const gone = await call(server.app, "POST", "/api/account/delete", { cookie: erin, headers: SAME, body: { password: PASSWORD } });
    expect(gone.status).toBe(200);
    const dump = await dumpAllTables(server.db.sql);
    for (const trace of [uid, email, "erin-leaving.example", "/erins-page"]) expect(dump).not.toContain(trace);
    expect((await call(server.app, "GET", "/api/user", { cookie: erin })).status).toBe(401);
    expect((await call(server.app, "POST", "/api/signin", { body: { email, password: PASSWORD } })).status).toBe(401);
  });
});

test("without beta, API keys are for Pro accounts only", async () => {
  const paid = await startTestServer({ env: { BETA: "0" } });
  try {
    const cookie = await signUpAndIn(paid.app, { email: "free@example.com", password: PASSWORD, name: "F" });
    expect((await call(paid.app, "GET", "/api/user", { cookie })).json.user.pro).toBe(false);
    const key = await call(paid.app, "POST", "/api/api-keys", { cookie, headers: SAME, body: { name: "k" } });
    expect(key.status).toBe(403);
    expect(key.json.error.message).toBe("API keys are a Pro feature. Upgrade to Pro to create one.");
  } finally {
    await paid.stop();
  }
});
