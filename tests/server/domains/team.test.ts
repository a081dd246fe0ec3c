// A domain's team through the API: invites mailed and accepted, roles changed, invites revoked,
// members leaving and removed (losing access at once), ownership handed over, the activity list.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, dayKey, mailedToken, outbox, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
const DOMAIN = "team.example.com";
const MEMBERS = `/api/domains/${DOMAIN}/members`;
const STATS = `/api/stats?domain=${DOMAIN}&startKey=${dayKey(7)}&endKey=${dayKey(1)}&dataType=SUMMARY`;
const GOAL = { name: "Signed up", kind: "event", match: "signup" };
let owner: string;

const as = (cookie: string | undefined) => ({
  get: (path: string) => call(server.app, "GET", path, { cookie }),
  post: (path: string, body: unknown) => call(server.app, "POST", path, { cookie, headers: SAME, body }),
  patch: (path: string, body: unknown) => call(server.app, "PATCH", path, { cookie, headers: SAME, body }),
  delete: (path: string, body?: unknown) => call(server.app, "DELETE", path, { cookie, headers: SAME, body }),
});

/** The token of the last invite mailed. */
const invited = () => mailedToken(server.dataDir, "/settings/domains", "invite");

/** Invites `email` as `role`, signs them up and accepts from the mailed link: their session. */
const member = async (email: string, role: string) => {
  expect((await as(owner).post(MEMBERS, { email, role })).status).toBe(201);
  const token = invited();
  const cookie = await verifiedSession(server, email, PASSWORD);
  const accepted = await as(cookie).post("/api/invites/accept", { token });
  expect(accepted.json).toEqual({ domain: DOMAIN, role });
  return cookie;
};

beforeAll(async () => {
  // NOTE: plans apply (BETA=0): everyone here is on the free plan.
  server = await startTestServer({ env: { BETA: "0" } });
  owner = await verifiedSession(server, "owner@example.com", PASSWORD);
  expect((await as(owner).post("/api/domains", { domain: DOMAIN })).status).toBe(201);
});
afterAll(() => server.stop());

