// Imported days in the stats answers: a site with its own hits on one day and imported history on
// the three days before. Every list an imported day fills adds its figures to the site's own, the
// chart has the imported days, SUMMARY tells the imported days and the lists they fill, PATH's
// carbon counts the imported pages' estimated bytes and says how many are estimated; a filtered
// read answers for the site's own hits alone.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Incoming } from "../../../src/collect/model";
import type { Database } from "../../../src/db";
import type { CarbonTotals, ListRow, PathRow, Stats } from "../../../src/stats/contract";
import { readStats, type StatsTarget } from "../../../src/stats/read";
import type { Filter } from "../../../src/shared/filters";
import { CHROME_UA } from "../../helpers/collect";
import { addTarget, ingest, openStatsDatabase } from "../../helpers/stats";

let db: Database;
let target: StatsTarget;
const OWN_DAY = "2026-11-10";
const at = Date.parse(`${OWN_DAY}T12:00:00Z`);

/** The imported rows: [day, dim, label, grp, views, uniques, bounces, duration_ms, bytes]. */
type Row = [string, string, string, string, number, number, number, number, number | null];
const IMPORTED: Row[] = [
  ["2026-11-07", "total", "", "", 40, 30, 12, 600_000, 40_000_000],
  ["2026-11-08", "total", "", "", 25, 20, 5, 0, 25_000_000],
  ["2026-11-09", "total", "", "", 10, 9, 3, 90_000, 10_000_000],
  ["2026-11-07", "page", "/", "", 30, 25, 10, 400_000, 30_000_000],
  ["2026-11-07", "page", "/blog", "", 10, 5, 2, 200_000, 10_000_000],
  ["2026-11-08", "page", "/", "", 25, 20, 5, 0, 25_000_000],
  ["2026-11-09", "page", "/blog", "", 10, 9, 3, 90_000, 10_000_000],
  ["2026-11-07", "referrer", "google.com", "search", 20, 20, 0, 0, null],
  ["2026-11-07", "referrer", "direct", "direct", 10, 10, 0, 0, null],
  ["2026-11-08", "referrer", "news.ycombinator.com", "social", 20, 20, 0, 0, null],
  ["2026-11-07", "country", "FR", "", 30, 22, 0, 0, null],
  ["2026-11-07", "country", "GB", "", 10, 8, 0, 0, null],
  ["2026-11-08", "country", "GB", "", 25, 20, 0, 0, null],
  ["2026-11-07", "device", "mobile", "", 15, 10, 0, 0, null],
  ["2026-11-07", "device", "desktop", "", 25, 20, 0, 0, null],
  ["2026-11-08", "event", "Signup", "pro", 3, 3, 0, 0, null],
  ["2026-11-08", "event", "Signup", "", 2, 2, 0, 0, null],
];
const sumOf = (dim: string, pick: (r: Row) => number, label?: string) =>
  IMPORTED.filter((r) => r[1] === dim && (label === undefined || r[2] === label)).reduce((s, r) => s + pick(r), 0);
const views = (r: Row) => r[4];

beforeAll(async () => {
  db = await openStatsDatabase();
  target = await addTarget(db.sql, "imported.example", "UTC");
  const d = "imported.example";
  const own: Incoming[] = [
    { kind: "view", body: { d, p: "/", w: 1280, b: 1_000_000, z: "Europe/Paris" }, time: at, ua: CHROME_UA },
    { kind: "view", body: { d, p: "/blog", w: 1280, b: 2_000_000, z: "Europe/London", r: "https://www.google.com/" }, time: at + 1000, ua: CHROME_UA },
    { kind: "event", body: { d, p: "/blog", n: "Signup", v: "pro" }, time: at + 2000, ua: CHROME_UA },
  ];
  await ingest(db.sql, own);
  await db.sql`INSERT INTO imported_daily (import_id, site_id, day, dim, label, grp, views, uniques, bounces, duration_ms, bytes)
    SELECT 1, ${target.id}, r.day::date, r.dim, r.label, r.grp, r.views, r.uniques, r.bounces, r.duration_ms, r.bytes
    FROM jsonb_to_recordset(${db.sql.json(IMPORTED.map(([day, dim, label, grp, v, u, b, ms, bytes]) => ({ day, dim, label, grp, views: v, uniques: u, bounces: b, duration_ms: ms, bytes })))})
      AS r(day text, dim text, label text, grp text, views bigint, uniques bigint, bounces bigint, duration_ms bigint, bytes bigint)`;
}, 60_000);
afterAll(() => db.close());

