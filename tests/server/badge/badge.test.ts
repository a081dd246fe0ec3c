// The earned carbon badge over HTTP, outside beta (BETA=0): GET /badge/{domain}.svg draws the
// letter of the domain's last full calendar month (in its own zone, Pacific/Auckland here) and
// links to its evidence page on the configured origin whatever host the request names; the evidence
// page's figures are /api/stats's PATH answer for that month; a domain without a visit that month
// gets the grey withdrawn badge and page; a domain whose owner did not turn the badge on, whose plan
// does not include Energy & Carbon, or that does not exist is a 404, and turning it on asks for Pro
// and a verified domain; a name that is not an SVG's is a 400 in the JSON error shape.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { lastFullMonth } from "../../../src/badge/evidence";
import { refreshAggregates } from "../../../src/hits";
import { gramsText, monthLabel } from "../../../src/shared/badge";
import { addDays, localTime, utcMidnight } from "../../../src/shared/days";
import type { PathStats } from "../../../src/stats/contract";
import { call, ORIGIN, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { ingest, traffic } from "../../helpers/stats";

const PASSWORD = "a sturdy passphrase";
const SAME = { origin: ORIGIN };
const TZ = "Pacific/Auckland";
const EARNED = "earned.example";
const QUIET = "quiet.example";
const OFF = "off.example";
const FREE = "free.example";
let server: Awaited<ReturnType<typeof startTestServer>>;
let pro: string;
let free: string;
let month: ReturnType<typeof lastFullMonth>;

const settings = (cookie: string, domain: string, body: object) => call(server.app, "PATCH", `/api/domains/${domain}`, { cookie, headers: SAME, body });
/** The unrounded value of a figure of the evidence page, by its test id. */
const figure = (html: string, id: string) => {
  const m = new RegExp(`<data value="([^"]*)" data-testid="${id}">`).exec(html);
  if (!m) throw new Error(`no ${id} in the page`);
  return Number(m[1]);
};
const svg = (domain: string) => call(server.app, "GET", `/badge/${domain}.svg`);

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  pro = await verifiedSession(server, "pro@example.com", PASSWORD);
  free = await verifiedSession(server, "free@example.com", PASSWORD);
  await server.db.sql`UPDATE users SET scope = '{pro}' WHERE email = 'pro@example.com'`;
  for (const [cookie, domain] of [[pro, EARNED], [pro, QUIET], [pro, OFF], [free, FREE]] as const) {
    expect((await call(server.app, "POST", "/api/domains", { cookie, headers: SAME, body: { domain, tz: TZ } })).status).toBe(201);
  }
  await server.db.sql`UPDATE domains SET created = '2020-01-01'`;
  month = lastFullMonth(localTime(TZ, Date.now()).day);
  // NOTE: noon UTC of days well inside the month, so inside it in Auckland too; the month after
  // (this one) has hits as well, which the badge must leave out.
  const noon = (key: string) => utcMidnight(key) + 12 * 3_600_000;
  await ingest(server.db.sql, traffic(EARNED, noon(addDays(month.startKey, 2)), noon(addDays(month.startKey, 6)), 240, 5));
  await ingest(server.db.sql, traffic(EARNED, Date.now() - 3_600_000, Date.now() - 60_000, 30, 7));
  await ingest(server.db.sql, traffic(QUIET, Date.now() - 3_600_000, Date.now() - 60_000, 30, 9));
  await refreshAggregates(server.db.sql);
}, 120_000);
afterAll(() => server?.stop());

test("turning the badge on asks for a verified domain and a Pro plan", async () => {
  const unverified = await settings(pro, EARNED, { carbonBadge: true });
  expect(unverified.status).toBe(403);
  expect(unverified.json.error.message).toBe(`Verify that ${EARNED} is yours before you publish its carbon badge.`);
  await server.db.sql`UPDATE domains SET verified_at = now()`;
  const notPro = await settings(free, FREE, { carbonBadge: true });
  expect(notPro.status).toBe(403);
  expect(notPro.json.error.message).toBe("The carbon badge is a Pro feature.");
  for (const domain of [EARNED, QUIET]) {
    const on = await settings(pro, domain, { carbonBadge: true });
    expect(on.status).toBe(200);
    expect(on.json.carbonBadge).toBe(true);
  }
});

