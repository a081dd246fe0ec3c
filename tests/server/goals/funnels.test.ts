// Funnels in-process: the owner keeps a domain's funnels of goals (2–8 steps, each a goal of the
// domain; a goal a funnel uses cannot be deleted), and GET /api/stats?dataType=FUNNEL counts each
// step from the step before through the page before each hit (src/shared/funnels.ts): on scripted
// visits whose numbers are known, through full page loads (same-site referrers) and client-side
// navigations (the tracker's path), on materialized days and on today's raw hits, filtered, capped
// at the step before, and estimated after an event step. The privacy side: from_path is a path.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, ownerOtherAdmin } from "../../helpers/api";
import { CHROME_UA } from "../../helpers/collect";
import { startTestServer } from "../../helpers/server";
import { ingest, noonZone } from "../../helpers/stats";
import { refreshAggregates } from "../../../src/hits";
import type { Incoming } from "../../../src/collect/model";
import { addDays, DAY_MS, localTime } from "../../../src/shared/days";
import type { Funnel, FunnelResult } from "../../../src/shared/funnels";
import type { Goal } from "../../../src/shared/goals";

const SAME = { origin: "http://bothy.test" };
const SITE = "funnels.example.com";
const TZ = noonZone();
let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
let other: string;
const goals: Record<string, Goal> = {};

const as = (cookie: string | undefined) => (method: string, path: string, body?: unknown) => call(server.app, method, path, { cookie, headers: SAME, body });
const base = `/api/domains/${SITE}/funnels`;
const NY = "America/New_York";
const PARIS = "Europe/Paris";

/** One tab's visit: each step a page loaded fully ("load": the referrer is the page before) or
 * navigated to by the site's router ("spa": the tracker sends the path before), or an event on the
 * current page; every view has its leave beacon with 1,000 more bytes. */
type Step = { load: string } | { spa: string } | { event: string };
function visit(at: number, steps: Step[], zone = NY, arrival = "https://www.google.com/"): Incoming[] {
  const out: Incoming[] = [];
  let page: string | null = null;
  let r: string | undefined;
  let time = at;
  for (const step of steps) {
    time += 1_000;
    if ("event" in step) {
      out.push({ kind: "event", body: { d: SITE, p: page!, n: step.event, r, z: zone, w: 1440 }, time, ua: CHROME_UA });
      continue;
    }
    if (page) out.push({ kind: "leave", body: { d: SITE, p: page, v: 5_000, b: 1_000, x: 0, r, z: zone, w: 1440 }, time, ua: CHROME_UA });
    const arriving = page === null;
    r = "load" in step ? (arriving ? arrival : `https://${SITE}${page}?ref=x`) : `${page}?`;
    page = "load" in step ? step.load : step.spa;
    out.push({ kind: "view", body: { d: SITE, p: `${page}?`, r, z: zone, w: 1440, b: 10_000, u: arriving ? 1 : 0 }, time, ua: CHROME_UA });
  }
  out.push({ kind: "leave", body: { d: SITE, p: page!, v: 5_000, b: 1_000, x: 0, r, z: zone, w: 1440 }, time: time + 1_000, ua: CHROME_UA });
  return out;
}
const times = (n: number, make: (i: number) => Incoming[]) => Array.from({ length: n }, (_, i) => make(i)).flat();

const FULL = [{ load: "/" }, { load: "/pricing" }, { load: "/signup" }, { load: "/thanks" }];
const SPA = [{ load: "/" }, { spa: "/pricing" }, { spa: "/signup" }, { event: "signup" }, { spa: "/thanks" }];

const today = () => localTime(TZ, Date.now()).day;
const range = (from: number, to: number) => `startKey=${addDays(today(), -from)}&endKey=${addDays(today(), -to)}`;
const funnelStats = async (id: number, query: string, cookie = owner) => {
  const res = await call(server.app, "GET", `/api/stats?domain=${SITE}&${query}&dataType=FUNNEL&funnel=${id}`, { cookie });
  expect(res.status).toBe(200);
  return res.json.funnel as FunnelResult;
};
const counts = (f: FunnelResult) => f.steps.map((s) => s.count);

