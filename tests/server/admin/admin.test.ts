// The admin area over HTTP against the real server and database: who may use it (pages send anyone
// without the admin scope to /signin, the API answers them 404, even to malformed input), each
// action and its audit log line, the rule that keeps one admin, switched-off sign-in, and the
// reads each tab shows.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SESSION_COOKIE } from "../../../src/auth";
import { log } from "../../../src/log";
import { version } from "../../../package.json";
import { ADMIN_APIS } from "../../helpers/admin-apis";
import { call, outbox, signUpAndIn } from "../../helpers/api";
import { beacon, until } from "../../helpers/collect";
import { req, startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
let admin: string;
let adminUid: string;
let member: string;
let memberUid: string;

const uidOf = async (email: string) => (await server.db.sql<{ uid: string }[]>`SELECT uid FROM users WHERE email = ${email}`)[0]!.uid;
const scopeOf = async (uid: string) => (await server.db.sql<{ scope: string[] }[]>`SELECT scope FROM users WHERE uid = ${uid}`)[0]?.scope;
const audit = (uid: string) =>
  server.db.sql<{ action: string; admin_email: string; target_email: string }[]>`
    SELECT action, admin_email, target_email FROM admin_audit WHERE target_uid = ${uid} ORDER BY id`;
const post = (path: string, body: unknown, cookie = admin) => call(server.app, "POST", path, { cookie, headers: SAME, body });

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  admin = await signUpAndIn(server.app, { email: "root@example.com", password: PASSWORD, name: "Root" });
  adminUid = await uidOf("root@example.com");
  await server.db.sql`UPDATE users SET scope = '{admin}', verified = true WHERE uid = ${adminUid}`;
  member = await signUpAndIn(server.app, { email: "ada@example.com", password: PASSWORD, name: "Ada" });
  memberUid = await uidOf("ada@example.com");
});
afterAll(() => server.stop());

const PAGES = ["/admin/users", `/admin/users/00000000-0000-4000-8000-000000000000`, "/admin/domains", "/admin/usage", "/admin/monitoring",
  "/admin/requests", "/admin/screenshots", "/admin/servers", "/admin/users/stripe", "/admin/price"];

describe("who may use the admin area", () => {
  test("/admin opens Users; every admin page sends the signed-out and non-admins to /signin", async () => {
    const res = await server.app.handle(req("/admin"));
    expect(res.headers.get("location")).toBe("/admin/users");
    for (const path of PAGES) {
      const out = await server.app.handle(req(path));
      expect([path, out.status, out.headers.get("location")?.split("?")[0]]).toEqual([path, 302, "/signin"]);
      const plain = await server.app.handle(req(path, { headers: { cookie: `${SESSION_COOKIE}=${member}` } }));
      expect([path, plain.status, plain.headers.get("location")]).toEqual([path, 302, "/signin"]);
    }
  });

  test("every admin API answers 404 to the signed-out and to non-admins, even to malformed input", async () => {
    for (const [method, path, body] of ADMIN_APIS) {
      for (const cookie of [undefined, member]) {
        const res = await call(server.app, method, path, { cookie, headers: SAME, body });
        expect([method, path, res.status, res.json?.error?.message]).toEqual([method, path, 404, "Not found"]);
      }
    }
    const bad = await call(server.app, "POST", "/api/admin/users/not-a-uid/scope", { cookie: member, headers: SAME, body: { scope: 7 } });
    expect(bad.status).toBe(404);
  });

  test("an admin gets every page and every read", async () => {
    for (const path of PAGES.filter((p) => !p.includes("0000"))) {
      const res = await server.app.handle(req(path, { headers: { cookie: `${SESSION_COOKIE}=${admin}` } }));
      expect([path, res.status]).toEqual([path, 200]);
    }
    const unknown = await server.app.handle(req(PAGES[1]!, { headers: { cookie: `${SESSION_COOKIE}=${admin}` } }));
    expect(unknown.status).toBe(404);
    for (const [method, path] of ADMIN_APIS.filter(([m]) => m === "GET")) {
      const res = await call(server.app, method, path, { cookie: admin });
      expect([path, res.status]).toEqual([path, path.includes("0000") || path.includes("image") ? 404 : 200]);
    }
  });
});

