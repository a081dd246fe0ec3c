// The demo domain (DEMO_DOMAIN): made and seeded at boot through the real write path, readable by
// anyone, redacted, kept live by a timer that stops at shutdown, and not seeded twice.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { dayState } from "../../../components/dashboard/date-rules";
import { demoOf } from "../../../src/demo";
import { DEMO_DAYS, SEED_VIEWS } from "../../../src/demo/live";
import { dayIn } from "../../../src/shared/days";
import { call, dayKey } from "../../helpers/api";
import { until } from "../../helpers/collect";
import { freshDatabase, type TestDatabase } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { startTestServer } from "../../helpers/server";

const DEMO = "demo.bothy.test";
// NOTE: a recent range: free plans read only the last 30 days.
const START = dayKey(7);
const END = dayKey(1);
const RANGE = `startKey=${START}&endKey=${END}`;
let server: Awaited<ReturnType<typeof startTestServer>>;
let db: TestDatabase; // NOTE: the test's own, since a restart reopens it
let siteId: number;

const pageViews = async (s = server) =>
  Number((await s.db.sql`SELECT count(*)::int AS n FROM hits WHERE site_id = ${siteId} AND kind = 1`)[0]!.n);

beforeAll(async () => {
  db = scratch(await freshDatabase());
  server = await startTestServer({ env: { DEMO_DOMAIN: DEMO, BETA: "0", ...db.env, LOG_LEVEL: process.env.DEMO_LOG ?? "silent" } });
  await demoOf(server.db)!.ready;
  siteId = (await server.db.sql`SELECT id FROM domains WHERE name = ${DEMO}`)[0]!.id;
});
afterAll(() => server?.stop());
const scratch = removedAfterAll();

describe("the demo domain", () => {
  test("its row is unowned, public and marked demo", async () => {
    const [row] = await server.db.sql`SELECT owner, public, scope, deleted_at FROM domains WHERE name = ${DEMO}`;
    expect(row).toMatchObject({ owner: null, public: true, deleted_at: null });
    expect(row!.scope).toContain("demo");
  });

  test("it holds 30 days of synthetic traffic, written through collection and aggregated", async () => {
    const views = await pageViews();
    expect(views).toBeGreaterThanOrEqual(SEED_VIEWS);
    const [span] = await server.db.sql`
      SELECT count(DISTINCT local_day)::int AS days, count(*) FILTER (WHERE kind = 2)::int AS leaves,
        count(DISTINCT referrer_host)::int AS referrers, count(DISTINCT browser)::int AS browsers
      FROM hits WHERE site_id = ${siteId}`;
    // The pipeline filled what only it fills: local days, browsers from user-agents, referrer hosts.
    expect(span!.days).toBeGreaterThanOrEqual(DEMO_DAYS);
    expect(span!.leaves).toBeGreaterThan(SEED_VIEWS / 2);
    expect(span!.referrers).toBeGreaterThan(20);
    expect(span!.browsers).toBeGreaterThan(2);
    const [daily] = await server.db.sql`SELECT count(DISTINCT local_day)::int AS days FROM hits_daily_page WHERE site_id = ${siteId}`;
    expect(daily!.days).toBeGreaterThanOrEqual(DEMO_DAYS);
  });

  test("anyone reads it, signed out included, by name or public id; answers are marked demo and carry no posts", async () => {
    const id = (await server.db.sql`SELECT public_id FROM domains WHERE name = ${DEMO}`)[0]!.public_id;
    for (const path of [`/api/stats?domain=${DEMO}&${RANGE}&dataType=REF`, `/api/stats-public?id=${id}&${RANGE}&dataType=REF`]) {
      const res = await call(server.app, "GET", path);
      expect(res.status).toBe(200);
      expect(res.json.admin).toBe(false);
      expect(res.json.validated).toMatchObject({ demo: true });
      // NOTE: by public id no answer names its domain, the demo's included.
      expect(res.json.validated.SK).toBe(path.startsWith("/api/stats-public") ? undefined : DEMO);
      expect(res.json.tweets).toEqual([]);
    }
    // With plans on (BETA=0), the demo still shows every section: its scope carries pro.
    const path = await call(server.app, "GET", `/api/stats?domain=${DEMO}&${RANGE}&dataType=PATH`);
    expect(path.json.validated.pro).toBe(true);
    expect(Array.isArray(path.json.energy)).toBe(true);
  });

  test("its creation date is the start of its data, so the picker can select every seeded day", async () => {
    const [first] = await server.db.sql`SELECT min(local_day)::text AS day FROM hits WHERE site_id = ${siteId}`;
    const res = await call(server.app, "GET", `/api/stats?domain=${DEMO}&${RANGE}&dataType=SUMMARY`);
    const { created, tz } = res.json.validated;
    const createdDay = new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(new Date(created));
    expect(createdDay <= first!.day).toBe(true);
    expect(first!.day <= dayKey(DEMO_DAYS - 1)).toBe(true);
    // The picker's own rule, with the rules the dashboard builds from this answer, on every seeded day.
    const v = res.json.validated;
    const rules = { today: v.today, created: dayIn(v.tz, Date.parse(v.created)), historyDays: v.historyDays };
    const seeded = await server.db.sql`SELECT DISTINCT local_day::text AS day FROM hits WHERE site_id = ${siteId} ORDER BY 1`;
    expect(seeded.length).toBeGreaterThanOrEqual(DEMO_DAYS);
    expect(seeded.map((r) => [r.day, dayState(r.day as string, rules)]).filter(([, state]) => state !== "ok")).toEqual([]);
  });

  test("it stays live: new hits arrive while the server runs", async () => {
    const before = await pageViews();
    expect(demoOf(server.db)!.live).toBe(true);
    await until("a live demo hit", async () => (await pageViews()) > before, 15_000);
  });

  test("a restart neither seeds it again nor loses it; the timer stops with the server", async () => {
    const demo = demoOf(server.db)!;
    await server.stop();
    expect(demo.live).toBe(false);
    server = await startTestServer({ env: { DEMO_DOMAIN: DEMO, ...db.env } });
    const before = await pageViews();
    await demoOf(server.db)!.ready;
    const after = await pageViews();
    expect(after).toBeGreaterThanOrEqual(before);
    expect(after - before).toBeLessThan(50);
  });
});

test("with DEMO_DOMAIN empty there is no demo", async () => {
  const plain = await startTestServer();
  try {
    expect(demoOf(plain.db)).toBeUndefined();
    expect((await plain.db.sql`SELECT count(*)::int AS n FROM domains`)[0]!.n).toBe(0);
  } finally {
    await plain.stop();
  }
});
