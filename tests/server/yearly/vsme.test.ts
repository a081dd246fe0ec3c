// The yearly report's VSME-shaped files over HTTP: the sheet's totals are
// the report page's <data> figures and /api/stats's PATH answer for the year, its six segment rows
// add up to them, its uncertainty range holds the value and its method names SWD v4 and the pinned
// CO2.js version; the page's VSME table says the same; a slice's sheet is /api/stats's with its filters; the declaration draft is Markdown filled
// from the same figures with placeholders; and a bad year or unknown domain is a 4xx in the JSON
// error shape, a free domain's owner a 403, the signed-out sent to /signin. Nothing is written to disk.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { SESSION_COOKIE } from "../../../src/auth";
import { SWD_MODEL } from "../../../src/carbon";
import { refreshAggregates } from "../../../src/hits";
import { localTime } from "../../../src/shared/days";
import type { PathStats } from "../../../src/stats/contract";
import { call, ORIGIN, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { ingest, traffic } from "../../helpers/stats";

const PASSWORD = "a sturdy passphrase";
const SAME = { origin: ORIGIN };
const DOMAIN = "vsme.example";
const FREE_DOMAIN = "free-vsme.example";
let server: Awaited<ReturnType<typeof startTestServer>>;
let pro: string;
let free: string;
let last: number;

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0", CHROMIUM_PATH: "/nonexistent/chromium" } });
  pro = await verifiedSession(server, "pro@example.com", PASSWORD);
  free = await verifiedSession(server, "free@example.com", PASSWORD);
  await server.db.sql`UPDATE users SET scope = '{pro}' WHERE email = 'pro@example.com'`;
  expect((await call(server.app, "POST", "/api/domains", { cookie: pro, headers: SAME, body: { domain: DOMAIN, tz: "UTC" } })).status).toBe(201);
  expect((await call(server.app, "POST", "/api/domains", { cookie: free, headers: SAME, body: { domain: FREE_DOMAIN } })).status).toBe(201);
  await server.db.sql`UPDATE domains SET created = '2020-01-01'`;
  last = Number(localTime("UTC", Date.now()).day.slice(0, 4)) - 1;
  await ingest(server.db.sql, traffic(DOMAIN, Date.parse(`${last}-03-01T00:00:00Z`), Date.parse(`${last}-03-04T00:00:00Z`), 300, 5));
  await ingest(server.db.sql, traffic(DOMAIN, Date.parse(`${last}-09-10T00:00:00Z`), Date.parse(`${last}-09-12T00:00:00Z`), 200, 7));
  await refreshAggregates(server.db.sql);
}, 120_000);
afterAll(() => server?.stop());

/** The raw answer (bytes intact, unlike call's text). */
const get = (path: string, cookie?: string) =>
  server.app.handle(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} }));

/** The unrounded value of a <data> element by its test id. */
const figure = (html: string, id: string) => {
  const m = new RegExp(`<data value="([^"]*)" data-testid="${id}">`).exec(html);
  if (!m) throw new Error(`no ${id} in the page`);
  return Number(m[1]);
};

/** The sheet's rows as arrays of cell values, by their first cell. */
async function sheetRows(res: Response): Promise<Map<string, unknown[]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.getWorksheet("VSME")!;
  const rows: [string, unknown[]][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    // NOTE: segment rows share their first cell (the segment): keyed by segment and phase.
    const key = typeof values[1] === "string" && ["Operational", "Embodied"].includes(values[1]) ? `${String(values[0])}/${values[1]}` : String(values[0]);
    rows.push([key, values]);
  });
  return new Map(rows);
}

describe("the VSME sheet", () => {
  test("its totals are the report's and /api/stats's, the segments add up, the range holds them and the method is stated", async () => {
    const page = await call(server.app, "GET", `/dashboard/${DOMAIN}/report?year=${last}`, { cookie: pro });
    expect(page.status).toBe(200);
    const asked = `domain=${DOMAIN}&startKey=${last}-01-01&endKey=${last}-12-31&dataType=PATH&filters=%5B%5D`;
    const stats = (await call(server.app, "GET", `/api/stats?${asked}`, { cookie: pro })).json as PathStats;
    if (stats.carbonTotals === "locked") throw new Error("carbon totals locked");
    const res = await get(`/dashboard/${DOMAIN}/report.xlsx?year=${last}`, pro);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${DOMAIN}_${last}_vsme.xlsx"`);
    const rows = await sheetRows(res);
    const [, , kwh, co2Kg] = rows.get("Total")!;
    expect(kwh).toBe(figure(page.text, "report-kwh"));
    expect(co2Kg).toBe(figure(page.text, "report-co2") / 1000);
    expect(co2Kg).toBe(stats.carbonTotals.co2Grams / 1000);
    expect(kwh).toBe((stats.carbonTotals.transferredBytes / 1e9) * 0.3);
    expect(figure(page.text, "report-co2")).toBeGreaterThan(0);
    // Six segment rows (3 × 2) that add up to the totals.
    const segments = [...rows.entries()].filter(([k]) => /^[A-Za-z ]+\/(Operational|Embodied)$/.test(k));
    expect(segments.map(([k]) => k)).toEqual(["Data centre/Operational", "Data centre/Embodied", "Network/Operational", "Network/Embodied", "User device/Operational", "User device/Embodied"]);
    expect(segments.reduce((a, [, v]) => a + (v[2] as number), 0)).toBeCloseTo(kwh as number, 12);
    expect(segments.reduce((a, [, v]) => a + (v[3] as number), 0)).toBeCloseTo(co2Kg as number, 12);
    const [, , lowKwh, lowKg] = rows.get("Uncertainty low")!;
    const [, , highKwh, highKg] = rows.get("Uncertainty high")!;
    expect(lowKwh as number).toBeLessThanOrEqual(kwh as number);
    expect(highKwh as number).toBeGreaterThanOrEqual(kwh as number);
    expect(lowKg as number).toBeLessThanOrEqual(co2Kg as number);
    expect(highKg as number).toBeGreaterThanOrEqual(co2Kg as number);
    expect(lowKg as number).toBeLessThan(highKg as number);
    expect(String(rows.get("Method")![1])).toContain(`Sustainable Web Design v4 (@tgwf/co2 ${SWD_MODEL.version})`);
    expect(rows.get("Grid intensity (g CO2e/kWh)")![1]).toBe(SWD_MODEL.gridIntensity);
    expect(rows.get("Reporting period")!.slice(1)).toEqual([`${last}-01-01`, `${last}-12-31`]);
    expect(rows.get("Domain")![1]).toBe(DOMAIN);
    expect(String(rows.get("Uncertainty parameters")![1])).toContain("energy ×0.5–×2");
    // The page's VSME table: the same totals and range.
    expect(figure(page.text, "vsme-total-kwh")).toBe(kwh as number);
    expect(figure(page.text, "vsme-total-co2")).toBe((co2Kg as number) * 1000);
    expect(figure(page.text, "vsme-low-co2")).toBeCloseTo((lowKg as number) * 1000, 9);
    expect(figure(page.text, "vsme-high-co2")).toBeCloseTo((highKg as number) * 1000, 9);
    expect(page.text).toContain(`@tgwf/co2 ${SWD_MODEL.version}`);
    expect(page.text).toContain(`href="/dashboard/${DOMAIN}/report.xlsx?year=${last}"`);
  });
});