test("the SVG draws the month's letter and grams per visit and links to the evidence page on the configured origin", async () => {
  const stats = await call(server.app, "GET", `/api/stats?domain=${EARNED}&startKey=${month.startKey}&endKey=${month.endKey}&dataType=PATH`, { cookie: pro });
  expect(stats.status).toBe(200);
  const totals = (stats.json as PathStats).carbonTotals;
  if (totals === "locked") throw new Error("Energy & Carbon is locked for a Pro domain");
  expect(totals.visits).toBe(240);
  // NOTE: asked by another host name: the link still names the configured origin.
  const res = await server.app.handle(new Request(`http://elsewhere.example/badge/${EARNED}.svg`, { headers: { host: "elsewhere.example" } }));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("public, max-age=21600");
  const body = await res.text();
  expect(body.startsWith("<svg ")).toBe(true);
  expect(body).toContain(`<a href="${ORIGIN}/carbon/${EARNED}"`);
  expect(body).not.toContain("elsewhere.example");
  expect(body).toContain(`>${totals.rating} · ${gramsText(totals.avgCo2Grams)} per visit, ${monthLabel(month.month, "short")}</text>`);
});

test("the evidence page shows the month's figures as /api/stats answers them, with the model", async () => {
  const stats = await call(server.app, "GET", `/api/stats?domain=${EARNED}&startKey=${month.startKey}&endKey=${month.endKey}&dataType=PATH`, { cookie: pro });
  const totals = (stats.json as PathStats).carbonTotals;
  if (totals === "locked") throw new Error("Energy & Carbon is locked for a Pro domain");
  const page = await call(server.app, "GET", `/carbon/${EARNED}`);
  expect(page.status).toBe(200);
  const text = page.text.replace(/<!-- -->/g, "");
  expect(text).toContain(`rates <strong>${totals.rating}</strong>`);
  expect(text).toContain(`cost ${Number(totals.avgCo2Grams.toPrecision(3))} g of CO2 each`);
  expect([figure(text, "visits"), figure(text, "bytes"), figure(text, "co2"), figure(text, "co2-per-visit")])
    .toEqual([totals.visits, totals.transferredBytes, totals.co2Grams, totals.avgCo2Grams]);
  expect(figure(text, "bytes-per-visit")).toBeCloseTo(totals.transferredBytes / totals.visits, 6);
  expect(text).toContain(`<data value="${totals.rating}" data-testid="rating">`);
  expect(text).toContain(`from ${month.startKey} to ${month.endKey} in ${TZ}`);
  const version = (await Bun.file("node_modules/@tgwf/co2/package.json").json()).version as string;
  expect(text).toContain(`version ${version}`);
  expect(text).toMatch(/Grid intensity: \d+(\.\d+)? g CO2e per kWh/);
});

test("a month without a visit withdraws the badge: a grey SVG and a page that says so", async () => {
  const res = await svg(QUIET);
  expect(res.status).toBe(200);
  expect(res.text).toContain(`withdrawn · no visits in ${monthLabel(month.month, "short")}`);
  expect(res.text).toContain('fill="#6b7280"');
  const page = await call(server.app, "GET", `/carbon/${QUIET}`);
  expect(page.status).toBe(200);
  expect(page.text.replace(/<!-- -->/g, "")).toContain(`<strong>Withdrawn.</strong> No visits of ${QUIET} were recorded in ${monthLabel(month.month, "long")}`);
});

test("no badge without its owner's switch, a plan with Energy & Carbon, or a domain: 404 for both", async () => {
  await server.db.sql`UPDATE domains SET carbon_badge = true WHERE name = ${FREE}`;
  for (const domain of [OFF, FREE, "nobody.example"]) {
    const res = await svg(domain);
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe("No such badge");
    expect((await call(server.app, "GET", `/carbon/${domain}`)).status).toBe(404);
  }
  expect((await settings(pro, QUIET, { carbonBadge: false })).json.carbonBadge).toBe(false);
  expect((await svg(QUIET)).status).toBe(404);
});

test("a badge address that is not an SVG's is a 400", async () => {
  const res = await call(server.app, "GET", `/badge/${EARNED}.png`);
  expect(res.status).toBe(400);
  expect(res.json.error.message).toBe("A badge's address is /badge/example.com.svg.");
});