let pages: Funnel;
let throughEvent: Funnel;

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  ({ owner, other } = await ownerOtherAdmin(server, ["pro"]));
  expect((await as(owner)("POST", "/api/domains", { domain: SITE, tz: "UTC" })).status).toBe(201);
  expect((await as(other)("POST", "/api/domains", { domain: "elsewhere.example.com", tz: "UTC" })).status).toBe(201);
  // NOTE: a zone where it is about noon (no day boundary near the test), which the domains API offers not.
  await server.db.sql`UPDATE domains SET tz = ${TZ}, verified_at = now(), created = now() - interval '60 days' WHERE name = ${SITE}`;
  for (const [name, kind, match] of [["Home", "page", "/"], ["Pricing", "page", "/pricing"], ["Sign-up page", "page", "/signup"], ["Thanks", "page", "/thanks/"], ["Signed up", "event", "signup"]] as const) {
    const res = await as(owner)("POST", `/api/domains/${SITE}/goals`, { name, kind, match });
    expect(res.status).toBe(201);
    goals[name] = res.json.goal;
  }
  const now = Date.now();
  const days = (n: number, i: number) => now - n * DAY_MS + i * 60_000;
  await ingest(server.db.sql, [
    // Three days ago: 5 full loads through, 3 who stop at pricing, 2 SPA visits from Paris with the
    // sign-up event, and 4 who land on /signup from elsewhere and go on to /thanks.
    ...times(5, (i) => visit(days(3, i), FULL)),
    ...times(3, (i) => visit(days(3, 10 + i), FULL.slice(0, 2))),
    ...times(2, (i) => visit(days(3, 20 + i), SPA, PARIS)),
    ...times(4, (i) => visit(days(3, 30 + i), FULL.slice(2))),
    // The period before (days 7 to 13 ago): 2 who stop at pricing.
    ...times(2, (i) => visit(days(10, i), FULL.slice(0, 2))),
    // Today, ten minutes ago: one more through, in raw hits.
    ...visit(now - 10 * 60_000, FULL),
  ]);
  await refreshAggregates(server.db.sql);
  const add = async (name: string, steps: string[]) => {
    const res = await as(owner)("POST", base, { name, steps: steps.map((s) => goals[s]!.id) });
    expect(res.status).toBe(201);
    return res.json.funnel as Funnel;
  };
  pages = await add("Pages", ["Home", "Pricing", "Sign-up page", "Thanks"]);
  throughEvent = await add("Through the event", ["Pricing", "Signed up", "Thanks"]);
}, 120_000);
afterAll(() => server?.stop());

