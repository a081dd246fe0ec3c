// GET /api/realtime: the stream's counts against SQL over the same window (hits seeded at known
// times before now), who may open it (as the stats reads, and public dashboards only when their
// owner shares realtime), the one error shape before a stream, and one shared read per domain per
// tick whatever its open streams, freed when they close.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, ownerOtherAdmin } from "../../helpers/api";
import { CHROME_UA, until } from "../../helpers/collect";
import { parsePrometheus, sampleValue } from "../../helpers/prometheus";
import { req, startTestServer } from "../../helpers/server";
import { SESSION_COOKIE } from "../../../src/auth";
import { ingest } from "../../helpers/stats";
import type { Incoming } from "../../../src/collect/model";
import { REALTIME_EVENT, WINDOW_MINUTES, type RealtimeRow, type RealtimeSnapshot } from "../../../src/shared/realtime";
import { windowReader } from "../../../src/realtime/window";

let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
let other: string;
const SAME = { origin: "http://bothy.test" };
const DOMAIN = "live.example.com";
const TOKEN = "metrics-token-for-the-realtime-test";
const MIN = 60_000;

type Stream = { next(): Promise<RealtimeSnapshot>; close(): Promise<void> };

/** Opens the stream; its snapshots one by one. */
async function open(query: string, cookie?: string): Promise<Stream> {
  const res = await server.app.handle(req(`/api/realtime?${query}`, { headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} }));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toStartWith("text/event-stream");
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  return {
    async next() {
      for (;;) {
        const end = buffered.indexOf("\n\n");
        if (end >= 0) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = message.split("\n").find((l) => l.startsWith("data: "));
          if (message.includes(`event: ${REALTIME_EVENT}`) && data) return JSON.parse(data.slice(6)) as RealtimeSnapshot;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        buffered += decoder.decode(value, { stream: true });
      }
    },
    close: () => reader.cancel(),
  };
}

const realtime = (query: string, opts: { cookie?: string; headers?: Record<string, string> } = {}) => call(server.app, "GET", `/api/realtime?${query}`, opts);

const metric = async (name: string) => {
  const res = await server.app.handle(req("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }));
  return sampleValue(parsePrometheus(await res.text()), name) ?? 0;
};

const view = (p: string, agoMs: number, r?: string): Incoming => ({
  kind: "view", time: Date.now() - agoMs, ua: CHROME_UA, body: { d: DOMAIN, p, w: 1400, z: "Europe/Paris", ...(r && { r }) },
});
const leave = (p: string, agoMs: number, visibleMs: number): Incoming => ({
  kind: "leave", time: Date.now() - agoMs, ua: CHROME_UA, body: { d: DOMAIN, p, v: visibleMs, w: 1400, z: "Europe/Paris" },
});

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0", METRICS_TOKEN: TOKEN } });
  ({ owner, other } = await ownerOtherAdmin(server, ["pro"]));
  for (const d of [DOMAIN, "shared.example.com", "private.example.com"]) {
    expect((await call(server.app, "POST", "/api/domains", { cookie: owner, headers: SAME, body: { domain: d } })).status).toBe(201);
  }
  await server.db.sql`UPDATE domains SET verified_at = now(), public = true WHERE name IN ('shared.example.com', 'private.example.com')`;
  await server.db.sql`UPDATE domains SET public_realtime = true WHERE name = 'shared.example.com'`;
  // NOTE: times well inside their minute's place in the window, whatever the second the test runs at.
  await ingest(server.db.sql, [
    view("/a", 1.5 * MIN, "https://news.example.org/story"),
    view("/a", 2.5 * MIN),
    view("/b", 4 * MIN, "https://www.google.com/"),
    view("/c", 12 * MIN),
    view("/c", 20 * MIN),
    view("/old", 45 * MIN),
    // /a's leave answers a view of the last 5 minutes; /c's view began 11 minutes before its leave.
    leave("/a", 1 * MIN, 20_000),
    leave("/c", 0.5 * MIN, 11 * MIN),
  ]);
}, 120_000);

afterAll(() => server?.stop());

