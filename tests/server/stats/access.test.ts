// Who reads which stats: owner, other user, admin, public id with
// and without password, API keys (valid, revoked, another's domain, holder not Pro, rate limit) and
// signed out — with statuses, the one error shape, and the validated fields. Plans apply (BETA=0).
// NOTE: the numbers are readStats' business (exact.test.ts and its neighbours); these tests
// assert who gets an answer and what its envelope says.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, dayKey, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { ingest, traffic } from "../../helpers/stats";
import { refreshAggregates } from "../../../src/hits";
import { DAY_MS } from "../../../src/shared/days";
import type { CampaignRow, RefStats } from "../../../src/shared/stats";

let server: Awaited<ReturnType<typeof startTestServer>>;
const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
// NOTE: a recent range: free plans read only the last 30 days.
const START = dayKey(7);
const END = dayKey(1);
const RANGE = `startKey=${START}&endKey=${END}`;
let owner: string;
let other: string;
let admin: string;
let publicId: { closed: string; open: string; locked: string; guessed: string; crowded: string };

const signUp = (email: string) => verifiedSession(server, email, PASSWORD);
const setScope = (email: string, scope: string[]) => server.db.sql`UPDATE users SET scope = ${scope} WHERE email = ${email}`;
const post = (cookie: string, path: string, body: unknown) => call(server.app, "POST", path, { cookie, headers: SAME, body });
const patch = (cookie: string, path: string, body: unknown) => call(server.app, "PATCH", path, { cookie, headers: SAME, body });
const newKey = async (cookie: string) => (await post(cookie, "/api/api-keys", { name: "script" })).json.apiKey as { id: string; key: string };
const idOf = async (name: string) => (await server.db.sql`SELECT public_id FROM domains WHERE name = ${name}`)[0]!.public_id as string;

const stats = (query: string, opts: { cookie?: string; token?: string; headers?: Record<string, string> } = {}) =>
  call(server.app, "GET", `/api/stats?${query}`, opts);
const publicStats = (id: string, password?: string) =>
  call(server.app, "GET", `/api/stats-public?id=${id}&${RANGE}&dataType=SUMMARY`, {
    headers: password === undefined ? {} : { "x-dashboard-password": password },
  });
const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

const expectError = (res: { status: number; json: any }, status: number, message?: string) => {
  expect(res.status).toBe(status);
  // NOTE: plain checks, not toMatchObject with expect.any: bun writes the matchers into `received`.
  expect(Object.keys(res.json.error).sort()).toEqual(res.json.error.fields ? ["code", "fields", "message", "status"] : ["code", "message", "status"]);
  expect(res.json.error.status).toBe(status);
  expect(typeof res.json.error.code).toBe("string");
  if (message !== undefined) expect(res.json.error.message).toBe(message);
};

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0", API_RATE_LIMIT: "5" } });
  owner = await signUp("owner@example.com");
  other = await signUp("other@example.com");
  admin = await signUp("admin@example.com");
  await setScope("owner@example.com", ["pro"]);
  await setScope("admin@example.com", ["admin"]);
  for (const d of ["mine.example.com", "shared.example.com", "locked.example.com", "guessed.example.com", "crowded.example.com"]) {
    expect((await post(owner, "/api/domains", { domain: d, tz: "Asia/Kolkata" })).status).toBe(201);
  }
  expect((await post(other, "/api/domains", { domain: "theirs.example.com" })).status).toBe(201);
  // NOTE: only a verified domain may be shared; verification itself is tests/server/domains' business.
  await server.db.sql`UPDATE domains SET verified_at = now()`;
  await patch(owner, "/api/domains/shared.example.com", { public: true });
  await patch(owner, "/api/domains/locked.example.com", { public: true, password: "open sesame please" });
  await patch(owner, "/api/domains/guessed.example.com", { public: true, password: "open sesame please" });
  await patch(owner, "/api/domains/crowded.example.com", { public: true, password: "open sesame please" });
  publicId = {
    closed: await idOf("mine.example.com"),
    open: await idOf("shared.example.com"),
    locked: await idOf("locked.example.com"),
    guessed: await idOf("guessed.example.com"),
    crowded: await idOf("crowded.example.com"),
  };
});
afterAll(() => server.stop());

