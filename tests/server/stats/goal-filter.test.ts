// The goal filter on GET /api/stats: `goal is <id>` keeps the goal's own hits (a page goal's pages
// with their leave beacons and events, an event goal's events), and every figure equals the same
// figure over those raw hits, written here by hand; a goal changed answers its new slice at once
// (no cached one), a goal that is not the domain's is a 400, on /api/stats and on the export alike.
// And the PostgreSQL regex of a page pattern matches exactly the paths matchesPage does.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, dayKey, ownerOtherAdmin } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { ingest, traffic } from "../../helpers/stats";
import { refreshAggregates } from "../../../src/hits";
import { DAY_MS } from "../../../src/shared/days";
import type { Filter } from "../../../src/shared/filters";
import { matchesPage, postgresPattern, type Goal } from "../../../src/shared/goals";
import { near, referencePath, referenceSummary } from "./reference";

const DOMAIN = "converts.example.com";
const SAME = { origin: "http://bothy.test" };
const [START, END] = [dayKey(20), dayKey(1)];
let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
let site: number;
let blog: Goal;
let pro: Goal;

const as = (method: string, path: string, body?: unknown) => call(server.app, method, path, { cookie: owner, headers: SAME, body });
const stats = (dataType: string, filters: Filter[]) =>
  as("GET", `/api/stats?domain=${DOMAIN}&startKey=${START}&endKey=${END}&dataType=${dataType}&filters=${encodeURIComponent(JSON.stringify(filters))}`);

/** The API's figures of a slice beside raw hits' (reference.ts) for the hand-written `slice`. */
async function compared(dataType: "SUMMARY" | "PATH", filters: Filter[], slice: string) {
  const res = await stats(dataType, filters);
  expect(res.status).toBe(200);
  const { validated, periods: _, admin: __, error: ___, dataType: ____, ...figures } = res.json;
  expect(validated.filters).toEqual(filters);
  const want = dataType === "SUMMARY"
    ? await referenceSummary(server.db.sql, site, START, END, slice)
    : await referencePath(server.db.sql, site, START, END, "unknown", slice);
  return { got: near(figures, want), want, figures };
}

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  ({ owner } = await ownerOtherAdmin(server, ["pro"]));
  expect((await as("POST", "/api/domains", { domain: DOMAIN, tz: "UTC" })).status).toBe(201);
  await server.db.sql`UPDATE domains SET verified_at = now(), created = now() - interval '60 days'`;
  site = (await server.db.sql`SELECT id FROM domains WHERE name = ${DOMAIN}`)[0]!.id;
  blog = (await as("POST", `/api/domains/${DOMAIN}/goals`, { name: "Read the blog", kind: "page", match: "/blog/**" })).json.goal;
  pro = (await as("POST", `/api/domains/${DOMAIN}/goals`, { name: "Went Pro", kind: "event", match: "signup", value: "pro" })).json.goal;
  const now = Date.now();
  await ingest(server.db.sql, traffic(DOMAIN, now - 25 * DAY_MS, now - DAY_MS, 4000, 9, { internal: 0.2 }));
  await refreshAggregates(server.db.sql);
}, 120_000);
afterAll(() => server.stop());