describe("the stream's numbers", () => {
  test("equal SQL over the snapshot's own window, by minute, and count who is on now", async () => {
    const stream = await open(`domain=${DOMAIN}`, owner);
    const s = await stream.next();
    await stream.close();
    const [site] = await server.db.sql<{ id: number }[]>`SELECT id FROM domains WHERE name = ${DOMAIN}`;
    const rows = await server.db.sql<{ m: number; n: number }[]>`
      SELECT ((extract(epoch FROM date_trunc('minute', time)) * 1000 - ${s.from}) / 60000)::int AS m, count(*)::int AS n
      FROM hits WHERE site_id = ${site!.id} AND kind = 1 AND time >= ${new Date(s.from)} AND time <= ${new Date(s.at)} GROUP BY 1`;
    const expected = new Array<number>(WINDOW_MINUTES).fill(0);
    for (const r of rows) expected[r.m] = r.n;
    expect(s.minutes).toEqual(expected);
    expect(s.minutes.reduce((a, b) => a + b, 0)).toBe(5);
    expect(s.from % MIN).toBe(0);
    expect(s.at - s.from).toBeLessThanOrEqual(WINDOW_MINUTES * MIN);
    // /a: two views, one left; /b: one view; /c's leave belongs to a view before the last 5 minutes.
    expect(s.onNow).toBe(2);
    expect(s.pages).toEqual([{ label: "/a", views: 2 }, { label: "/c", views: 2 }, { label: "/b", views: 1 }]);
    // NOTE: arrivals by referrer, as the dashboard's list: an arrival without one is direct.
    expect(s.sources).toEqual([{ label: "direct", views: 3 }, { label: "google.com", views: 1 }, { label: "news.example.org", views: 1 }]);
    expect(s.countries).toEqual([{ label: "FR", views: 5 }]);
    expect(s.devices).toEqual([{ label: "desktop", views: 5 }]);
    // NOTE: counts only: no row of a snapshot names a visit.
    expect(Object.keys(s).sort()).toEqual(["at", "countries", "devices", "from", "minutes", "onNow", "pages", "sources"]);
  });
});

/** The window's numbers as one SQL statement over the raw rows, for a snapshot's `at` and `from`. */
async function windowBySql(siteId: number, at: number, from: number) {
  const since = new Date(at - 5 * MIN);
  const [row] = await server.db.sql<{ minutes: [number, number][]; on_now: number; top: [string, string, number][] }[]>`
    WITH w AS (SELECT * FROM hits WHERE site_id = ${siteId} AND kind IN (1, 2) AND time >= ${new Date(from)} AND time <= ${new Date(at)}),
    labels AS (
      SELECT d.* FROM w CROSS JOIN LATERAL (VALUES ('pages', path),
        ('sources', CASE WHEN source IS NULL THEN NULL WHEN source = 'direct' THEN 'direct' ELSE coalesce(referrer_host, 'unknown') END),
        ('countries', coalesce(country, 'unknown')), ('devices', coalesce(device, 'unknown'))) d(dim, label)
      WHERE kind = 1 AND label IS NOT NULL
    ), counted AS (
      SELECT dim, label, count(*)::int AS n, row_number() OVER (PARTITION BY dim ORDER BY count(*) DESC, label COLLATE "C") AS r FROM labels GROUP BY 1, 2
    )
    SELECT
      (SELECT json_agg(json_build_array(m, n)) FROM (
        SELECT floor((extract(epoch FROM time) * 1000 - ${from}) / 60000)::int AS m, count(*)::int AS n FROM w WHERE kind = 1 GROUP BY 1) x) AS minutes,
      (SELECT coalesce(sum(greatest(0, views - leaves)), 0)::int FROM (
        SELECT count(*) FILTER (WHERE kind = 1) AS views,
          count(*) FILTER (WHERE kind = 2 AND time - coalesce(duration_ms, 0) * interval '1 millisecond' >= ${since}) AS leaves
        FROM w WHERE time >= ${since} GROUP BY path) p) AS on_now,
      (SELECT json_agg(json_build_array(dim, label, n) ORDER BY dim, r) FROM counted WHERE r <= 10) AS top`;
  const minutes = new Array<number>(WINDOW_MINUTES).fill(0);
  for (const [m, n] of row!.minutes ?? []) minutes[m] = n;
  const lists: Record<string, RealtimeRow[]> = { pages: [], sources: [], countries: [], devices: [] };
  for (const [dim, label, views] of row!.top ?? []) lists[dim]!.push({ label, views });
  const { pages, sources, countries, devices } = lists;
  return { at, from, minutes, onNow: row!.on_now, pages: pages!, sources: sources!, countries: countries!, devices: devices! };
}