describe("GET /api/stats with a session", () => {
  test("the owner reads their domain: validated names it, in its time zone, admin is false, and every list has a type", async () => {
    // A few lists' types: the rest must only exist, with `count`'s keys.
    const types = {
      SUMMARY: { country: "country", language: "language", perf: "page" },
      PATH: { path: "page", energy: "page", events: "event" },
      REF: { result: "referrer", campaign: "campaign" },
    };
    for (const dataType of ["SUMMARY", "PATH", "REF"] as const) {
      const res = await stats(`domain=mine.example.com&${RANGE}&dataType=${dataType}`, { cookie: owner });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ dataType, admin: false, error: null });
      expect(res.json.validated).toMatchObject({
        SK: "mine.example.com", tz: "Asia/Kolkata", publicID: publicId.closed, startKey: START, endKey: END,
        pro: true, historyDays: null, demo: false,
      });
      expect(Object.keys(res.json.count).length).toBeGreaterThan(1);
      expect(Object.keys(res.json.type).sort()).toEqual(Object.keys(res.json.count).sort());
      expect(res.json.type).toMatchObject(types[dataType]);
    }
  });

  test("start/end times are the range too, read as the domain's local days; a key wins over a time", async () => {
    // 20:00 UTC is 01:30 the next day in Asia/Kolkata (UTC+05:30).
    const start = Date.parse(`${dayKey(8)}T20:00:00Z`);
    const end = Date.parse(`${dayKey(2)}T20:00:00Z`);
    const res = await stats(`domain=mine.example.com&start=${start}&end=${end}&dataType=SUMMARY`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.json.validated).toMatchObject({ startKey: START, endKey: END });
    const keyed = await stats(`domain=mine.example.com&startKey=${START}&start=${end}&end=${end}&dataType=SUMMARY`, { cookie: owner });
    expect(keyed.json.validated).toMatchObject({ startKey: START, endKey: END });
  });

  test("an API client signed in with x-access-token reads the same", async () => {
    const signin = await call(server.app, "POST", "/api/signin", { body: { email: "owner@example.com", password: PASSWORD, tokens: true } });
    const res = await stats(`domain=mine.example.com&${RANGE}&dataType=SUMMARY`, { token: signin.json.token.accessToken });
    expect(res.status).toBe(200);
    expect(res.json.validated.SK).toBe("mine.example.com");
  });

  test("another user's domain, an unknown one and a deleted one all answer the same 404", async () => {
    const bodies = [];
    for (const domain of ["theirs.example.com", "nowhere.example.com"]) {
      const res = await stats(`domain=${domain}&${RANGE}&dataType=SUMMARY`, { cookie: owner });
      expectError(res, 404, "No such domain.");
      bodies.push(res.json);
    }
    await server.db.sql`UPDATE domains SET deleted_at = now() WHERE name = 'theirs.example.com'`;
    const deleted = await stats(`domain=theirs.example.com&${RANGE}&dataType=SUMMARY`, { cookie: other });
    await server.db.sql`UPDATE domains SET deleted_at = NULL WHERE name = 'theirs.example.com'`;
    expectError(deleted, 404, "No such domain.");
    expect(bodies[0]).toEqual(bodies[1]);
  });

  test("an admin reads anyone's domain and is told so", async () => {
    const res = await stats(`domain=theirs.example.com&${RANGE}&dataType=SUMMARY`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json.admin).toBe(true);
    expect(res.json.validated.SK).toBe("theirs.example.com");
  });

  test("signed out answers 401, whether or not the domain exists", async () => {
    expectError(await stats(`domain=mine.example.com&${RANGE}&dataType=SUMMARY`), 401, "Please sign in.");
    expectError(await stats(`domain=nowhere.example.com&${RANGE}&dataType=SUMMARY`), 401, "Please sign in.");
  });

  test("a free owner's domain has Energy & Carbon and Events locked and 30 days of history", async () => {
    const res = await stats(`domain=theirs.example.com&${RANGE}&dataType=PATH`, { cookie: other });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ energy: "locked", events: "locked", carbonTotals: "locked" });
    // Locked lists keep their type: the contract's keys do not depend on the plan.
    expect(res.json.type).toEqual({ path: "page", energy: "page", events: "event" });
    expect(res.json.validated).toMatchObject({ pro: false, historyDays: 30 });
    const pro = await stats(`domain=mine.example.com&${RANGE}&dataType=PATH`, { cookie: owner });
    expect(Array.isArray(pro.json.energy)).toBe(true);
    // NOTE: the green check's provider refuses (TEST_ENV), so hosting is unknown, not "not green".
    expect(pro.json.carbonTotals.green).toBe("unknown");
  });
});

