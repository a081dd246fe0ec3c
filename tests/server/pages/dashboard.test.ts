// The dashboard page over HTTP: its first range is the domain's own days, told by the server
// before any stats answer (two domains a day apart in UTC+14 and UTC−11), and only to a viewer
// who may read the domain; anyone else's page starts from the server's UTC day.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { SESSION_COOKIE } from "../../../src/auth";
import { dayKey, localTime } from "../../../src/shared/days";
import { call, verifiedSession } from "../../helpers/api";
import { req, startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
let stranger: string;
const SAME = { origin: "http://bothy.test" };
const ZONES = { "east.example": "Pacific/Kiritimati", "west.example": "Pacific/Pago_Pago" } as const;

beforeAll(async () => {
  server = await startTestServer();
  owner = await verifiedSession(server, "ada@example.com", "analytical engine 1843");
  stranger = await verifiedSession(server, "bob@example.com", "difference engine 1822");
  for (const [domain, tz] of Object.entries(ZONES)) {
    expect((await call(server.app, "POST", "/api/domains", { cookie: owner, headers: SAME, body: { domain, tz } })).status).toBe(201);
  }
});
afterAll(() => server?.stop());

/** The `today` the page handed the dashboard, read from the flight data inlined in its HTML. */
const todayOf = async (path: string, cookie: string) => {
  const res = await server.app.handle(req(path, { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } }));
  expect(res.status).toBe(200);
  const html = (await res.text()).replace(/\\"/g, '"');
  return /"today":(null|"\d{4}-\d{2}-\d{2}")/.exec(html)?.[1];
};

test("each domain's page carries its own today, not the viewer's or the server's", async () => {
  for (const [domain, tz] of Object.entries(ZONES)) {
    expect(await todayOf(`/dashboard/${domain}`, owner)).toBe(`"${localTime(tz, Date.now()).day}"`);
  }
  // NOTE: 25 hours apart, so the two are never the same day.
  expect(await todayOf("/dashboard/east.example", owner)).not.toBe(await todayOf("/dashboard/west.example", owner));
});

test("a viewer who may not read the domain is told nothing about it: the server's own UTC day, as for a name no domain has", async () => {
  const before = dayKey(Date.now());
  const refused = await todayOf("/dashboard/east.example", stranger);
  const unknown = await todayOf("/dashboard/no-such.example", stranger);
  // NOTE: the days around the calls: they may straddle a UTC midnight.
  const days = [before, dayKey(Date.now())].map((d) => `"${d}"`);
  expect(days).toContain(refused!);
  expect(days).toContain(unknown!);
});

test("a public dashboard page answers 404 for an id no public dashboard has, 200 for a public one", async () => {
  const missing = await server.app.handle(req("/public/no-such-id"));
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain("This page could not be found");
  const domain = "east.example";
  // NOTE: straight in the table: sharing a dashboard first needs a verified domain, not the point here.
  const [row] = await server.db.sql`UPDATE domains SET public = true WHERE name = ${domain} RETURNING public_id`;
  const id = row!.public_id as string;
  expect((await server.app.handle(req(`/public/${id}`))).status).toBe(200);
});