describe("actions", () => {
  test("verify, Pro, admin and sign-in changes land in the audit log, with who did them", async () => {
    const api = `/api/admin/users/${memberUid}`;
    expect((await post(`${api}/verify`, {})).status).toBe(200);
    expect((await post(`${api}/scope`, { scope: "pro", grant: true })).status).toBe(200);
    expect(await scopeOf(memberUid)).toEqual(["pro"]);
    expect((await post(`${api}/scope`, { scope: "pro", grant: true })).status).toBe(200);
    expect(await scopeOf(memberUid)).toEqual(["pro"]);
    expect((await post(`${api}/scope`, { scope: "pro", grant: false })).status).toBe(200);
    expect((await post(`${api}/scope`, { scope: "admin", grant: true })).status).toBe(200);
    expect((await post(`${api}/scope`, { scope: "admin", grant: false })).status).toBe(200);
    expect(await scopeOf(memberUid)).toEqual([]);
    const bad = await post(`${api}/scope`, { scope: "owner", grant: true });
    expect(bad.status).toBe(400);

    expect((await audit(memberUid)).map((a) => a.action)).toEqual([
      "verify", "grant pro", "grant pro", "revoke pro", "grant admin", "revoke admin",
    ]);
    expect((await audit(memberUid))[0]).toMatchObject({ admin_email: "root@example.com", target_email: "ada@example.com" });
    const detail = await call(server.app, "GET", api, { cookie: admin });
    expect(detail.json.audit).toHaveLength(6);
    expect(detail.json.user).toMatchObject({ email: "ada@example.com", verified: true, disabled: false });
  });

  test("a switched-off account cannot sign in, its sessions end, and switching it on again lets it in", async () => {
    const eve = await signUpAndIn(server.app, { email: "eve@example.com", password: PASSWORD, name: "Eve" });
    const eveUid = await uidOf("eve@example.com");
    const wrong = await call(server.app, "POST", "/api/signin", { headers: SAME, body: { email: "eve@example.com", password: "not the passphrase" } });
    expect(wrong.status).toBe(401);
    await server.db.sql`UPDATE users SET scope = '{pro}', verified = true WHERE uid = ${eveUid}`;
    const key = (await call(server.app, "POST", "/api/api-keys", { cookie: eve, headers: SAME, body: { name: "script" } })).json.apiKey.key;
    const stats = `/api/stats?domain=none.example&startKey=2026-01-01&endKey=2026-01-01&dataType=SUMMARY`;
    const withKey = () => call(server.app, "GET", stats, { headers: { authorization: `Bearer ${key}` } });
    expect((await withKey()).status).toBe(404); // the key is good; the domain is not hers
    expect((await post(`/api/admin/users/${eveUid}/sign-in`, { disabled: true })).status).toBe(200);
    expect((await call(server.app, "GET", "/api/api-keys", { cookie: eve })).status).toBe(401);
    expect((await withKey()).status).toBe(401);
    const refused = await call(server.app, "POST", "/api/signin", { headers: SAME, body: { email: "eve@example.com", password: PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("This account is switched off. Contact the site's administrator.");
    expect((await post(`/api/admin/users/${eveUid}/sign-in`, { disabled: false })).status).toBe(200);
    const back = await call(server.app, "POST", "/api/signin", { headers: SAME, body: { email: "eve@example.com", password: PASSWORD } });
    expect(back.status).toBe(200);

    const detail = await call(server.app, "GET", `/api/admin/users/${eveUid}`, { cookie: admin });
    // NOTE: time and outcome only: no address, no browser.
    expect(detail.json.signins.map((s: { outcome: string }) => s.outcome)).toEqual(["ok", "disabled", "wrong_password", "ok"]);
    expect(Object.keys(detail.json.signins[0]).sort()).toEqual(["at", "outcome"]);
    expect(detail.json.user.lastSignin).toBe(detail.json.signins[0].at);
    expect((await audit(eveUid)).map((a) => a.action)).toEqual(["disable sign-in", "enable sign-in"]);
    // NOTE: the key's name and its last use, never the key.
    expect(detail.json.apiKeys).toEqual([{ name: "script", created: expect.any(String), lastUsed: expect.any(String) }]);
    expect(JSON.stringify(detail.json)).not.toContain(key);
  });

  test("the last admin cannot revoke their own admin scope, switch themselves off or delete themselves", async () => {
    const me = `/api/admin/users/${adminUid}`;
    const revoke = await post(`${me}/scope`, { scope: "admin", grant: false });
    expect(revoke.status).toBe(409);
    expect(revoke.json.error.message).toBe("This is the last admin account: make another admin first.");
    expect((await post(`${me}/sign-in`, { disabled: true })).status).toBe(409);
    expect((await post(`${me}/delete`, { confirm: "root@example.com" })).status).toBe(409);
    const own = await call(server.app, "POST", "/api/account/delete", { cookie: admin, headers: SAME, body: { password: PASSWORD } });
    expect(own.status).toBe(409);
    expect(await scopeOf(adminUid)).toEqual(["admin"]);
    expect(await audit(adminUid)).toHaveLength(0);

    // With a second admin, the first may step down; the second is then the last.
    expect((await post(`/api/admin/users/${memberUid}/scope`, { scope: "admin", grant: true })).status).toBe(200);
    expect((await post(`${me}/scope`, { scope: "admin", grant: false })).status).toBe(200);
    expect((await post(`/api/admin/users/${memberUid}/scope`, { scope: "admin", grant: false }, member)).status).toBe(409);
    await server.db.sql`UPDATE users SET scope = '{admin}' WHERE uid = ${adminUid}`;
    await server.db.sql`UPDATE users SET scope = '{}' WHERE uid = ${memberUid}`;
  });

  test("delete needs the account's email typed; the audit line outlives the account", async () => {
    await signUpAndIn(server.app, { email: "gone@example.com", password: PASSWORD, name: "Gone" });
    const uid = await uidOf("gone@example.com");
    const typo = await post(`/api/admin/users/${uid}/delete`, { confirm: "gone@example.org" });
    expect(typo.status).toBe(400);
    expect(typo.json.error.fields).toEqual({ confirm: "Type gone@example.com to confirm." });
    expect((await post(`/api/admin/users/${uid}/delete`, { confirm: " Gone@Example.com " })).status).toBe(200);
    expect(await scopeOf(uid)).toBeUndefined();
    expect((await audit(uid)).map((a) => a.action)).toEqual(["delete"]);
    expect((await post(`/api/admin/users/${uid}/delete`, { confirm: "gone@example.com" })).status).toBe(404);
  });

  test("feedback: listed newest first, marked handled, answered by mail; each lands in the audit log", async () => {
    for (const message of ["First message", "Second message"]) {
      expect((await call(server.app, "POST", "/api/feedback", { cookie: member, headers: SAME, body: { message } })).status).toBe(201);
    }
    const list = await call(server.app, "GET", "/api/admin/requests", { cookie: admin });
    const [second, first] = list.json.items;
    expect([second.message, first.message]).toEqual(["Second message", "First message"]);
    expect(second).toMatchObject({ kind: "feedback", email: "ada@example.com", handled: null });

    expect((await post(`/api/admin/requests/${first.id}/handled`, {})).status).toBe(200);
    const empty = await post(`/api/admin/requests/${second.id}/reply`, { reply: "  " });
    expect(empty.status).toBe(400);
    expect((await post(`/api/admin/requests/${second.id}/reply`, { reply: "Thank you, fixed now." })).status).toBe(200);
    expect(outbox(server.dataDir).some((m) => m.includes("To: ada@example.com") && m.includes("Thank you, fixed now."))).toBe(true);
    const after = await call(server.app, "GET", "/api/admin/requests", { cookie: admin });
    expect(after.json.items.every((i: { handled: string | null }) => i.handled)).toBe(true);
    const actions = (await audit(memberUid)).map((a) => a.action);
    expect(actions.slice(-2)).toEqual(["mark feedback handled", "reply to feedback"]);
    expect((await post(`/api/admin/requests/999999/handled`, {})).status).toBe(404);
    const user = await call(server.app, "GET", `/api/admin/users/${memberUid}`, { cookie: admin });
    expect(user.json.feedback.map((f: { message: string }) => f.message)).toEqual(["Second message", "First message"]);
  });

  test("beta access requests join the list: marked handled, answered by mail, audited", async () => {
    // NOTE: straight in the table: this instance is outside beta, where /request takes nothing.
    const [row] = await server.db.sql<{ id: number }[]>`INSERT INTO access_requests (email, name, website, message)
      VALUES ('grace@example.com', 'Grace', 'https://grace.example', 'May I try Bothy?') RETURNING id::int AS id`;
    const id = String(row!.id);
    const { json } = await call(server.app, "GET", "/api/admin/requests", { cookie: admin });
    expect(json.items[0]).toMatchObject({ kind: "access", id, email: "grace@example.com", name: "Grace", website: "https://grace.example", handled: null });
    const page = await server.app.handle(req("/admin/requests", { headers: { cookie: `${SESSION_COOKIE}=${admin}` } }));
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("access request");
    expect(html).toContain(`/api/admin/access-requests/${id}/handled`);

    expect((await post(`/api/admin/access-requests/${id}/reply`, { reply: "Welcome aboard." })).status).toBe(200);
    expect(outbox(server.dataDir).some((m) => m.includes("To: grace@example.com") && m.includes("Welcome aboard.") && m.includes("request for access"))).toBe(true);
    const [handled] = await server.db.sql`SELECT handled_at IS NOT NULL AS handled FROM access_requests WHERE id = ${id}::bigint`;
    expect(handled).toEqual({ handled: true });
    expect((await post(`/api/admin/access-requests/${id}/handled`, {})).status).toBe(200);
    const [line] = await server.db.sql`SELECT action, target_email FROM admin_audit WHERE detail = ${`#${id}`} AND action LIKE '%access request%' ORDER BY id LIMIT 1`;
    expect(line).toEqual({ action: "reply to access request", target_email: "grace@example.com" });
    expect((await post(`/api/admin/access-requests/999999/handled`, {})).status).toBe(404);
  });

  test("a screenshot is deleted alone or with its history, and the deletion is audited", async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    for (const url of ["https://a.example/", "https://b.example/"]) {
      await server.db.sql`INSERT INTO inspection_screenshots (url, taken_at, jpeg) VALUES (${url}, now(), ${jpeg})`;
      await server.db.sql`INSERT INTO inspections (url, status, finished_at) VALUES (${url}, 'done', now())`;
    }
    const list = await call(server.app, "GET", "/api/admin/screenshots", { cookie: admin });
    expect(list.json.screenshots.map((s: { url: string }) => s.url).sort()).toEqual(["https://a.example/", "https://b.example/"]);
    const image = await server.app.handle(req(`/api/admin/screenshots/image?url=${encodeURIComponent("https://a.example/")}`, {
      headers: { cookie: `${SESSION_COOKIE}=${admin}` },
    }));
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(jpeg);

    expect((await post("/api/admin/screenshots/delete", { url: "https://a.example/" })).status).toBe(200);
    expect((await post("/api/admin/screenshots/delete", { url: "https://b.example/", history: true })).status).toBe(200);
    const runs = await server.db.sql`SELECT url FROM inspections ORDER BY url`;
    expect(runs.map((r) => r.url)).toEqual(["https://a.example/"]);
    const logged = await server.db.sql`SELECT action, detail FROM admin_audit WHERE action LIKE 'delete screenshot%' ORDER BY id`;
    expect(logged.map((r) => [r.action, r.detail])).toEqual([
      ["delete screenshot", "https://a.example/"],
      ["delete screenshot and history", "https://b.example/"],
    ]);
    expect((await post("/api/admin/screenshots/delete", { url: "https://a.example/" })).status).toBe(404);
  });
});

describe("reads", () => {
  test("users: search by email or name, with domains and last sign-in; domains and usage count page views", async () => {
    const res = await call(server.app, "POST", "/api/domains", { cookie: admin, headers: SAME, body: { domain: "shop.example", tz: "UTC" } });
    expect(res.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await beacon(server.app, "/b/v", { d: "shop.example", p: `/p${i}` })).status).toBe(202);
    await until("three hits written", async () => (await server.db.sql`SELECT count(*)::int AS n FROM hits`)[0]!.n === 3);

    const byName = await call(server.app, "GET", "/api/admin/users?q=roo", { cookie: admin });
    expect(byName.json.users.map((u: { email: string }) => u.email)).toEqual(["root@example.com"]);
    expect(byName.json.users[0]).toMatchObject({ scope: ["admin"], domains: 1 });
    const byEmail = await call(server.app, "GET", "/api/admin/users?q=ADA%40", { cookie: admin });
    expect(byEmail.json.total).toBe(1);
    expect((await call(server.app, "GET", "/api/admin/users?q=%25", { cookie: admin })).json.total).toBe(0);
    await server.db.sql`INSERT INTO users (email, name, password_hash) SELECT 'pager' || i || '@example.com', 'Pager', 'x' FROM generate_series(1, 55) i`;
    const pageOf = async (n: number) => (await call(server.app, "GET", `/api/admin/users?q=pager&page=${n}`, { cookie: admin })).json;
    expect(await pageOf(1)).toMatchObject({ total: 55, page: 1, pages: 2, users: expect.any(Array) });
    expect([(await pageOf(1)).users.length, (await pageOf(2)).users.length]).toEqual([50, 5]);
    await server.db.sql`DELETE FROM users WHERE email LIKE 'pager%'`;

    const domains = await call(server.app, "GET", "/api/admin/domains", { cookie: admin });
    expect(domains.json.domains).toEqual([
      expect.objectContaining({ name: "shop.example", ownerEmail: "root@example.com", owner: adminUid, plan: "Free", views30d: 3, public: false, tz: "UTC" }),
    ]);
    const usage = await call(server.app, "GET", "/api/admin/usage", { cookie: admin });
    expect(usage.json.top).toEqual([{ domain: "shop.example", views: 3 }]);
    expect(usage.json.perDay.at(-1).views).toBe(3);
    expect(usage.json.storage.totalBytes).toBeGreaterThan(0);
    expect(usage.json.storage.perDomain[0]).toMatchObject({ domain: "shop.example", rows: 3 });
    expect(usage.json.aggregates.map((a: { view: string }) => a.view)).toContain("hits_hourly");
  });

  test("monitoring and servers: this process's counters, its heartbeat and the maintenance runs", async () => {
    await server.db.maintenance!.runOnce();
    const errors = (await call(server.app, "GET", "/api/admin/monitoring", { cookie: admin })).json.errorsLastHour;
    log.error("a failure the monitoring page counts");
    const m = await call(server.app, "GET", "/api/admin/monitoring", { cookie: admin });
    expect(m.json.errorsLastHour).toBe(errors + 1);
    expect(m.json.database.walBytes).toBeGreaterThan(0);
    expect(m.json.counts.accepted).toBeGreaterThanOrEqual(3);
    expect(m.json.flush.count).toBeGreaterThan(0);
    expect(m.json.database.databaseBytes).toBeGreaterThan(0);
    // NOTE: an embedded database's pass refreshes, checkpoints and analyzes; on a server it checks the refresh jobs.
    const jobs = server.db.mode === "embedded" ? ["checkpoint", "analyze", "collect.refresh"] : ["collect.refreshIfJobsFail"];
    expect(m.json.maintenance.map((j: { job: string }) => j.job)).toEqual(expect.arrayContaining(jobs));
    expect(m.json.inspect).toEqual({ queued: 0, running: 0, failedLastHour: 0 });

    const s = await call(server.app, "GET", "/api/admin/servers", { cookie: admin });
    expect(s.json.processes).toEqual([expect.objectContaining({ kind: "app + maintenance", pid: process.pid, stale: false, version })]);
    // A worker silent for just over 60 s is stale.
    await server.db.sql`INSERT INTO process_heartbeats (id, kind, version, host, pid, started, last_seen)
      VALUES (gen_random_uuid(), 'worker:inspect', '0.1.0', 'elsewhere', 1, now() - interval '1 hour', now() - interval '61 seconds')`;
    const both = (await call(server.app, "GET", "/api/admin/servers", { cookie: admin })).json.processes;
    expect(both.map((p: { kind: string; stale: boolean }) => [p.kind, p.stale])).toEqual([["app + maintenance", false], ["worker:inspect", true]]);
    await server.db.sql`DELETE FROM process_heartbeats WHERE kind = 'worker:inspect'`;
  });

  test("monitoring shows a TimescaleDB job the scheduler has seen but not run yet (its start is -infinity) as not run yet", async () => {
    // NOTE: as the scheduler records a job it has taken on: every time -infinity until its first run
    // (add_job may have written a row of its own already).
    const [job] = await server.db.sql<{ id: number }[]>`SELECT add_job('bothy_retention', INTERVAL '1 hour', scheduled => false) AS id`;
    try {
      await server.db.sql`
        INSERT INTO _timescaledb_internal.bgw_job_stat (job_id, last_start, last_finish, next_start, last_successful_finish,
          last_run_success, total_runs, total_duration, total_duration_failures, total_successes, total_failures,
          total_crashes, consecutive_failures, consecutive_crashes, flags)
        VALUES (${job!.id}, '-infinity', '-infinity', '-infinity', '-infinity', true, 0, '0', '0', 0, 0, 0, 0, 0, 0)
        ON CONFLICT (job_id) DO UPDATE SET last_start = excluded.last_start, last_finish = excluded.last_finish,
          next_start = excluded.next_start, last_successful_finish = excluded.last_successful_finish, total_runs = 0`;
      const m = await call(server.app, "GET", "/api/admin/monitoring", { cookie: admin });
      expect(m.status).toBe(200);
      expect(m.json.maintenance).toContainEqual({ job: "bothy_retention", started: null, durationMs: null, error: null });
      const page = await server.app.handle(req("/admin/monitoring", { headers: { cookie: `${SESSION_COOKIE}=${admin}` } }));
      expect(page.status).toBe(200);
      // NOTE: the job's own row says so (TimescaleDB's own jobs may show "not run yet" too).
      expect(await page.text()).toMatch(/>bothy_retention<\/td>(?:(?!<\/tr>)[\s\S])*>not run yet</);
    } finally {
      await server.db.sql`SELECT delete_job(${job!.id})`;
    }
  });
});