describe("bad input answers 400 in the one error shape", () => {
  const SEVERAL = "Ask for the entry pages of one referrer, one page or one campaign, not several.";
  const cases: [string, string, string?][] = [
    ["no domain", `${RANGE}&dataType=SUMMARY`],
    ["no startKey", `domain=mine.example.com&endKey=${END}&dataType=SUMMARY`, "startKey (or start, a time in milliseconds) is required."],
    ["a start past what a date holds", `domain=mine.example.com&endKey=${END}&start=9e15&dataType=SUMMARY`],
    ["no dataType", `domain=mine.example.com&${RANGE}`],
    ["an unknown dataType", `domain=mine.example.com&${RANGE}&dataType=EVERYTHING`, "dataType must be SUMMARY, PATH, REF, GOALS, FUNNEL or SPEED."],
    ["a date that is not YYYY-MM-DD", `domain=mine.example.com&startKey=yesterday&endKey=${END}&dataType=SUMMARY`, "startKey must be a day of the calendar from 2000 to 2100 as YYYY-MM-DD."],
    ["a day that does not exist", "domain=mine.example.com&startKey=2026-02-30&endKey=2026-03-01&dataType=SUMMARY", "startKey must be a day of the calendar from 2000 to 2100 as YYYY-MM-DD."],
    ["a month that does not exist", "domain=mine.example.com&startKey=2026-01-01&endKey=2026-13-01&dataType=SUMMARY", "endKey must be a day of the calendar from 2000 to 2100 as YYYY-MM-DD."],
    ["start that is not a number", `domain=mine.example.com&${RANGE}&dataType=SUMMARY&start=soon`],
    ["entries neither all nor none", `domain=mine.example.com&${RANGE}&dataType=REF&entries=some`, "entries must be all or none."],
    ["an empty referrer", `domain=mine.example.com&${RANGE}&dataType=REF&referrer=`],
    ["a referrer and a page at once", `domain=mine.example.com&${RANGE}&dataType=REF&referrer=t.co&page=%2F`, SEVERAL],
    ["an empty campaign", `domain=mine.example.com&${RANGE}&dataType=REF&campaign=`, "campaign must be a campaign's name (1–200 characters)."],
    ["a campaign too long", `domain=mine.example.com&${RANGE}&dataType=REF&campaign=${"c".repeat(201)}`, "campaign must be a campaign's name (1–200 characters)."],
    ["a campaign and a referrer at once", `domain=mine.example.com&${RANGE}&dataType=REF&campaign=spring&referrer=t.co`, SEVERAL],
  ];
  for (const [what, query, message] of cases) {
    test(what, async () => expectError(await stats(query, { cookie: owner }), 400, message));
  }

  test("the public endpoint validates the same way", async () => {
    expectError(await call(server.app, "GET", `/api/stats-public?${RANGE}&dataType=SUMMARY`), 400);
    expectError(await call(server.app, "GET", `/api/stats-public?id=${publicId.open}&startKey=2026-02-29&endKey=2026-03-01&dataType=REF`), 400);
  });
});