describe("FUNNEL", () => {
  test("each step counts the hits that came straight from the step before, at most the step before's", async () => {
    const f = await funnelStats(pages.id, range(6, 1));
    expect(f).toMatchObject({ id: pages.id, name: "Pages" });
    // Home: 5 + 3 + 2; Pricing from Home: the same 10; Sign-up from Pricing: 5 + 2; Thanks from
    // Sign-up: 5 + 2 + the 4 who landed on /signup, capped at 7.
    expect(counts(f)).toEqual([10, 10, 7, 7]);
    expect(f.steps.map((s) => [s.conversion, s.dropOff, s.estimate])).toEqual([[null, null, false], [1, 0, false], [0.7, 3, false], [1, 0, false]]);
    expect(f.overall).toBe(0.7);
    expect(f.steps.map((s) => s.goal.name)).toEqual(["Home", "Pricing", "Sign-up page", "Thanks"]);
    // The previous period had 2 at Home and Pricing and none further.
    expect(f.steps.map((s) => s.c)).toEqual([400, 400, null, null]);
  });

  test("grams follow the counted page views' bytes, their leave beacons' with them; a capped step keeps its share", async () => {
    const f = await funnelStats(pages.id, range(6, 1));
    const perByte = f.steps[0]!.grams! / (10 * 11_000);
    expect(perByte).toBeGreaterThan(0);
    expect(f.steps[1]!.grams! / perByte).toBeCloseTo(10 * 11_000, 3);
    expect(f.steps[2]!.grams! / perByte).toBeCloseTo(7 * 11_000, 3);
    // Thanks from Sign-up: 11 views' bytes, 7 of them counted.
    expect(f.steps[3]!.grams! / perByte).toBeCloseTo(7 * 11_000, 3);
  });

  test("after an event step the count is an estimate through the pages the event was sent on", async () => {
    const f = await funnelStats(throughEvent.id, range(6, 1));
    // Pricing: 10 views; the event, sent on /signup reached from /pricing: 2; Thanks from /signup
    // (11 views) at most the 2 events sent there.
    expect(counts(f)).toEqual([10, 2, 2]);
    expect(f.steps.map((s) => s.estimate)).toEqual([false, false, true]);
    expect(f.steps[1]!.grams).toBeNull();
  });

  test("today's raw hits count as the stored days do, and a filter narrows every step", async () => {
    expect(counts(await funnelStats(pages.id, range(0, 0)))).toEqual([1, 1, 1, 1]);
    expect(counts(await funnelStats(pages.id, range(6, 0)))).toEqual([11, 11, 8, 8]);
    const paris = encodeURIComponent(JSON.stringify([["is", "country", ["FR"]]]));
    expect(counts(await funnelStats(pages.id, `${range(6, 0)}&filters=${paris}`))).toEqual([2, 2, 2, 2]);
  });

  test("a page reached by the site's router stores the path before it, never a referrer or source", async () => {
    const rows = await server.db.sql<{ from: string | null; source: string | null; host: string | null }[]>`
      SELECT DISTINCT from_path AS from, source, referrer_host AS host FROM hits h JOIN domains d ON d.id = h.site_id
      WHERE d.name = ${SITE} AND kind = 1 AND path = '/thanks'`;
    expect([...rows]).toEqual([{ from: "/signup", source: null, host: null }]);
  });

  test("GOALS lists the funnels, so a public dashboard picks one and reads it as the owner does", async () => {
    expect((await as(owner)("PATCH", `/api/domains/${SITE}`, { public: true })).status).toBe(200);
    const [{ id } = { id: "" }] = await server.db.sql<{ id: string }[]>`SELECT public_id AS id FROM domains WHERE name = ${SITE}`;
    const listed = await call(server.app, "GET", `/api/stats-public?id=${id}&${range(6, 1)}&dataType=GOALS`);
    expect(listed.json.funnels.map((f: Funnel) => [f.id, f.name])).toEqual([[pages.id, "Pages"], [throughEvent.id, "Through the event"]]);
    const open = await call(server.app, "GET", `/api/stats-public?id=${id}&${range(6, 1)}&dataType=FUNNEL&funnel=${pages.id}`);
    expect(open.json.funnel).toEqual(await funnelStats(pages.id, range(6, 1)));
  });

  test("asked wrong: no funnel id is a 400, another domain's funnel a 404, and without Pro it is locked", async () => {
    const none = await call(server.app, "GET", `/api/stats?domain=${SITE}&${range(6, 1)}&dataType=FUNNEL`, { cookie: owner });
    expect(none.json.error).toMatchObject({ status: 400, message: "funnel (a funnel's id) is required with dataType=FUNNEL." });
    const theirs = await call(server.app, "GET", `/api/stats?domain=${SITE}&${range(6, 1)}&dataType=FUNNEL&funnel=999999`, { cookie: owner });
    expect(theirs.json.error).toMatchObject({ status: 404, message: "No such funnel." });
    await server.db.sql`UPDATE users SET scope = '{}' WHERE email = 'owner@example.com'`;
    const free = await call(server.app, "GET", `/api/stats?domain=${SITE}&${range(6, 1)}&dataType=FUNNEL&funnel=${pages.id}`, { cookie: owner });
    await server.db.sql`UPDATE users SET scope = '{pro}' WHERE email = 'owner@example.com'`;
    expect(free.json.funnel).toBe("locked");
  });
});