describe("the window's reader", () => {
  // NOTE: a fixed whole minute two hours back: every read below names its own clock.
  const T = Math.floor(Date.now() / MIN) * MIN - 120 * MIN;
  const DOM = "window.example.com";
  const ZONES = ["Europe/Paris", "America/New_York", "Asia/Tokyo"];
  const REFS = [undefined, "https://www.google.com/", "https://news.example.org/a", "https://blog.example.net/"];
  const body = (i: number) => ({ d: DOM, p: `/p${i % 13}`, w: 1400, z: ZONES[i % 3]! });
  // NOTE: visible times up to 400 s, so some leaves answer views before "now"'s 5 minutes and some in them.
  const hitsAt = (t: number, i: number): Incoming[] => [
    { kind: "view", time: t, ua: CHROME_UA, body: { ...body(i), ...(REFS[i % 4] && { r: REFS[i % 4] }) } },
    ...(i % 2 ? [{ kind: "leave" as const, time: t + 1_300, ua: CHROME_UA, body: { ...body(i), v: (i * 7919) % 400_000 } }] : []),
  ];
  let siteId = 0;

  beforeAll(async () => {
    expect((await call(server.app, "POST", "/api/domains", { cookie: owner, headers: SAME, body: { domain: DOM } })).status).toBe(201);
    siteId = (await server.db.sql<{ id: number }[]>`SELECT id FROM domains WHERE name = ${DOM}`)[0]!.id;
    // NOTE: from 32 minutes before T to 3 minutes after, every 3.7 s a view and every other one a leave.
    const hits: Incoming[] = [];
    for (let i = 0, t = T - 32 * MIN; t < T + 3 * MIN; i++, t += 3_700) hits.push(...hitsAt(t, i));
    await ingest(server.db.sql, hits);
  });

  test("equals SQL over its window read after read: across a minute, from kept parts, and after a new epoch", async () => {
    const read = windowReader(server.db.sql, siteId);
    const same = async (now: number) => {
      const s = await read(now);
      expect(s.at).toBe(Math.floor(now / 1000) * 1000);
      expect(s).toEqual(await windowBySql(siteId, s.at, s.from));
      return s;
    };
    const first = await same(T + 23_700);
    expect(first.onNow).toBeGreaterThan(0);
    expect(first.pages).toHaveLength(10);
    // A new minute: the window moves on by one, its parts kept and a few more sealed.
    const next = await same(T + 65_200);
    expect(next.from).toBe(first.from + MIN);
    // A row in a kept part that moved no epoch stays unseen: the part is read from memory...
    const late = T - 10 * MIN + 1_000;
    await server.db.sql`INSERT INTO hits (time, site_id, kind, local_day, local_hour, path, device)
      VALUES (${new Date(late)}, ${siteId}, 1, '2026-01-01', 0, '/late', 'desktop')`;
    const kept = await read(T + 67_000);
    const bySql = await windowBySql(siteId, kept.at, kept.from);
    const m = Math.floor((late - kept.from) / MIN);
    expect(bySql.minutes.map((n, i) => n - kept.minutes[i]!)).toEqual(bySql.minutes.map((_, i) => (i === m ? 1 : 0)));
    // ...until the domain's stats epoch moves on, as the writer does for a late row.
    await server.db.sql`UPDATE domains SET stats_epoch = stats_epoch + 1 WHERE id = ${siteId}`;
    await same(T + 69_000);
    await same(T + 2 * MIN + 45_100);
  });
});