describe("REF's entry pages, asked for as the dashboard does", () => {
  const DOMAIN = "campaigns.example.com";
  let shownId: string;
  const ref = async (extra: string): Promise<RefStats> => {
    const res = await stats(`domain=${DOMAIN}&${RANGE}&dataType=REF${extra}`, { cookie: owner });
    expect(res.status).toBe(200);
    return res.json;
  };
  const bare = (rows: CampaignRow[]) => rows.map((c) => ({ ...c, path: [] }));

  beforeAll(async () => {
    expect((await post(owner, "/api/domains", { domain: DOMAIN, tz: "Asia/Kolkata" })).status).toBe(201);
    await server.db.sql`UPDATE domains SET verified_at = now() WHERE name = ${DOMAIN}`;
    await patch(owner, `/api/domains/${DOMAIN}`, { public: true });
    shownId = await idOf(DOMAIN);
    const now = Date.now();
    await ingest(server.db.sql, traffic(DOMAIN, now - 8 * DAY_MS, now - 10 * 60_000, 1500, 5));
    await refreshAggregates(server.db.sql);
  }, 120_000);

  test("campaign= fills that campaign's path alone, equal to the full answer's, for the owner and on a public dashboard", async () => {
    const all = await ref("");
    expect(all.campaign.length).toBeGreaterThan(2);
    for (const c of [all.campaign[0]!, all.campaign.at(-1)!]) {
      expect(c.path.length).toBeGreaterThan(0);
      const one = await ref(`&campaign=${encodeURIComponent(c.label)}`);
      expect(one.campaign).toEqual(bare(all.campaign).map((b) => (b.label === c.label ? c : b)));
      expect(one.path).toEqual({});
      expect(one.result).toEqual(all.result);
    }
    const [top] = all.campaign;
    const shown = await call(server.app, "GET", `/api/stats-public?id=${shownId}&${RANGE}&dataType=REF&campaign=${encodeURIComponent(top!.label)}`);
    expect(shown.status).toBe(200);
    expect((shown.json as RefStats).campaign.map((c) => c.path)).toEqual(all.campaign.map((c) => (c === top ? c.path : [])));
  });

  test("entries=none leaves out every campaign's pages and the referrers'; an unknown campaign has none", async () => {
    const all = await ref("");
    const none = await ref("&entries=none");
    expect(none.path).toEqual({});
    expect(none.campaign).toEqual(bare(all.campaign));
    expect((await ref("&campaign=no-such-campaign")).campaign).toEqual(bare(all.campaign));
  });
});

describe("GET /api/stats-public", () => {
  test("a public dashboard answers anyone, never as admin", async () => {
    const res = await publicStats(publicId.open);
    expect(res.status).toBe(200);
    expect(res.json.admin).toBe(false);
    expect(res.json.validated).toMatchObject({ publicID: publicId.open, tz: "Asia/Kolkata" });
  });

  test("no dataType's answer names the domain", async () => {
    for (const dataType of ["SUMMARY", "PATH", "REF"]) {
      const res = await call(server.app, "GET", `/api/stats-public?id=${publicId.open}&${RANGE}&dataType=${dataType}`);
      expect(res.status).toBe(200);
      expect("SK" in res.json.validated).toBe(false);
      expect(Object.keys(res.json.type).sort()).toEqual(Object.keys(res.json.count).sort());
      expect(res.text).not.toContain("shared.example");
    }
  });

  test("the owner replaces the public id: the old one stops working, the new one answers", async () => {
    const rotated = await post(owner, "/api/domains/shared.example.com/public-id", {});
    expect(rotated.status).toBe(200);
    const fresh = rotated.json.publicID as string;
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(publicId.open);
    expectError(await publicStats(publicId.open), 404, "No such domain.");
    expect((await publicStats(fresh)).status).toBe(200);
    // Only the owner can: another account's try is a 404, and changes nothing.
    expectError(await post(other, "/api/domains/shared.example.com/public-id", {}), 404, "No such domain.");
    expect(await idOf("shared.example.com")).toBe(fresh);
    publicId.open = fresh;
  });

  test("a domain that is not public, and an unknown id, answer 404", async () => {
    expectError(await publicStats(publicId.closed), 404, "No such domain.");
    expectError(await publicStats("0123456789abcdef0123456789abcdef"), 404, "No such domain.");
  });

  test("a protected dashboard asks for its password, refuses a wrong one, and opens with the right one", async () => {
    const none = await publicStats(publicId.locked);
    expectError(none, 401, "This dashboard is protected by a password.");
    expect(none.json.error.code).toBe("password-required");
    const wrong = await publicStats(publicId.locked, "open sesame");
    expectError(wrong, 401, "Wrong password.");
    expect(wrong.json.error.code).toBe("wrong-password");
    const right = await publicStats(publicId.locked, "open sesame please");
    expect(right.status).toBe(200);
    expect(right.json.validated.publicID).toBe(publicId.locked);
    expect("SK" in right.json.validated).toBe(false);
  });

  test("wrong guesses are throttled per dashboard and client, then refused with Retry-After", async () => {
    let res = await publicStats(publicId.guessed, "guess 0");
    for (let i = 1; i < 12 && res.status === 401; i++) res = await publicStats(publicId.guessed, `guess ${i}`);
    expectError(res, 429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Even the right password waits out the window: a guesser cannot tell when they hit it.
    expect((await publicStats(publicId.guessed, "open sesame please")).status).toBe(429);
    // Another dashboard is not affected.
    expect((await publicStats(publicId.locked, "open sesame please")).status).toBe(200);
  });

  test("concurrent guesses count against each other: of forty at once, ten are checked", async () => {
    // NOTE: every guess is wrong. Guesses are charged in the order their domain lookups end, which on
    // a server's connection pool is not the order they were sent; a right password among them would be
    // one of the ten checked or not by chance, and when checked it is let in, as it should be.
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => publicStats(publicId.crowded, `guess ${i}`)));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(30);
    // The right password right after the burst: refused with the guesses, not let through.
    expect((await publicStats(publicId.crowded, "open sesame please")).status).toBe(429);
  }, 30_000);
});

