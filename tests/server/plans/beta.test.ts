// Beta mode (the default without billing): /pricing and the plan-change pages give way to /request,
// whose form stores a request for the admin area, validated and throttled; and everyone is Pro.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { listAccessRequests } from "../../../src/requests";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const SAME = { origin: "http://bothy.test" };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const request = (body: unknown) => call(server.app, "POST", "/api/request", { headers: SAME, body });

describe("beta", () => {
  test("/pricing and the plan-change pages send to /request, which renders", async () => {
    for (const path of ["/pricing", "/pricing-update", "/pricing-update2"]) {
      const res = await call(server.app, "GET", path);
      expect([path, res.status, res.headers.get("location")]).toEqual([path, 302, "/request"]);
    }
    const page = await call(server.app, "GET", "/request");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Request access");
    expect(page.text).toContain('name="website"');
  });

  test("the request form stores a row the admin area lists; bad input is a 400 naming the field", async () => {
    const sent = await request({ email: "Ada@Example.com", name: " Ada ", website: "ada.example", message: "Hello" });
    expect(sent.status).toBe(201);
    const [row] = await listAccessRequests(server.db.sql, 10);
    expect(row).toMatchObject({ email: "ada@example.com", name: "Ada", website: "ada.example", message: "Hello" });

    const bad = await request({ email: "not an address", name: "B" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe("Enter your email address, like you@example.com.");
    expect((await request({ email: "b@example.com", name: "   " })).status).toBe(400);
    expect(await listAccessRequests(server.db.sql, 10)).toHaveLength(1);
  });

  test("one client may send a few requests an hour, then 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await request({ email: `c${i}@example.com`, name: "C" })).status);
    // NOTE: the first test's request counts against the same client (app.handle has no socket).
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    const refused = await request({ email: "d@example.com", name: "D" });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  test("everyone is Pro", async () => {
    const cookie = await verifiedSession(server, "someone@example.com", "a sturdy passphrase");
    const me = await call(server.app, "GET", "/api/user", { cookie });
    expect(me.json.user.pro).toBe(true);
    for (const domain of ["one.example", "two.example", "three.example"]) {
      expect((await call(server.app, "POST", "/api/domains", { cookie, headers: SAME, body: { domain } })).status).toBe(201);
    }
    const [row] = await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM domains WHERE retention_days IS NOT NULL`;
    expect(row!.n).toBe(0);
  });
});