describe("who may open it", () => {
  test("as the stats reads: signed out 401, another account 404, malformed 400, one JSON error shape", async () => {
    const out = await realtime(`domain=${DOMAIN}`);
    expect(out.status).toBe(401);
    expect(out.json.error.status).toBe(401);
    expect((await realtime(`domain=${DOMAIN}`, { cookie: other })).status).toBe(404);
    expect((await realtime("domain=nothing.example.com", { cookie: owner })).status).toBe(404);
    const both = await realtime(`domain=${DOMAIN}&id=abc`, { cookie: owner });
    expect(both.status).toBe(400);
    expect(both.json.error.fields).toEqual({ id: "Ask for one domain (domain) or one public dashboard (id)." });
    expect((await realtime("", { cookie: owner })).status).toBe(400);
    expect((await realtime(`domain=${DOMAIN}`, { headers: { authorization: "Bearer not-a-key" } })).status).toBe(401);
  });

  test("a public dashboard only when its owner shares realtime there, switched in its settings", async () => {
    const idOf = async (name: string) => (await server.db.sql`SELECT public_id FROM domains WHERE name = ${name}`)[0]!.public_id as string;
    const shared = await open(`id=${await idOf("shared.example.com")}`);
    expect((await shared.next()).minutes).toHaveLength(WINDOW_MINUTES);
    await shared.close();
    // NOTE: the public dashboard's answers tell its page whether to show the live badge.
    const shows = async (name: string) => (await call(server.app, "GET", `/api/stats-public?id=${await idOf(name)}&start=${Date.now()}&end=${Date.now()}&dataType=SUMMARY`)).json.validated.realtime;
    expect([await shows("shared.example.com"), await shows("private.example.com")]).toEqual([true, false]);
    const closed = await realtime(`id=${await idOf("private.example.com")}`);
    expect(closed.status).toBe(403);
    expect(closed.json.error.message).toBe("The owner does not share this dashboard's realtime view.");
    expect((await realtime("id=no-such-dashboard")).status).toBe(404);
    // NOTE: an unverified domain shares nothing.
    const unverified = await call(server.app, "PATCH", `/api/domains/${DOMAIN}`, { cookie: owner, headers: SAME, body: { publicRealtime: true } });
    expect(unverified.status).toBe(403);
    const on = await call(server.app, "PATCH", "/api/domains/private.example.com", { cookie: owner, headers: SAME, body: { publicRealtime: true } });
    expect(on.status).toBe(200);
    expect(on.json.publicRealtime).toBe(true);
    const now = await open(`id=${await idOf("private.example.com")}`);
    expect((await now.next()).onNow).toBe(0);
    await now.close();
  });
});

test("100 open streams of one domain share one read per tick, and closing them frees it", async () => {
  await until("no stream left open", async () => (await metric("bothy_realtime_streams")) === 0);
  const before = await metric("bothy_realtime_reads_total");
  const streams = await Promise.all(Array.from({ length: 100 }, () => open(`domain=${DOMAIN}`, owner)));
  expect(await metric("bothy_realtime_streams")).toBe(100);
  const seen = await Promise.all(streams.map(async (s) => [(await s.next()).at, (await s.next()).at]));
  const reads = (await metric("bothy_realtime_reads_total")) - before;
  const distinct = new Set(seen.flat()).size;
  // NOTE: 200 snapshots from the reads of a few ticks; one more read may have started meanwhile.
  expect(reads).toBeGreaterThanOrEqual(distinct);
  expect(reads).toBeLessThanOrEqual(distinct + 1);
  expect(distinct).toBeLessThanOrEqual(4);
  await Promise.all(streams.map((s) => s.close()));
  await until("every stream closed", async () => (await metric("bothy_realtime_streams")) === 0);
  // NOTE: over a real socket, a client that goes away frees its stream too (the request's abort signal).
  const gone = new AbortController();
  const res = await fetch(`${server.url}/api/realtime?domain=${DOMAIN}`, { signal: gone.signal, headers: { cookie: `${SESSION_COOKIE}=${owner}` } });
  await res.body!.getReader().read();
  expect(await metric("bothy_realtime_streams")).toBe(1);
  gone.abort();
  await until("the aborted stream closed", async () => (await metric("bothy_realtime_streams")) === 0);
});

// NOTE: last, as it stops the file's server: a stream still open must not hold the shutdown (which
// waits for in-flight requests, then flushes the collector's buffer) until its deadline.
test("stopping the server ends the streams still open, so the shutdown goes on", async () => {
  const open1 = await open(`domain=${DOMAIN}`, owner);
  await open1.next();
  await server.stop();
  await expect(open1.next()).rejects.toThrow("the stream ended");
});