describe("a page pattern in PostgreSQL", () => {
  test("matches exactly the paths matchesPage matches, whatever characters they hold", async () => {
    const patterns = ["/", "/*", "/**", "/blog/**", "/blog/*", "/blog/*/", "/docs/*/edit", "/a.b", "/a+b?", "/(x)|[y]{2}", "/$^", "/c\\d", "/é/**", "/100%", "/**/end", "/a*b**c"];
    const paths = [
      "/", "/blog", "/blog/", "/blog/x", "/blog/x/", "/blog/x/y", "/docs/v1/edit", "/docs/v1/v2/edit", "/a.b", "/aXb", "/a+b?", "/aab",
      "/(x)|[y]{2}", "/x", "/$^", "/c\\d", "/c5", "/é/ü", "/e/u", "/100%", "/1000", "/q/end", "/end", "/aZZbQQc", "/ab/c",
      "/blog/line\nbreak", "/blog/carriage\rreturn", "/blog/line\u2028sep", "/blog/para\u2029sep", "/a\nb/end", "/blog/\u{1F600}",
    ];
    const mismatches: string[] = [];
    let matched = 0;
    for (const pattern of patterns) {
      const rows = await server.db.sql<{ path: string; m: boolean }[]>`
        SELECT path, path ~ ${postgresPattern(pattern)} AS m FROM unnest(${paths}::text[]) AS path`;
      for (const { path, m } of rows) {
        if (m) matched++;
        if (m !== matchesPage(pattern, path)) mismatches.push(`${pattern} ${JSON.stringify(path)}: PostgreSQL ${m}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(matched).toBeGreaterThan(30);
  });
});

describe("goal filters on GET /api/stats", () => {
  test("a page goal keeps every hit of its pages, and is not keeps the rest", async () => {
    const is = await compared("SUMMARY", [["is", "goal", [String(blog.id)]]], "path LIKE '/blog/%'");
    expect(is.got).toEqual(is.want);
    expect(is.figures.visits.hits).toBeGreaterThan(50);
    const path = await compared("PATH", [["is", "goal", [String(blog.id)]]], "path LIKE '/blog/%'");
    expect(path.got).toEqual(path.want);
    expect(path.figures.path.every((r: { label: string }) => r.label.startsWith("/blog/"))).toBe(true);
    const not = await compared("SUMMARY", [["is_not", "goal", [String(blog.id)]]], "path NOT LIKE '/blog/%'");
    expect(not.got).toEqual(not.want);
    expect(not.figures.visits.hits).toBeGreaterThan(is.figures.visits.hits);
  });

  test("an event goal with a value keeps its events only; two goals are either", async () => {
    const converts = "kind = 3 AND event_name = 'signup' AND event_value = 'pro'";
    const path = await compared("PATH", [["is", "goal", [String(pro.id)]]], converts);
    expect(path.got).toEqual(path.want);
    expect(path.figures.events).toEqual([expect.objectContaining({ label: "signup", children: [expect.objectContaining({ label: "pro" })] })]);
    expect(path.figures.path).toEqual([]);
    const either = await compared("SUMMARY", [["is", "goal", [String(pro.id), String(blog.id)]], ["is_not", "device", ["mobile"]]],
      `(${converts} OR path LIKE '/blog/%') AND coalesce(device, 'unknown') <> 'mobile'`);
    expect(either.got).toEqual(either.want);
  });

  test("a goal changed answers its new slice at once, and a goal deleted is a 400", async () => {
    const filters: Filter[] = [["is", "goal", [String(blog.id)]]];
    const before = await stats("SUMMARY", filters);
    expect((await as("PATCH", `/api/domains/${DOMAIN}/goals/${blog.id}`, { match: "/docs/*" })).status).toBe(200);
    const after = await compared("SUMMARY", filters, "path ~ '^/docs/[^/]*$'");
    expect(after.got).toEqual(after.want);
    expect(after.figures.visits.hits).not.toBe(before.json.visits.hits);
    expect((await as("PATCH", `/api/domains/${DOMAIN}/goals/${blog.id}`, { match: "/blog/**" })).status).toBe(200);
    expect((await stats("SUMMARY", filters)).json.visits).toEqual(before.json.visits);

    const gone = (await as("POST", `/api/domains/${DOMAIN}/goals`, { name: "Gone", kind: "page", match: "/gone" })).json.goal as Goal;
    expect((await stats("SUMMARY", [["is", "goal", [String(gone.id)]]])).status).toBe(200);
    expect((await as("DELETE", `/api/domains/${DOMAIN}/goals/${gone.id}`)).status).toBe(204);
    const res = await stats("SUMMARY", [["is", "goal", [String(gone.id)]]]);
    expect([res.status, res.json.error.message]).toEqual([400, `No goal ${gone.id} on this domain.`]);
  });

  test("a goal that is not the domain's, or a contains operator, is a 400 that says so, before an export's first byte too", async () => {
    const unknown = await stats("PATH", [["is", "device", ["mobile"]], ["is_not", "goal", ["999999"]]]);
    expect([unknown.status, unknown.json.error.message, unknown.json.error.fields]).toEqual([400, "No goal 999999 on this domain.", { filters: "No goal 999999 on this domain." }]);
    const contains = await stats("SUMMARY", [["contains", "goal", [String(blog.id)]]]);
    expect([contains.status, contains.json.error.message]).toEqual([400, "filters[0]: a goal filter takes is or is_not, not contains."]);
    const exported = await as("GET", `/api/export?domain=${DOMAIN}&startKey=${START}&endKey=${END}&format=csv&filters=${encodeURIComponent('[["is","goal",["999999"]]]')}`);
    expect([exported.status, exported.json.error.message]).toEqual([400, "No goal 999999 on this domain."]);
  });
});
