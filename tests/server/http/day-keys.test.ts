// Every route that takes a day key (found in the app's route table by the DayKey schema, so a new
// route is covered without touching this file) answers each impossible or out-of-range day with a
// 400 naming the field — signed in, anonymously on the demo and on a public dashboard — while
// signed-in callers poll their own data beside it and every one of their answers stays theirs.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { call, verifiedSession } from "../../helpers/api";
import { startCallers } from "../../helpers/callers";
import { IN_PROCESS_ORIGIN, startTestServer } from "../../helpers/server";

const DEMO = "demo.days.example";
const OWNER = { email: "days-owner@example.com", password: "a sturdy passphrase", name: "Owner" };
const OWNED = "days-owned.example";
const BAD_DAYS = ["0000-00-00", "2026-13-01", "2026-02-30", "2025-02-29", "2026-04-31", "1999-12-31", "2101-01-01", "9999-12-31", "2026-1-01", "2026-01-01T00:00", ""];
const DAY_FORMAT = "bothy-day-key";

let server: Awaited<ReturnType<typeof startTestServer>>;
let cookie: string;
let publicId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { DEMO_DOMAIN: DEMO } });
  cookie = await verifiedSession(server, OWNER.email, OWNER.password, OWNER.name);
  const added = await call(server.app, "POST", "/api/domains", { cookie, headers: { origin: IN_PROCESS_ORIGIN }, body: { domain: OWNED, tz: "Europe/London" } });
  expect(added.status).toBeLessThan(300);
  await server.db.sql`UPDATE domains SET public = true WHERE name = ${OWNED}`;
  const [row] = await server.db.sql<{ id: string }[]>`SELECT public_id AS id FROM domains WHERE name = ${OWNED}`;
  publicId = row!.id;
});
afterAll(async () => {
  await server?.stop();
});

type Schema = { properties?: Record<string, { format?: string; anyOf?: { format?: string }[] }>; required?: string[] };
type DayRoute = { method: string; path: string; where: "query" | "body"; fields: string[]; schema: Schema };

const isDayField = (s: { format?: string; anyOf?: { format?: string }[] }) => s.format === DAY_FORMAT || !!s.anyOf?.some((a) => a.format === DAY_FORMAT);

/** The routes whose query or body has a DayKey field. */
function dayRoutes(): DayRoute[] {
  const out: DayRoute[] = [];
  for (const r of server.app.routes) {
    const hooks = r.hooks as { query?: Schema; body?: Schema } | undefined;
    for (const where of ["query", "body"] as const) {
      const schema = hooks?.[where];
      const fields = Object.entries(schema?.properties ?? {}).filter(([, s]) => isDayField(s)).map(([name]) => name);
      if (schema && fields.length) out.push({ method: r.method, path: r.path, where, fields, schema });
    }
  }
  return out;
}

/** Valid values for a route's other fields, so that the day key is what the route refuses. */
function validFields(route: DayRoute, domain: string): Record<string, string> {
  const known: Record<string, string> = { domain, id: publicId, dataType: "SUMMARY", text: "a note", format: "xlsx", startKey: "2026-01-01", endKey: "2026-01-31", day: "2026-01-15" };
  return Object.fromEntries(Object.keys(route.schema.properties ?? {}).filter((k) => k in known).map((k) => [k, known[k]!]));
}

async function send(route: DayRoute, fields: Record<string, string>, signedIn: boolean) {
  const path = route.path.replace(":domain", encodeURIComponent(fields.domain ?? OWNED));
  const headers = signedIn ? { origin: IN_PROCESS_ORIGIN } : undefined;
  if (route.where === "body") return call(server.app, route.method, path, { cookie: signedIn ? cookie : undefined, headers, body: fields });
  return call(server.app, route.method, `${path}?${new URLSearchParams(fields)}`, { cookie: signedIn ? cookie : undefined, headers });
}

test("each bad day key answers 400 on every route that takes one, while callers' answers stay theirs", async () => {
  const routes = dayRoutes();
  const names = routes.map((r) => `${r.method} ${r.path}`);
  // The stats, the public stats, the annotations (read and write) and the export take day keys.
  for (const expected of ["GET /api/stats", "GET /api/stats-public", "GET /api/annotations", "POST /api/annotations", "GET /api/export"]) expect(names).toContain(expected);
  const callers = await startCallers(server, 8, "days-caller");
  const wrong: string[] = [];
  try {
    for (const route of routes) {
      for (const domain of [OWNED, DEMO]) {
        for (const field of route.fields) {
          await Promise.all(
            BAD_DAYS.map(async (bad) => {
              for (const signedIn of [true, false]) {
                const res = await send(route, { ...validFields(route, domain), [field]: bad }, signedIn);
                const named = JSON.stringify(res.json?.error ?? {}).includes(field);
                if (res.status !== 400 || !named) wrong.push(`${route.method} ${route.path} ${domain} ${field}=${bad} signedIn=${signedIn}: ${res.status} ${res.text.slice(0, 160)}`);
              }
            }),
          );
        }
      }
    }
  } finally {
    const report = await callers.stop();
    expect(report.serverErrors).toEqual([]);
    expect(report.wrong).toEqual([]);
    expect(report.answers).toBeGreaterThan(16);
  }
  expect(wrong).toEqual([]);
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
});
