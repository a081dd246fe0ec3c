// GA4's report CSVs as the interface downloads them: a "#" preamble (report, property, start and end
// date as YYYYMMDD), then a table with the Date dimension beside the report's own (shape learned from
// the parsers of GA4 downloads in public code; see tests/fixtures/imports/README.md). Read through the
// ga4 format, which tells them from the BigQuery export. Every list's per-day figures equal sums this
// test makes of the fixtures' cells; a report without a Date column and malformed rows are refused
// naming the line.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ga4 } from "../../../src/imports/formats/ga4";
import { faultOf, fileIn, importRows, scratchDir, sumsOf, table, zipOf } from "../../helpers/imports";
import { removedAfterAll } from "../../helpers/scratch";

const DIR = join(import.meta.dir, "../../fixtures/imports/ga4");
const PAGES = "Pages_and_screens_Page_path_and_screen_class.csv";
const TRAFFIC = "Traffic_acquisition_Session_source.csv";
const REPORTS = readdirSync(DIR).filter((f) => f.endsWith(".csv"));
const scratch = removedAfterAll();
const dir = scratch(scratchDir());

const textOf = (f: string) => readFileSync(join(DIR, f), "utf8");
/** A report's table: the lines after its "#" preamble. */
const rowsOf = (f: string) => table(textOf(f).split("\n").filter((l) => !l.startsWith("#")).join("\n"));
const day = (r: Record<string, string>) => `${r.Date!.slice(0, 4)}-${r.Date!.slice(4, 6)}-${r.Date!.slice(6)}`;

function sumOf(f: string, value: (r: Record<string, string>) => number, label: (r: Record<string, string>) => string | null) {
  const out: Record<string, number> = {};
  for (const r of rowsOf(f)) {
    const l = label(r);
    if (l !== null) out[`${day(r)}|${l}`] = (out[`${day(r)}|${l}`] ?? 0) + value(r);
  }
  return out;
}
const col = (name: string) => (r: Record<string, string>) => Number(r[name]);