describe("the Pro API: Authorization: Bearer <key>", () => {
  test("a valid key reads its holder's domain", async () => {
    const { key } = await newKey(owner);
    const res = await stats(`domain=mine.example.com&${RANGE}&dataType=REF`, bearer(key));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ dataType: "REF", admin: false });
  });

  test("a revoked key, an unknown key and another scheme answer 401", async () => {
    const { id, key } = await newKey(owner);
    expect((await call(server.app, "DELETE", `/api/api-keys/${id}`, { cookie: owner, headers: SAME })).status).toBe(200);
    expectError(await stats(`domain=mine.example.com&${RANGE}&dataType=SUMMARY`, bearer(key)), 401);
    expectError(await stats(`domain=mine.example.com&${RANGE}&dataType=SUMMARY`, bearer(`bothy_${"x".repeat(43)}`)), 401);
    const basic = await stats(`domain=mine.example.com&${RANGE}&dataType=SUMMARY`, { headers: { authorization: "Basic b3duZXI6cHc=" } });
    expectError(basic, 401, "Send the API key as Authorization: Bearer <key>.");
  });

  test("a key never opens another user's domain, not even beside the holder's session", async () => {
    const { key } = await newKey(owner);
    expectError(await stats(`domain=theirs.example.com&${RANGE}&dataType=SUMMARY`, bearer(key)), 404, "No such domain.");
    // An admin's key is still only a key: admins read others' domains in the browser, not through the API.
    await setScope("owner@example.com", ["pro", "admin"]);
    const asAdmin = await stats(`domain=theirs.example.com&${RANGE}&dataType=SUMMARY`, bearer(key));
    await setScope("owner@example.com", ["pro"]);
    expectError(asAdmin, 404, "No such domain.");
  });

  test("a key whose holder is no longer Pro answers 403", async () => {
    await setScope("other@example.com", ["pro"]);
    const { key } = await newKey(other);
    await setScope("other@example.com", []);
    expectError(await stats(`domain=theirs.example.com&${RANGE}&dataType=SUMMARY`, bearer(key)), 403, "The API is a Pro feature.");
  });

  test("each key has API_RATE_LIMIT requests an hour, then 429 with Retry-After", async () => {
    const { key } = await newKey(owner);
    for (let i = 0; i < 5; i++) expect((await stats(`domain=mine.example.com&${RANGE}&dataType=SUMMARY`, bearer(key))).status).toBe(200);
    const over = await stats(`domain=mine.example.com&${RANGE}&dataType=SUMMARY`, bearer(key));
    expectError(over, 429);
    const wait = Number(over.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    // Another key of the same holder has its own window, and sessions are not limited.
    expect((await stats(`domain=mine.example.com&${RANGE}&dataType=SUMMARY`, bearer((await newKey(owner)).key))).status).toBe(200);
    expect((await stats(`domain=mine.example.com&${RANGE}&dataType=SUMMARY`, { cookie: owner })).status).toBe(200);
  });
});

