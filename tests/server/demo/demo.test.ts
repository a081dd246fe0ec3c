// The demo domain (DEMO_DOMAIN): made and seeded at boot through the real write path, with its
// owner's goals and funnel, readable by anyone, redacted, kept live by a timer that stops at
// shutdown, and not seeded twice.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { dayState } from "../../../components/dashboard/date-rules";
import { demoOf } from "../../../src/demo";
import { DEMO_DAYS, LIVE_EVERY_MS } from "../../../src/demo/live";
import { CONVERSIONS } from "../../../src/demo/site";
import { conversionsAdder } from "../../../src/goals";
import type { FunnelResult } from "../../../src/shared/funnels";
import type { GoalRow } from "../../../src/shared/goals";
import { addDays, dayIn, DAY_MS } from "../../../src/shared/days";
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
// NOTE: today, the last day seeded, may hold no view yet minutes after local midnight; the days
// before it are seeded whatever the hour.
const FULL_DAYS = DEMO_DAYS - 1;
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
    expect(views).toBeGreaterThanOrEqual(DEMO_DAYS * 400);
    const [span] = await server.db.sql`
      SELECT count(DISTINCT local_day)::int AS days, count(*) FILTER (WHERE kind = 2)::int AS leaves,
        count(DISTINCT referrer_host)::int AS referrers, count(DISTINCT browser)::int AS browsers
      FROM hits WHERE site_id = ${siteId}`;
    // The pipeline filled what only it fills: local days, browsers from user-agents, referrer hosts.
    expect(span!.days).toBeGreaterThanOrEqual(FULL_DAYS);
    expect(span!.leaves).toBeGreaterThan(views / 2);
    expect(span!.referrers).toBeGreaterThan(20);
    expect(span!.browsers).toBeGreaterThan(2);
    // NOTE: every seeded day but today, which stays in the raw tail until it closes.
    const [daily] = await server.db.sql`SELECT count(DISTINCT local_day)::int AS days FROM hits_daily_page WHERE site_id = ${siteId}`;
    expect(daily!.days).toBeGreaterThanOrEqual(DEMO_DAYS - 1);
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
    // NOTE: local days of the demo's zone, so the check holds at any hour of the real clock.
    expect(first!.day <= addDays(dayIn(tz, Date.now()), 1 - DEMO_DAYS)).toBe(true);
    // The picker's own rule, with the rules the dashboard builds from this answer, on every seeded day.
    const v = res.json.validated;
    const rules = { today: v.today, created: dayIn(v.tz, Date.parse(v.created)), historyDays: v.historyDays };
    const seeded = await server.db.sql`SELECT DISTINCT local_day::text AS day FROM hits WHERE site_id = ${siteId} ORDER BY 1`;
    expect(seeded.length).toBeGreaterThanOrEqual(FULL_DAYS);
    expect(seeded.map((r) => [r.day, dayState(r.day as string, rules)]).filter(([, state]) => state !== "ok")).toEqual([]);
  });

  test("it stays live: its timer writes the views the model expects for the hour", async () => {
    const demo = demoOf(server.db)!;
    expect(demo.live).toBe(true);
    // NOTE: a busy hour of a seeded day, not the real clock's: at night the model expects one view
    // in minutes, more than a test may wait.
    const [first] = await server.db.sql`SELECT min(time) AS t FROM hits WHERE site_id = ${siteId}`;
    // The first seeded day, which the shape tests below leave out.
    const noon = (first!.t as Date).getTime() + 12 * 3_600_000;
    const before = await pageViews();
    const added = await demo.advance(noon, noon + 3_600_000);
    expect(added).toBeGreaterThan(0);
    await until("the live views stored", async () => (await pageViews()) >= before + added, 15_000);
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

// The shape of a believable site, measured on the stored hits. NOTE: only the days strictly inside
// the seeded range count: the first and the last (today, still filling) may be partial, and no
// assertion names a date, so the test holds whatever the day and the hour it runs.
describe("the demo looks like a real website", () => {
  const dailyViews = async () => {
    const rows = await server.db.sql<{ day: string; n: number }[]>`
      SELECT local_day::text AS day, count(*)::int AS n FROM hits WHERE site_id = ${siteId} AND kind = 1 GROUP BY 1 ORDER BY 1`;
    return rows.slice(1, -1);
  };
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const weekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

  test("its days vary: weekends dip, one day spikes, the coefficient of variation is that of a real site", async () => {
    const days = await dailyViews();
    expect(days.length).toBeGreaterThanOrEqual(FULL_DAYS - 2);
    const views = days.map((d) => d.n);
    const m = mean(views);
    const cv = Math.sqrt(mean(views.map((v) => (v - m) ** 2))) / m;
    const ratio = mean(days.filter((d) => weekend(d.day)).map((d) => d.n)) / mean(days.filter((d) => !weekend(d.day)).map((d) => d.n));
    if (process.env.DEMO_LOG) console.log(JSON.stringify({ min: Math.min(...views), median: median(views), max: Math.max(...views), cv, ratio, views }));
    expect(cv).toBeGreaterThanOrEqual(0.12);
    expect(Math.abs(1 - ratio)).toBeGreaterThanOrEqual(0.15);
    expect(Math.max(...views)).toBeGreaterThanOrEqual(1.6 * median(views));
  });

  test("its pages have real names: no generated /item-<n>, no numeric-only slugs, forty titled articles", async () => {
    const paths = (await server.db.sql<{ path: string }[]>`SELECT DISTINCT path FROM hits WHERE site_id = ${siteId}`).map((r) => r.path);
    expect(paths.filter((p) => /item-\d+/.test(p) || p.split("/").some((part) => /^\d+$/.test(part)))).toEqual([]);
    expect(paths.filter((p) => /^\/blog\/[a-z]+(-[a-z0-9]+){2,}$/.test(p)).length).toBeGreaterThanOrEqual(40);
    for (const page of ["/", "/pricing", "/checkout", "/checkout/thanks"]) expect(paths).toContain(page);
    expect(paths.some((p) => p.startsWith("/docs/"))).toBe(true);
  });

  test("each day holds what the model expects of it, and the model's spike day is the busiest", async () => {
    const model = demoOf(server.db)!.model!;
    const days = await dailyViews();
    expect(addDays(model.start, 1)).toBe(days[0]!.day);
    for (const { day, n } of days) expect(Math.abs(n / model.total(day) - 1)).toBeLessThan(0.2);
    expect(days.reduce((a, b) => (b.n > a.n ? b : a)).day).toBe(model.spikeDay);
  });

  test("its sources, campaign, events and page weights tell a story", async () => {
    const model = demoOf(server.db)!.model!;
    const [row] = await server.db.sql`
      SELECT
        count(*) FILTER (WHERE kind = 1 AND source = 'ai' AND local_day < ${addDays(model.start, 11)}::date)::float
          / count(*) FILTER (WHERE kind = 1 AND source IS NOT NULL AND local_day < ${addDays(model.start, 11)}::date) AS ai_early,
        count(*) FILTER (WHERE kind = 1 AND source = 'ai' AND local_day >= ${addDays(model.start, 20)}::date)::float
          / count(*) FILTER (WHERE kind = 1 AND source IS NOT NULL AND local_day >= ${addDays(model.start, 20)}::date) AS ai_late,
        count(DISTINCT local_day) FILTER (WHERE utm_campaign IS NOT NULL)::int AS campaign_days,
        count(*) FILTER (WHERE kind = 1 AND referrer_host = 'news.ycombinator.com' AND local_day = ${model.spikeDay}::date)::int AS hn,
        count(*) FILTER (WHERE event_name = 'Purchase' AND event_value ~ '^[0-9]+$')::int AS purchases,
        count(*) FILTER (WHERE event_name = 'Sign-up')::int AS signups,
        count(*) FILTER (WHERE event_name = 'Download')::int AS downloads,
        avg(transfer_bytes) FILTER (WHERE kind = 1 AND path LIKE '/videos/%') / avg(transfer_bytes) FILTER (WHERE kind = 1 AND path LIKE '/blog/%') AS heavier
      FROM hits WHERE site_id = ${siteId}`;
    expect(row!.ai_late).toBeGreaterThan(row!.ai_early * 1.3);
    expect(row!.campaign_days).toBeGreaterThanOrEqual(7);
    expect(row!.hn).toBeGreaterThan(0.5 * model.total(addDays(model.start, 10)));
    expect(row!.purchases).toBeGreaterThan(0);
    expect(row!.signups).toBeGreaterThan(0);
    expect(row!.downloads).toBeGreaterThan(0);
    expect(Number(row!.heavier)).toBeGreaterThan(4);
  });

  test("its live timer adds about a modelled day in a day, not a tower over the other days", async () => {
    const demo = demoOf(server.db)!;
    const [first] = await server.db.sql`SELECT min(time) AS t FROM hits WHERE site_id = ${siteId}`;
    // NOTE: the timer's own steps over the first seeded day (left out of the shape tests above), not the real clock's.
    const from = (first!.t as Date).getTime();
    let added = 0;
    for (let t = from; t < from + DAY_MS; t += LIVE_EVERY_MS) added += await demo.advance(t, t + LIVE_EVERY_MS);
    const expected = demo.model!.total(demo.model!.start);
    expect(added).toBeLessThan(2 * expected);
    expect(added).toBeGreaterThan(expected / 2);
  });
});

// The owner's side of the made-up shop: goals and a funnel as a real shop would keep them, each with
// conversions, and a funnel that loses visitors step by step because each step's page is linked from
// the step before's.
describe("the demo has a shop's goals and funnel", () => {
  // NOTE: the seeded days but the first and today, so every goal has its month of conversions.
  const MONTH = `startKey=${dayKey(FULL_DAYS - 1)}&endKey=${END}`;
  const goalNames = ["Checkout", "Docs", "Newsletter sign-up", "Pricing page", "Product page", "Purchase", "Shop"];
  const funnelRow = async () => {
    const [row] = await server.db.sql<{ id: number; name: string; steps: string[] }[]>`
      SELECT f.id::int AS id, f.name, array(SELECT g.name FROM unnest(f.steps) WITH ORDINALITY s(id, i) JOIN goals g ON g.id = s.id ORDER BY s.i) AS steps
      FROM funnels f WHERE f.domain_id = ${siteId}`;
    return row;
  };

  test("its goals are a shop's, pages and events, and its funnel runs from the shop to a purchase", async () => {
    const goals = await server.db.sql`SELECT name, kind, match, value FROM goals WHERE domain_id = ${siteId} ORDER BY name`;
    expect(goals.map((g) => g.name)).toEqual(goalNames);
    expect(goals.find((g) => g.name === "Purchase")).toMatchObject({ kind: "event", match: "Purchase", value: null });
    expect(goals.find((g) => g.name === "Newsletter sign-up")).toMatchObject({ kind: "event", match: "Sign-up" });
    expect(goals.find((g) => g.name === "Checkout")).toMatchObject({ kind: "page", match: "/checkout" });
    expect(await funnelRow()).toMatchObject({ name: "Shop to purchase", steps: ["Shop", "Product page", "Checkout", "Purchase"] });
  });

  test("every goal converts, and purchases sum their prices", async () => {
    const res = await call(server.app, "GET", `/api/stats?domain=${DEMO}&${MONTH}&dataType=GOALS`);
    expect(res.status).toBe(200);
    const rows = res.json.goals as GoalRow[];
    expect(rows.map((g) => g.name)).toEqual(goalNames);
    expect(rows.filter((g) => !(g.conversions > 0)).map((g) => g.name)).toEqual([]);
    const purchase = rows.find((g) => g.name === "Purchase")!;
    expect(purchase.valueSum!).toBeGreaterThanOrEqual(12 * purchase.conversions);
    // A shop converts a few visits in a hundred to a checkout, fewer to a purchase.
    expect(purchase.rate).toBeLessThan(rows.find((g) => g.name === "Checkout")!.rate);
    expect(rows.find((g) => g.name === "Checkout")!.rate).toBeLessThan(0.05);
  });

  test("its funnel loses visitors at every step, none to nothing, counted exactly", async () => {
    const { id } = (await funnelRow())!;
    const res = await call(server.app, "GET", `/api/stats?domain=${DEMO}&${MONTH}&dataType=FUNNEL&funnel=${id}`);
    expect(res.status).toBe(200);
    const funnel = res.json.funnel as FunnelResult;
    const counts = funnel.steps.map((s) => s.count);
    expect(counts.length).toBe(4);
    expect(counts.at(-1)!).toBeGreaterThan(0);
    for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeLessThan(counts[i - 1]!);
    expect(funnel.steps.filter((s) => s.estimate)).toEqual([]);
  });

  test("a visit reaches the thanks page only from the checkout, and the checkout from a product", async () => {
    const [row] = await server.db.sql`
      SELECT count(*) FILTER (WHERE path = '/checkout/thanks')::int AS thanks,
        count(*) FILTER (WHERE path = '/checkout/thanks' AND from_path = '/checkout')::int AS thanks_from_checkout,
        count(*) FILTER (WHERE path = '/checkout' AND from_path IS NOT NULL)::int AS checkout_clicks,
        count(*) FILTER (WHERE path = '/checkout' AND from_path LIKE '/shop/%')::int AS checkout_from_product
      FROM hits WHERE site_id = ${siteId} AND kind = 1`;
    expect(row!.thanks).toBeGreaterThan(0);
    expect(row!.thanks_from_checkout).toBe(row!.thanks);
    expect(row!.checkout_clicks).toBeGreaterThan(0);
    expect(row!.checkout_from_product).toBe(row!.checkout_clicks);
  });

  test("adding them again adds nothing, two nodes at once included, and brings back one deleted", async () => {
    await server.db.sql`DELETE FROM goals WHERE domain_id = ${siteId} AND name IN ('Docs', 'Pricing page')`;
    const add = conversionsAdder(server);
    const [a, b] = await Promise.all([add(siteId, CONVERSIONS), add(siteId, CONVERSIONS)]);
    expect(a.goals + b.goals).toBe(2);
    expect(a.funnels + b.funnels).toBe(0);
    expect(await add(siteId, CONVERSIONS)).toEqual({ goals: 0, funnels: 0 });
    const names = await server.db.sql`SELECT name FROM goals WHERE domain_id = ${siteId} ORDER BY name`;
    expect(names.map((g) => g.name)).toEqual(goalNames);
    expect((await server.db.sql`SELECT count(*)::int AS n FROM funnels WHERE domain_id = ${siteId}`)[0]!.n).toBe(1);
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