async function read(dataType: "SUMMARY" | "PATH" | "REF", startKey = "2026-11-07", endKey = OWN_DAY, filters?: Filter[]): Promise<Stats> {
  const got = await readStats(db.read, target, { startKey, endKey, dataType, filters }, { admin: false, now: new Date("2026-11-20T12:00:00Z") });
  if (!got.ok) throw new Error(got.message);
  return got.stats;
}
const labelled = (rows: ListRow[]) => Object.fromEntries(rows.map((r) => [r.label, r.value]));

test("SUMMARY adds the imported days to the site's own: totals, the chart's days, sources, countries, devices", async () => {
  const s = await read("SUMMARY");
  const own = await read("SUMMARY", OWN_DAY, OWN_DAY);
  if (s.dataType !== "SUMMARY" || own.dataType !== "SUMMARY") throw new Error("SUMMARY expected");
  expect(own.visits.hits).toBe(2);
  expect(s.visits.hits).toBe(own.visits.hits + sumOf("total", views));
  expect(s.visits.unique).toBe(own.visits.unique + sumOf("total", (r) => r[5]));
  expect(s.visits.bounceCount).toBe(own.visits.bounceCount + sumOf("total", (r) => r[6]));
  expect(s.days.map((d) => [d.stamp, d.visits])).toEqual([["2026-11-07", 40], ["2026-11-08", 25], ["2026-11-09", 10], [OWN_DAY, 2]]);
  expect(s.source.search).toBe(1 + sumOf("referrer", views, "google.com"));
  expect(s.source.social).toBe(sumOf("referrer", views, "news.ycombinator.com"));
  expect(s.source.direct).toBe(1 + sumOf("referrer", views, "direct"));
  expect(labelled(s.country)).toMatchObject({ FR: 1 + sumOf("country", views, "FR"), GB: 1 + sumOf("country", views, "GB") });
  expect(s.device.mobile).toBe(sumOf("device", views, "mobile"));
  expect(s.device.desktop).toBe(2 + sumOf("device", views, "desktop"));
  expect(s.imported).toEqual({ days: 3, lists: ["country", "device", "event", "page", "referrer"] });
});

test("an imported day alone has its day's figures and no hours; a range without imported days says none", async () => {
  const day = await read("SUMMARY", "2026-11-08", "2026-11-08");
  if (day.dataType !== "SUMMARY") throw new Error("SUMMARY expected");
  expect(day.visits.hits).toBe(25);
  expect(day.days[0]!.hours.reduce((a, b) => a + b, 0)).toBe(0);
  expect(day.imported).toEqual({ days: 1, lists: ["country", "event", "page", "referrer"] });
  const own = await read("SUMMARY", OWN_DAY, OWN_DAY);
  if (own.dataType !== "SUMMARY") throw new Error("SUMMARY expected");
  expect(own.imported).toBeNull();
});

test("PATH adds imported pages and their estimated bytes, and says how many bytes are estimated", async () => {
  const p = await read("PATH");
  if (p.dataType !== "PATH") throw new Error("PATH expected");
  const path = Object.fromEntries((p.path as PathRow[]).map((r) => [r.label, r]));
  expect(path["/"]!.value).toBe(1 + sumOf("page", views, "/"));
  expect(path["/blog"]!.value).toBe(1 + sumOf("page", views, "/blog"));
  // Imported time on page counts one leave per view of a page with time: /blog's 20 views, 290 s.
  expect(path["/blog"]!.durationAvg).toBe(sumOf("page", (r) => r[7], "/blog") / sumOf("page", views, "/blog"));
  const totals = p.carbonTotals as CarbonTotals;
  const estimated = sumOf("page", (r) => r[8] ?? 0);
  expect(totals.estimatedBytes).toBe(estimated);
  expect(totals.transferredBytes).toBe(3_000_000 + estimated);
  expect(totals.visits).toBe(2 + sumOf("page", views));
  const events = labelled(p.events as ListRow[]);
  expect(events.Signup).toBe(1 + sumOf("event", views));
});

test("REF adds imported referrers", async () => {
  const r = await read("REF");
  if (r.dataType !== "REF") throw new Error("REF expected");
  expect(labelled(r.result)).toMatchObject({
    "google.com": 1 + sumOf("referrer", views, "google.com"),
    "news.ycombinator.com": sumOf("referrer", views, "news.ycombinator.com"),
  });
});

test("a filtered read answers for the site's own hits: imported days hold no slice", async () => {
  const s = await read("SUMMARY", "2026-11-07", OWN_DAY, [["is", "country", ["FR"]]]);
  if (s.dataType !== "SUMMARY") throw new Error("SUMMARY expected");
  expect(s.visits.hits).toBe(1);
  expect(s.imported).toBeNull();
});