describe("the API is documented", () => {
  test("/api/docs/json lists the stats endpoints with their parameters and the key scheme", async () => {
    const res = await call(server.app, "GET", "/api/docs/json");
    expect(res.status).toBe(200);
    const stats = res.json.paths["/api/stats"].get;
    const params = Object.fromEntries(stats.parameters.map((p: { name: string; in: string; required: boolean }) => [p.name, [p.in, p.required]]));
    expect(params).toMatchObject({
      domain: ["query", true], startKey: ["query", false], endKey: ["query", false], start: ["query", false], end: ["query", false],
      dataType: ["query", true], authorization: ["header", false],
    });
    expect(stats.parameters.find((p: { name: string }) => p.name === "dataType").schema.enum).toEqual(["SUMMARY", "PATH", "REF", "GOALS", "FUNNEL", "SPEED"]);
    expect(stats.security).toContainEqual({ apiKey: [] });
    expect(Object.keys(stats.responses)).toEqual(["200", "400", "401", "403", "404", "429"]);
    expect(res.json.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    // Beside the stats, what a Pro key also reads and writes: goals and funnels, imports and sites; and a
    // signed-in session's webhooks; nothing else.
    expect(Object.keys(res.json.paths).sort()).toEqual([
      "/api/domains/{domain}/funnels", "/api/domains/{domain}/funnels/{id}", "/api/domains/{domain}/goals", "/api/domains/{domain}/goals/{id}",
      "/api/domains/{domain}/webhooks", "/api/domains/{domain}/webhooks/{id}", "/api/domains/{domain}/webhooks/{id}/test",
      "/api/get-tweet", "/api/imports", "/api/imports/{id}", "/api/realtime", "/api/sites", "/api/sites/{domain}",
      "/api/sites/{domain}/members", "/api/sites/{domain}/members/{email}", "/api/stats", "/api/stats-public",
    ]);
    expect(Object.keys(res.json.paths["/api/imports"])).toEqual(expect.arrayContaining(["get", "post"]));
    const realtime = res.json.paths["/api/realtime"].get;
    expect(realtime.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["authorization", "domain", "id", "x-dashboard-password"]);
    expect(realtime.description).toContain("text/event-stream");
    expect(res.json.paths["/api/domains/{domain}/webhooks"].post).toMatchObject({ tags: ["Webhooks"], security: [{ session: [] }] });
    // The list fields of the contract (src/shared/stats.ts ListRow) and the AI source class.
    expect(Object.keys(res.json.components.schemas.ListRow.properties)).toEqual(expect.arrayContaining(
      ["label", "value", "pc", "c", "children", "direct", "utm", "name", "totalConversionRate", "uniqueConversionRate"],
    ));
    expect(res.json.components.schemas.ConversionRate.required).toEqual(["value", "parentLabel"]);
    expect(Object.keys(res.json.components.schemas.SourceClasses.properties)).toContain("ai");
    expect(Object.keys(res.json.components.schemas.SourceClasses.properties)).toContain("jobs");
    expect(res.json.components.schemas.ListTypes.additionalProperties.enum).toEqual(
      ["country", "language", "browser", "os", "page", "event", "referrer", "campaign"],
    );
    expect(stats.responses["200"].description).toContain("`type` (ListTypes)");
    expect(res.json.components.schemas.TimePoint.required).toEqual(["x", "y"]);
    expect(res.json.components.schemas.GoalRow.required).toEqual(expect.arrayContaining(["kind", "match", "conversions", "rate", "valueSum", "co2PerConversion", "c"]));
    expect(stats.responses["200"].description).toContain("GoalRow");
    expect(stats.responses["200"].description).toContain("SpeedRow");
    expect(res.json.components.schemas.SpeedRow.required).toEqual(expect.arrayContaining(["lcp", "inp", "cls", "bytesAvg", "co2PerVisit"]));
    expect(res.json.components.schemas.Chart.properties.datasets.items.properties.data.items).toEqual({ $ref: "#/components/schemas/TimePoint" });
    const page = await call(server.app, "GET", "/api/docs");
    expect(page.status).toBe(200);
    expect(page.text).toContain('"url":"/api/docs/json"');
  });
});