describe("teams", () => {
  test("an invite is mailed with a link on this instance's origin, listed as waiting, and accepted only by its address", async () => {
    const sent = await as(owner).post(MEMBERS, { email: "Viewer@Example.com", role: "viewer" });
    expect(sent.status).toBe(201);
    expect(sent.json).toEqual({ email: "viewer@example.com", role: "viewer", pending: true });
    const mail = outbox(server.dataDir).at(-1)!;
    expect(mail).toContain("owner@example.com invited you to see the analytics of team.example.com on Bothy, as viewer.");
    expect(mail).toMatch(/http:\/\/bothy\.test\/settings\/domains\?invite=[A-Za-z0-9_-]{43}/);
    const token = invited();
    const list = await as(owner).get(MEMBERS);
    expect(list.json.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([["owner@example.com", "owner"]]);
    expect(list.json.invites.map((i: { email: string; role: string }) => [i.email, i.role])).toEqual([["viewer@example.com", "viewer"]]);

    const stranger = await verifiedSession(server, "stranger@example.com", PASSWORD);
    expect((await as(stranger).post("/api/invites/accept", { token })).status).toBe(404);
    const viewer = await verifiedSession(server, "viewer@example.com", PASSWORD);
    expect((await as(viewer).get(STATS)).status).toBe(404);
    expect((await as(viewer).post("/api/invites/accept", { token })).json).toEqual({ domain: DOMAIN, role: "viewer" });
    // NOTE: the link works once.
    expect((await as(viewer).post("/api/invites/accept", { token })).status).toBe(404);

    expect((await as(viewer).get(STATS)).status).toBe(200);
    const domains = (await as(viewer).get("/api/domains")).json as { domain: string; role: string }[];
    expect(domains.map((d) => [d.domain, d.role])).toEqual([[DOMAIN, "viewer"]]);
    expect((await as(owner).get("/api/domains")).json.map((d: { role: string }) => d.role)).toEqual(["owner"]);
    // NOTE: a viewer reads; the team and the settings are not theirs.
    expect((await as(viewer).get(MEMBERS)).status).toBe(403);
    expect((await as(viewer).patch(`/api/domains/${DOMAIN}`, { tz: "Europe/Paris" })).status).toBe(403);
  });

  test("invites to one address are mailed at most 3 times an hour (the account mails' cap), and answer alike past it", async () => {
    const mailsTo = () => outbox(server.dataDir).filter((m) => m.includes("To: capped@example.com")).length;
    for (let i = 0; i < 4; i++) expect((await as(owner).post(MEMBERS, { email: "capped@example.com", role: "viewer" })).status).toBe(201);
    expect(mailsTo()).toBe(3);
    expect((await as(owner).delete(`${MEMBERS}/capped@example.com`)).status).toBe(200);
  });

  test("a shared domain is listed with its owner's plan, not the member's", async () => {
    const reader = await member("reader@example.com", "editor");
    const listed = async () => ((await as(reader).get("/api/domains")).json as { domain: string; pro: boolean }[]).find((d) => d.domain === DOMAIN)!.pro;
    expect(await listed()).toBe(false);
    await server.db.sql`UPDATE users SET scope = ${["pro"]} WHERE email = 'owner@example.com'`;
    expect(await listed()).toBe(true);
    await server.db.sql`UPDATE users SET scope = ${[]} WHERE email = 'owner@example.com'`;
    expect((await as(owner).delete(`${MEMBERS}/reader@example.com`)).status).toBe(200);
  });

  test("a removed member loses access at once; a revoked invite's link stops working", async () => {
    const gone = await member("gone@example.com", "editor");
    expect((await as(gone).get(STATS)).status).toBe(200);
    expect((await as(owner).delete(`${MEMBERS}/gone@example.com`)).status).toBe(200);
    expect((await as(gone).get(STATS)).status).toBe(404);
    expect((await as(gone).get("/api/domains")).json).toEqual([]);

    expect((await as(owner).post(MEMBERS, { email: "revoked@example.com", role: "admin" })).status).toBe(201);
    const token = invited();
    expect((await as(owner).delete(`${MEMBERS}/revoked@example.com`)).status).toBe(200);
    expect((await as(owner).get(MEMBERS)).json.invites.map((i: { email: string }) => i.email)).not.toContain("revoked@example.com");
    const revoked = await verifiedSession(server, "revoked@example.com", PASSWORD);
    expect((await as(revoked).post("/api/invites/accept", { token })).status).toBe(404);
    expect((await as(revoked).get(STATS)).status).toBe(404);
  });

  test("a member may leave; the owner may not, before handing the domain over", async () => {
    const leaver = await member("leaver@example.com", "viewer");
    expect((await as(leaver).delete(`${MEMBERS}/leaver@example.com`)).status).toBe(200);
    expect((await as(leaver).get(STATS)).status).toBe(404);
    const stays = await as(owner).delete(`${MEMBERS}/owner@example.com`);
    expect(stays.status).toBe(409);
    expect(stays.json.error.message).toBe("Hand the domain to a member before you leave it.");
  });

  test("an editor keeps goals and sharing but not the team; an admin keeps the team but not the ownership", async () => {
    const editor = await member("editor@example.com", "editor");
    expect((await as(editor).post(`/api/domains/${DOMAIN}/goals`, GOAL)).status).toBe(201);
    expect((await as(editor).patch(`/api/domains/${DOMAIN}`, { tz: "Europe/Paris" })).json.tz).toBe("Europe/Paris");
    expect((await as(editor).post(MEMBERS, { email: "x@example.com", role: "viewer" })).status).toBe(403);
    expect((await as(editor).delete(`/api/domains/${DOMAIN}`, { confirm: DOMAIN })).status).toBe(403);

    const admin = await member("admin@example.com", "admin");
    expect((await as(admin).patch(`${MEMBERS}/editor@example.com`, { role: "viewer" })).json).toEqual({ email: "editor@example.com", role: "viewer" });
    expect((await as(editor).patch(`/api/domains/${DOMAIN}`, { tz: "Europe/London" })).status).toBe(403);
    expect((await as(admin).patch(`${MEMBERS}/admin@example.com`, { role: "owner" })).status).toBe(403);
    expect((await as(admin).get(`/api/domains/${DOMAIN}/activity`)).status).toBe(200);
  });

  test("a member whose free plan is full cannot take the domain over: the plan is the owner's", async () => {
    const full = await member("full@example.com", "admin");
    for (const d of ["one.example.com", "two.example.com"]) expect((await as(full).post("/api/domains", { domain: d })).status).toBe(201);
    const refused = await as(owner).patch(`${MEMBERS}/full@example.com`, { role: "owner" });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("full@example.com is on the free plan, which includes 2 websites: they upgrade to Pro to take this one.");
    expect((await as(full).get("/api/domains")).json.find((d: { domain: string }) => d.domain === DOMAIN).role).toBe("admin");
    expect((await as(owner).delete(`${MEMBERS}/full@example.com`)).status).toBe(200);
  });

  test("the owner hands the domain to a member and stays on as admin; the activity list tells it all, newest first", async () => {
    const heir = await member("heir@example.com", "viewer");
    const handed = await as(owner).patch(`${MEMBERS}/heir@example.com`, { role: "owner" });
    expect(handed.json).toEqual({ email: "heir@example.com", role: "owner" });
    expect((await as(heir).get("/api/domains")).json.map((d: { domain: string; role: string }) => [d.domain, d.role])).toEqual([[DOMAIN, "owner"]]);
    expect((await as(owner).get("/api/domains")).json.map((d: { domain: string; role: string }) => [d.domain, d.role])).toEqual([[DOMAIN, "admin"]]);
    const members = (await as(heir).get(MEMBERS)).json.members as { email: string; role: string }[];
    expect(members[0]).toMatchObject({ email: "heir@example.com", role: "owner" });
    expect(members.find((m) => m.email === "owner@example.com")?.role).toBe("admin");

    const activity = (await as(heir).get(`/api/domains/${DOMAIN}/activity`)).json.activity as { actor: string; action: string; target: string }[];
    expect(activity.slice(0, 3).map((a) => [a.actor, a.action, a.target])).toEqual([
      ["owner@example.com", "transfer", "heir@example.com"],
      ["heir@example.com", "accept", "heir@example.com"],
      ["owner@example.com", "invite", "heir@example.com"],
    ]);
    expect(activity.map((a) => a.action)).toEqual(expect.arrayContaining(["remove", "revoke", "leave", "role", "settings"]));
    // NOTE: the admin audit log has each line too, and keeps it after the domain is gone.
    const audit = await server.db.sql<{ action: string; admin_email: string; target_email: string | null }[]>`
      SELECT action, admin_email, target_email FROM admin_audit WHERE target_domain = ${DOMAIN} ORDER BY id DESC`;
    expect(audit.length).toBe(activity.length);
    expect(audit[0]).toEqual({ action: "domain.transfer", admin_email: "owner@example.com", target_email: "heir@example.com" });
  });

  test("an owner invites to all their domains with one mail and one link, which accepts them all; each invite is revoked alone", async () => {
    const many = await verifiedSession(server, "many@example.com", PASSWORD);
    const [a, b, later] = ["a.many.example.com", "b.many.example.com", "c.many.example.com"];
    for (const d of [a, b]) expect((await as(many).post("/api/domains", { domain: d })).status).toBe(201);
    const mails = outbox(server.dataDir).length;
    const sent = await as(many).post(`/api/domains/${a}/members`, { email: "all@example.com", role: "editor", allDomains: true });
    expect(sent.json).toEqual({ email: "all@example.com", role: "editor", pending: true, domains: [a, b] });
    expect(outbox(server.dataDir).length).toBe(mails + 1);
    expect(outbox(server.dataDir).at(-1)).toContain(`many@example.com invited you to see the analytics of ${a} and ${b} on Bothy, as editor.`);
    const token = invited();
    for (const d of [a, b]) expect((await as(many).get(`/api/domains/${d}/members`)).json.invites.map((i: { email: string }) => i.email)).toEqual(["all@example.com"]);
    // NOTE: a domain added after the invite is not in it.
    await server.db.sql`UPDATE users SET scope = ${["pro"]} WHERE email = 'many@example.com'`;
    expect((await as(many).post("/api/domains", { domain: later })).status).toBe(201);

    // NOTE: all of an owner's domains are the owner's to give: an admin of one cannot.
    const admin = await verifiedSession(server, "manyadmin@example.com", PASSWORD);
    expect((await as(many).post(`/api/domains/${a}/members`, { email: "manyadmin@example.com", role: "admin" })).status).toBe(201);
    expect((await as(admin).post("/api/invites/accept", { token: invited() })).status).toBe(200);
    expect((await as(admin).post(`/api/domains/${a}/members`, { email: "x@example.com", role: "viewer", allDomains: true })).status).toBe(403);

    const all = await verifiedSession(server, "all@example.com", PASSWORD);
    expect((await as(all).post("/api/invites/accept", { token })).json).toEqual({ domain: a, role: "editor", domains: [{ domain: a, role: "editor" }, { domain: b, role: "editor" }] });
    expect((await as(all).get("/api/domains")).json.map((d: { domain: string; role: string }) => [d.domain, d.role])).toEqual([[a, "editor"], [b, "editor"]]);
    expect((await as(all).post("/api/invites/accept", { token })).status).toBe(404);

    expect((await as(many).post(`/api/domains/${a}/members`, { email: "some@example.com", role: "viewer", allDomains: true })).status).toBe(201);
    const some = invited();
    expect((await as(many).delete(`/api/domains/${b}/members/some@example.com`)).status).toBe(200);
    const someone = await verifiedSession(server, "some@example.com", PASSWORD);
    const accepted = await as(someone).post("/api/invites/accept", { token: some });
    expect(accepted.json.domains).toEqual([{ domain: a, role: "viewer" }, { domain: later, role: "viewer" }]);
    await server.db.sql`UPDATE users SET scope = ${[]} WHERE email = 'many@example.com'`;
  });
});