describe("ga4 report CSVs", async () => {
  const pages = await importRows(ga4, join(DIR, PAGES));
  const traffic = await importRows(ga4, join(DIR, TRAFFIC));

  test("the fixtures are five reports with a preamble over three days", () => {
    expect(REPORTS).toHaveLength(5);
    for (const f of REPORTS) expect(textOf(f)).toContain("# Start date: 20240610\n# End date: 20240612\n");
    expect(new Set(rowsOf(PAGES).map(day))).toEqual(new Set(["2024-06-10", "2024-06-11", "2024-06-12"]));
  });

  test("pages and screens: views per page and day (query dropped), and each day's views summed", () => {
    const path = (r: Record<string, string>) => r["Page path and screen class"]!.split("?")[0]!;
    expect(sumsOf(pages, "page")).toEqual(sumOf(PAGES, col("Views"), path));
    expect(sumsOf(pages, "page", "uniques")).toEqual(sumOf(PAGES, col("Active users"), path));
    expect(sumsOf(pages, "total")).toEqual(sumOf(PAGES, col("Views"), () => ""));
    // Engagement time: the average per active user times the active users.
    const time = (r: Record<string, string>) => Math.round(Number(r["Average engagement time per active user"]) * Number(r["Active users"]) * 1000);
    const expected = sumOf(PAGES, time, path);
    for (const [k, ms] of Object.entries(sumsOf(pages, "page", "durationMs"))) expect(ms).toBeCloseTo(expected[k]!, -1);
  });

  test("traffic acquisition: sessions as each day's visits and as its sources' arrivals, unengaged sessions as bounces", () => {
    expect(sumsOf(traffic, "total", "uniques")).toEqual(sumOf(TRAFFIC, col("Sessions"), () => ""));
    expect(sumsOf(traffic, "total", "bounces")).toEqual(sumOf(TRAFFIC, (r) => Number(r.Sessions) - Number(r["Engaged sessions"]), () => ""));
    const host: Record<string, string> = { google: "google.com", "(direct)": "direct", bing: "bing.com" };
    expect(sumsOf(traffic, "referrer")).toEqual(sumOf(TRAFFIC, col("Sessions"), (r) => host[r["Session source"]!] ?? r["Session source"]!));
    const group = Object.fromEntries(traffic.filter((r) => r.dim === "referrer").map((r) => [r.label, r.group]));
    expect(group).toMatchObject({ direct: "direct", "google.com": "search", "news.ycombinator.com": "social", "l.facebook.com": "social" });
  });

  test("tech and demographic reports: browsers, devices and countries (names made ISO codes, (not set) left out)", async () => {
    const browsers = await importRows(ga4, join(DIR, "Tech_details_Browser.csv"));
    const browser = (r: Record<string, string>) => ({ Edge: "Microsoft Edge", "Samsung Internet": "Samsung Internet for Android" })[r.Browser!] ?? r.Browser!;
    expect(sumsOf(browsers, "browser")).toEqual(sumOf("Tech_details_Browser.csv", col("Active users"), browser));
    const devices = await importRows(ga4, join(DIR, "Tech_details_Device_category.csv"));
    expect(sumsOf(devices, "device")).toEqual(sumOf("Tech_details_Device_category.csv", col("Active users"), (r) => r["Device category"]!));
    const countries = await importRows(ga4, join(DIR, "Demographic_details_Country.csv"));
    const code: Record<string, string> = { "United States": "US", Germany: "DE", "United Kingdom": "GB" };
    expect(sumsOf(countries, "country")).toEqual(sumOf("Demographic_details_Country.csv", col("Active users"), (r) => code[r.Country!] ?? null));
  });

  test("a ZIP of the reports is one import of them all", async () => {
    const rows = await importRows(ga4, fileIn(dir, "reports.zip", await zipOf(DIR, (files) => void files.delete("events_20240610.ndjson"))));
    expect(new Set(rows.map((r) => r.dim))).toEqual(new Set(["total", "page", "referrer", "browser", "device", "country"]));
    expect(sumsOf(rows, "total")).toEqual(sumsOf(pages, "total"));
    expect(sumsOf(rows, "total", "uniques")).toEqual(sumsOf(traffic, "total", "uniques"));
  });

  test("a report without a Date column is refused with its header's line and the reason", async () => {
    const text = textOf(PAGES).split("\n").map((l) => (l.startsWith("#") ? l : l.split(",").toSpliced(1, 1).join(","))).join("\n");
    const fault = await faultOf(ga4, fileIn(dir, "no-date.csv", text));
    expect(fault.line).toBe(10);
    expect(fault.reason).toStartWith('the report has no "Date" column: add the Date dimension');
    const other = await faultOf(ga4, fileIn(dir, "events.csv", "# Events\nEvent name,Date,Event count\nclick,20240610,3\n"));
    expect(other.message).toStartWith('line 2: none of the reports read: a column "Page path and screen class"');
  });

  test("a bad date, a bad count and a line over 1 MB are refused with their line", async () => {
    const lines = textOf(TRAFFIC).split("\n");
    const bad = (i: number, f: (cells: string[]) => void) => lines.map((l, j) => (j === i ? (() => { const c = l.split(","); f(c); return c.join(","); })() : l)).join("\n");
    expect((await faultOf(ga4, fileIn(dir, "bad-date.csv", bad(12, (c) => void (c[1] = "20240631"))))).message).toBe('line 13: bad date "20240631"');
    expect((await faultOf(ga4, fileIn(dir, "bad-count.csv", bad(11, (c) => void (c[2] = "n/a"))))).message).toBe('line 12: bad number "n/a" in "Sessions"');
    const long = lines.toSpliced(11, 0, `google,20240610,1,1,1,1,1,1,0,0,${"9".repeat(1.2 * 2 ** 20)}`).join("\n");
    expect((await faultOf(ga4, fileIn(dir, "long.csv", long))).message).toBe("line 12: a line over 1 MB");
  });

  test("a channel group report fills the days' totals, and its Direct sessions the direct referrer only", async () => {
    const text = "# Traffic acquisition\nSession primary channel group (Default Channel Group),Date,Sessions,Engaged sessions\n" +
      "Direct,20240610,7,3\nOrganic Search,20240610,12,9\nReferral,20240611,4,4\n";
    const rows = await importRows(ga4, fileIn(dir, "channels.csv", text));
    expect(sumsOf(rows, "total", "uniques")).toEqual({ "2024-06-10|": 19, "2024-06-11|": 4 });
    expect(sumsOf(rows, "total", "bounces")).toEqual({ "2024-06-10|": 7, "2024-06-11|": 0 });
    expect(rows.filter((r) => r.dim === "referrer").map((r) => [r.day, r.label, r.group, r.views])).toEqual([["2024-06-10", "direct", "direct", 7]]);
  });

  test("a source / medium report names the source's host", async () => {
    const text = "Session source / medium,Date,Sessions\ngoogle / organic,20240610,5\n(direct) / (none),20240610,2\n";
    expect(sumsOf(await importRows(ga4, fileIn(dir, "source-medium.csv", text)), "referrer")).toEqual({ "2024-06-10|google.com": 5, "2024-06-10|direct": 2 });
  });

  test("a totals row at the end is not a day", async () => {
    const text = `${textOf(TRAFFIC)}Grand total,,100,50,0.5,10,1,400,0,0,0\n`;
    expect(await importRows(ga4, fileIn(dir, "totals.csv", text))).toEqual(traffic);
  });
});
