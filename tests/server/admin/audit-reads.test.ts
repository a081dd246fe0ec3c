// An admin's reads of another account's stats and exports land in the audit log, once per admin,
// domain and kind an hour however often the dashboard reloads, and show on the owner's admin page;
// owners reading their own domains leave no line.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, dayKey, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
const RANGE = `startKey=${dayKey(7)}&endKey=${dayKey(1)}`;
const DOMAIN = "shop.example.com";
let owner: string;
let ownerUid: string;
let admin: string;

const stats = (cookie: string, dataType = "SUMMARY", domain = DOMAIN) =>
  call(server.app, "GET", `/api/stats?domain=${domain}&${RANGE}&dataType=${dataType}`, { cookie });
const exportOf = (cookie: string, domain = DOMAIN) => call(server.app, "GET", `/api/export?domain=${domain}&${RANGE}&format=csv`, { cookie });
type Line = { action: string; admin_email: string; target_uid: string | null; target_email: string | null; target_domain: string };
const reads = async (): Promise<Line[]> => [
  ...(await server.db.sql<Line[]>`
    SELECT action, admin_email, target_uid, target_email, target_domain FROM admin_audit WHERE action LIKE 'read %' ORDER BY id`),
];

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  owner = await verifiedSession(server, "owner@example.com", PASSWORD);
  admin = await verifiedSession(server, "root@example.com", PASSWORD);
  await server.db.sql`UPDATE users SET scope = '{pro}' WHERE email = 'owner@example.com'`;
  await server.db.sql`UPDATE users SET scope = '{admin}' WHERE email = 'root@example.com'`;
  ownerUid = (await server.db.sql<{ uid: string }[]>`SELECT uid FROM users WHERE email = 'owner@example.com'`)[0]!.uid;
  for (const [cookie, domain] of [[owner, DOMAIN], [admin, "root.example.com"]] as const) {
    expect((await call(server.app, "POST", "/api/domains", { cookie, headers: SAME, body: { domain } })).status).toBe(201);
  }
  await server.db.sql`UPDATE domains SET verified_at = now()`;
}, 60_000);
afterAll(() => server?.stop());

describe("admins' reads of customers' domains", () => {
  test("owners reading their own stats and exports, an admin included, leave no line", async () => {
    for (const dataType of ["SUMMARY", "PATH", "REF"]) expect((await stats(owner, dataType)).status).toBe(200);
    expect((await exportOf(owner)).status).toBe(200);
    expect((await stats(admin, "SUMMARY", "root.example.com")).status).toBe(200);
    expect((await exportOf(admin, "root.example.com")).status).toBe(200);
    expect(await reads()).toEqual([]);
  });

  test("an admin's stats reads make one line, however often and however many at once", async () => {
    const first = await stats(admin);
    expect(first.status).toBe(200);
    expect(first.json.admin).toBe(true);
    // The dashboard asks for its three parts at once, and again on every reload.
    for (let reload = 0; reload < 3; reload++) {
      const parts = await Promise.all(["SUMMARY", "PATH", "REF"].map((dataType) => stats(admin, dataType)));
      expect(parts.map((r) => r.status)).toEqual([200, 200, 200]);
    }
    expect(await reads()).toEqual([
      { action: "read stats", admin_email: "root@example.com", target_uid: ownerUid, target_email: "owner@example.com", target_domain: DOMAIN },
    ]);
  });

  test("an admin's exports make one line of their own", async () => {
    const files = await Promise.all([exportOf(admin), exportOf(admin)]);
    expect(files.map((r) => r.status)).toEqual([200, 200]);
    expect((await exportOf(admin)).status).toBe(200);
    expect((await reads()).map((r) => r.action)).toEqual(["read stats", "read export"]);
  });

  test("the lines show on the owner's admin page", async () => {
    const page = await call(server.app, "GET", `/api/admin/users/${ownerUid}`, { cookie: admin });
    expect(page.status).toBe(200);
    const lines = page.json.audit.map((a: { action: string; adminEmail: string; targetDomain: string }) => [a.action, a.adminEmail, a.targetDomain]);
    expect(lines.sort()).toEqual([["read export", "root@example.com", DOMAIN], ["read stats", "root@example.com", DOMAIN]]);
  });

  test("an hour after a line, the next read makes another", async () => {
    // As if the hour had passed since the lines were written.
    await server.db.sql`UPDATE admin_audit SET at = at - interval '61 minutes'`;
    expect((await stats(admin)).status).toBe(200);
    expect((await stats(admin, "PATH")).status).toBe(200);
    expect((await reads()).map((r) => r.action)).toEqual(["read stats", "read export", "read stats"]);
  });
});
