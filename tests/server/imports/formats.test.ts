// Each tool's fixture (tests/fixtures/imports, in that tool's own format) imported through the API
// into a domain of its own, then read back through /api/stats: the range's page views and every
// day's equal what this file counts in the fixture itself, with a plain reading of its columns
// (not the importers' code): page views only, robots and events left out; a per-day file's own
// page-view figures. Deleted, the import leaves the domain's numbers as they were.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { call, ownerOtherAdmin } from "../../helpers/api";
import { until } from "../../helpers/collect";
import { zipOf } from "../../helpers/imports";
import { startTestServer } from "../../helpers/server";
import type { ImportJob } from "../../../src/shared/import-jobs";
import type { SummaryStats } from "../../../src/shared/stats";

const SAME = { origin: "http://bothy.test" };
const FIXTURES = join(import.meta.dir, "..", "..", "fixtures", "imports");
let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;

type Counted = Map<string, number>;
const count = (days: string[]): Counted => {
  const out: Counted = new Map();
  for (const d of days) out.set(d, (out.get(d) ?? 0) + 1);
  return out;
};
const csvRows = (file: string) => parse(readFileSync(file), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
/** The UTC day of a time the file writes. */
const utcDay = (at: string | number) => new Date(at).toISOString().slice(0, 10);

/** Days' figures of a per-day file: "YYYY-MM-DD" or GA4's "YYYYMMDD" → the figure, summed. */
const summed = (rows: [string, number][]): Counted => {
  const out: Counted = new Map();
  for (const [d, n] of rows) {
    const day = /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}` : d;
    out.set(day, (out.get(day) ?? 0) + n);
  }
  return out;
};

/**
 * Per format: its fixture, its upload's bytes when they are not the file's own (a ZIP kept
 * unzipped), and its page views per UTC day as this test reads the file.
 */
const FORMATS: { format: string; name?: string; file: string; body?(file: string): Promise<Buffer>; views(file: string): Counted }[] = [
  {
    format: "goatcounter",
    file: "goatcounter/export.csv",
    // NOTE: the header's first cell carries the export's version ("2Path"); Event 1 is an event, Bot > 0 a robot.
    views: (file) => count(csvRows(file).filter((r) => r.Event === "0" && r.Bot === "0").map((r) => utcDay(r.Date!))),
  },
  {
    format: "umami",
    file: "umami/website_event.csv",
    // NOTE: event_type 1 is a page view; created_at is UTC without a zone.
    views: (file) => count(csvRows(file).filter((r) => r.event_type === "1").map((r) => utcDay(`${r.created_at!.replace(" ", "T")}Z`))),
  },
  {
    format: "simpleanalytics",
    file: "simpleanalytics/pageviews.csv",
    views: (file) => count(csvRows(file).filter((r) => r.is_robot !== "true").map((r) => utcDay(r.added_iso!))),
  },
  {
    format: "plausible",
    file: "plausible/export",
    body: (dir) => zipOf(dir),
    // The visitors table is the days' totals.
    views: (dir) => summed(csvRows(join(dir, "imported_visitors_20240101_20240103.csv")).map((r) => [r.date!, Number(r.pageviews)])),
  },
  {
    format: "fathom",
    file: "fathom/export",
    body: (dir) => zipOf(dir),
    // Hourly rows ("YYYY-MM-DD HH:MM:SS"); a day's page views are its hours' summed.
    views: (dir) => summed(csvRows(join(dir, "pageviews.csv")).map((r) => [r.datetime!.slice(0, 10), Number(r.pageviews)])),
  },
  {
    format: "matomo",
    file: "matomo/reports.json",
    // Actions.get answers each day's page views.
    views: (file) => summed(Object.entries((JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, { nb_pageviews: number }>>)["Actions.get"]!)
      .map(([d, r]) => [d, r.nb_pageviews])),
  },
  {
    format: "ga4",
    name: "ga4-report",
    file: "ga4/Pages_and_screens_Page_path_and_screen_class.csv",
    // NOTE: the table follows a "#" preamble; a day's views are its pages' views.
    views: (file) => summed((parse(readFileSync(file), { columns: true, skip_empty_lines: true, comment: "#" }) as Record<string, string>[])
      .map((r) => [r.Date!, Number(r.Views)])),
  },
  {
    format: "ga4",
    file: "ga4/events_20240610.ndjson",
    views: (file) =>
      count(readFileSync(file, "utf8").split("\n").filter((l) => l.trim())
        .map((l) => JSON.parse(l) as { event_name: string; event_timestamp: string })
        .filter((e) => e.event_name === "page_view")
        .map((e) => utcDay(Number(e.event_timestamp) / 1000))),
  },
];

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  ({ owner } = await ownerOtherAdmin(server, ["pro"]));
});
afterAll(() => server?.stop());

const job = async (id: number) => (await call(server.app, "GET", `/api/imports/${id}`, { cookie: owner })).json as ImportJob;

test.each(FORMATS.map((f) => [f.name ?? f.format, f] as const))("%s: /api/stats answers the fixture's own page views, in all and day by day", async (_, f) => {
  const domain = `${f.name ?? f.format}.imported.example`;
  expect((await call(server.app, "POST", "/api/domains", { cookie: owner, headers: SAME, body: { domain, tz: "UTC" } })).status).toBe(201);
  const path = join(FIXTURES, f.file);
  const res = await call(server.app, "POST", `/api/imports?domain=${domain}&format=${f.format}`, {
    cookie: owner, body: f.body ? await f.body(path) : readFileSync(path, "utf8"), headers: { ...SAME, "content-type": "application/octet-stream" },
  });
  expect(res.status).toBe(202);
  const id = res.json.id as number;
  await until(`import ${id} ended`, async () => ["done", "failed"].includes((await job(id)).status));
  const done = await job(id);
  expect(done.error).toBeNull();
  expect(done.status).toBe("done");

  const expected = f.views(path);
  const days = [...expected.keys()].sort();
  expect(days.length).toBeGreaterThan(0);
  const stats = await call(server.app, "GET", `/api/stats?domain=${domain}&startKey=${days[0]}&endKey=${days.at(-1)}&dataType=SUMMARY`, { cookie: owner });
  expect(stats.status).toBe(200);
  const s = stats.json as SummaryStats;
  expect(s.visits.hits).toBe([...expected.values()].reduce((a, b) => a + b, 0));
  expect(Object.fromEntries(s.days.filter((d) => d.visits > 0).map((d) => [d.stamp, d.visits]))).toEqual(Object.fromEntries(expected));
  expect(s.imported?.days).toBe(days.length);

  // Deleted, the domain's numbers are what they were before: none.
  expect((await call(server.app, "DELETE", `/api/imports/${id}`, { cookie: owner, headers: SAME })).status).toBe(204);
  const after = (await call(server.app, "GET", `/api/stats?domain=${domain}&startKey=${days[0]}&endKey=${days.at(-1)}&dataType=SUMMARY`, { cookie: owner })).json as SummaryStats;
  expect(after.visits.hits).toBe(0);
  expect(after.imported).toBeNull();
});