describe("a slice", () => {
  test("the sheet of a slice (the dashboard's f filters) is /api/stats's for those filters, and names them", async () => {
    const filters = JSON.stringify([["is", "source", ["search"]]]);
    const asked = `domain=${DOMAIN}&startKey=${last}-01-01&endKey=${last}-12-31&dataType=PATH&filters=${encodeURIComponent(filters)}`;
    const stats = (await call(server.app, "GET", `/api/stats?${asked}`, { cookie: pro })).json as PathStats;
    if (stats.carbonTotals === "locked") throw new Error("carbon totals locked");
    const whole = await sheetRows(await get(`/dashboard/${DOMAIN}/report.xlsx?year=${last}`, pro));
    const res = await get(`/dashboard/${DOMAIN}/report.xlsx?year=${last}&f=source:search`, pro);
    expect(res.status).toBe(200);
    const rows = await sheetRows(res);
    expect(rows.get("Total")![3]).toBe(stats.carbonTotals.co2Grams / 1000);
    expect(rows.get("Total")![3]).toBeLessThan(whole.get("Total")![3] as number);
    expect(rows.get("Page views")![1]).toBe(stats.carbonTotals.visits);
    expect(String(rows.get("Filter")![1])).toContain("Source");
  });
});

describe("the eco-design declaration draft", () => {
  test("is Markdown filled from the report's figures, with placeholders", async () => {
    const res = await get(`/dashboard/${DOMAIN}/report-declaration.md?year=${last}`, pro);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${DOMAIN}_${last}_eco-design-declaration.md"`);
    const md = await res.text();
    expect(md).toStartWith(`# Eco-design declaration (draft): ${DOMAIN}`);
    expect(md).toContain("_To complete._");
    expect(md).toContain(`@tgwf/co2 ${SWD_MODEL.version}`);
    expect(md).toContain("- Page views: 500");
    expect(md).toMatch(/- CO2e per page view: [\d.]+ g \(rating [A-F+]+\)/);
    expect(md).toContain("| Page | Data per visit | CO2e per visit |");
  });
});

describe("bad asks", () => {
  for (const file of ["report.xlsx", "report-declaration.md"]) {
    test(`${file}: a bad year, a future year, an unknown domain, a free plan, signed out`, async () => {
      for (const year of ["25", "abcd", "1999", String(last + 3)]) {
        const r = await call(server.app, "GET", `/dashboard/${DOMAIN}/${file}?year=${year}`, { cookie: pro });
        expect(r.status).toBe(400);
        expect(r.json.error.status).toBe(400);
        expect(typeof r.json.error.message).toBe("string");
      }
      const missing = await call(server.app, "GET", `/dashboard/${DOMAIN}/${file}`, { cookie: pro });
      expect(missing.status).toBe(400);
      expect(missing.json.error.code).toBeString();
      const unknown = await call(server.app, "GET", `/dashboard/nowhere.example/${file}?year=${last}`, { cookie: pro });
      expect(unknown.status).toBe(404);
      expect(unknown.json.error.status).toBe(404);
      const other = await call(server.app, "GET", `/dashboard/${FREE_DOMAIN}/${file}?year=${last}`, { cookie: pro });
      expect(other.status).toBe(404);
      const plan = await call(server.app, "GET", `/dashboard/${FREE_DOMAIN}/${file}?year=${last}`, { cookie: free });
      expect(plan.status).toBe(403);
      expect(plan.json.error.message).toContain("Pro feature");
      const out = await call(server.app, "GET", `/dashboard/${DOMAIN}/${file}?year=${last}`);
      expect(out.status).toBe(302);
      expect(out.headers.get("location")).toStartWith("/signin");
    });
  }
});