describe("the owner's funnels", () => {
  const list = async () => (await as(owner)("GET", base)).json.funnels as Funnel[];

  test("listed by name, renamed, given other steps and deleted", async () => {
    expect((await list()).map((f) => [f.name, f.steps])).toEqual([
      ["Pages", ["Home", "Pricing", "Sign-up page", "Thanks"].map((g) => goals[g]!.id)],
      ["Through the event", ["Pricing", "Signed up", "Thanks"].map((g) => goals[g]!.id)],
    ]);
    const added = await as(owner)("POST", base, { name: " Short ", steps: [goals.Home!.id, goals.Thanks!.id] });
    expect(added.json.funnel).toEqual({ id: expect.any(Number), name: "Short", steps: [goals.Home!.id, goals.Thanks!.id], createdAt: expect.any(String) });
    const id = added.json.funnel.id;
    const changed = await as(owner)("PATCH", `${base}/${id}`, { steps: [goals.Pricing!.id, goals.Thanks!.id] });
    expect(changed.json.funnel).toMatchObject({ name: "Short", steps: [goals.Pricing!.id, goals.Thanks!.id] });
    expect((await as(owner)("POST", base, { name: "SHORT", steps: [goals.Home!.id, goals.Thanks!.id] })).status).toBe(409);
    expect((await as(owner)("DELETE", `${base}/${id}`)).status).toBe(204);
    expect((await as(owner)("DELETE", `${base}/${id}`)).json.error.message).toBe("No such funnel.");
  });

  test("bad steps are a 400 naming them, and store nothing", async () => {
    const before = await list();
    const [theirs] = await server.db.sql<{ id: number }[]>`
      INSERT INTO goals (domain_id, name, kind, match) SELECT id, 'Theirs', 'page', '/' FROM domains WHERE name = 'elsewhere.example.com' RETURNING id::int`;
    for (const [steps, message] of [
      [[goals.Home!.id], "A funnel has 2 to 8 steps."],
      [Array(9).fill(0).map((_, i) => (i % 2 ? goals.Home!.id : goals.Thanks!.id)), "A funnel has 2 to 8 steps."],
      [[goals.Home!.id, goals.Home!.id], "A step cannot be the same goal as the step before it."],
      [[goals.Home!.id, theirs!.id], `Step 2 (goal ${theirs!.id}) is not one of this domain's goals.`],
    ] as const) {
      const res = await as(owner)("POST", base, { name: "Bad", steps });
      expect(res.json.error).toMatchObject({ status: 400, message, fields: { steps: message } });
    }
    expect(await list()).toEqual(before);
  });

  test("a goal a funnel uses is kept: its delete is a 409 naming the funnel", async () => {
    const res = await as(owner)("DELETE", `/api/domains/${SITE}/goals/${goals["Signed up"]!.id}`);
    expect(res.json.error).toMatchObject({ status: 409, message: 'The funnel "Through the event" has this goal as a step. Take it out of the funnel first.' });
    expect((await as(owner)("GET", `/api/domains/${SITE}/goals`)).json.goals).toHaveLength(5);
  });

  test("another account: 404 for the domain's funnels, and nothing changes", async () => {
    const before = await list();
    for (const res of [
      await as(other)("GET", base),
      await as(other)("POST", base, { name: "Mine", steps: [goals.Home!.id, goals.Thanks!.id] }),
      await as(other)("DELETE", `${base}/${pages.id}`),
    ]) expect(res.json.error).toMatchObject({ status: 404, message: "No such domain." });
    expect(await list()).toEqual(before);
  });
});
