// Fathom's CSV export (pageviews and events, Date Grouping "Hourly"; columns as Swetrix's Fathom
// importer reads them, see tests/fixtures/imports/README.md). The fixture is kept unzipped and
// zipped here. Each list's per-day figures equal sums this test makes of the fixture's own hourly
// cells; malformed files are refused naming the column, the line or the ZIP.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fathom } from "../../../src/imports/formats/fathom";
import { faultOf, fileIn, importRows, scratchDir, sumsOf, table, zipOf } from "../../helpers/imports";
import { removedAfterAll } from "../../helpers/scratch";

const DIR = join(import.meta.dir, "../../fixtures/imports/fathom/export");
const scratch = removedAfterAll();
const dir = scratch(scratchDir());
const text = (name: string) => readFileSync(join(DIR, name), "utf8");
const views = table(text("pageviews.csv"));
const events = table(text("events.csv"));

/** The fixture's sum of `column` per "day|label", the day being the hour's date as written. */
function sumOf(rows: Record<string, string>[], column: string, label: (r: Record<string, string>) => string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) {
    const l = label(r);
    const key = `${r.datetime!.slice(0, 10)}|${l}`;
    if (l !== null) out[key] = (out[key] ?? 0) + Number(r[column]);
  }
  return out;
}

describe("fathom", async () => {
  const rows = await importRows(fathom, fileIn(dir, "export.zip", await zipOf(DIR)));

  test("the fixture's hours span three days, some at a day's first and last hour", () => {
    expect(new Set(views.map((r) => r.datetime!.slice(0, 10)))).toEqual(new Set(["2024-01-01", "2024-01-02", "2024-01-03"]));
    expect(views.some((r) => r.datetime!.endsWith(" 23:00:00"))).toBe(true);
  });

  test("each day's page views, pages, countries and events are its hours' summed", () => {
    expect(sumsOf(rows, "total")).toEqual(sumOf(views, "pageviews", () => ""));
    expect(sumsOf(rows, "page")).toEqual(sumOf(views, "pageviews", (r) => r.pathname!));
    expect(sumsOf(rows, "country")).toEqual(sumOf(views, "pageviews", (r) => r.country_code!));
    expect(sumsOf(rows, "event")).toEqual(sumOf(events, "completions", (r) => r.event_name!));
  });

  test("referrers are other sites' hosts (the site's own is a page, not a source); campaigns and devices are named", () => {
    const bare = (h: string) => h.replace(/^www\./, "");
    expect(sumsOf(rows, "referrer")).toEqual(sumOf(views, "pageviews", (r) => (r.referrer_hostname && bare(r.referrer_hostname) !== "example.com" ? bare(r.referrer_hostname) : null)));
    expect(rows.find((r) => r.dim === "referrer" && r.label === "google.com")?.group).toBe("search");
    expect(sumsOf(rows, "campaign")).toEqual(sumOf(views, "pageviews", (r) => r.utm_campaign || null));
    expect(sumsOf(rows, "device")).toEqual(sumOf(views, "pageviews", (r) => r.device_type!.toLowerCase()));
    expect(new Set(rows.filter((r) => r.dim === "os").map((r) => r.label))).toContain("macOS");
  });

  test("one pageviews CSV reads alone", async () => {
    const one = await importRows(fathom, fileIn(dir, "pageviews.csv", text("pageviews.csv")));
    expect(sumsOf(one, "total")).toEqual(sumsOf(rows, "total"));
    expect(one.some((r) => r.dim === "event")).toBe(false);
  });

  test("a cut-off ZIP is refused as a whole", async () => {
    const zip = await zipOf(DIR);
    const fault = await faultOf(fathom, fileIn(dir, "cut.zip", zip.subarray(0, zip.length - 40)));
    expect(fault.line).toBe(0);
    expect(fault.reason).toContain("the ZIP is cut off or damaged");
  });

  test("a header without datetime, or without pageviews and event_name, is refused naming the column", async () => {
    const noDate = await faultOf(fathom, fileIn(dir, "nodate.csv", text("pageviews.csv").replace("datetime,", "date,")));
    expect([noDate.line, noDate.reason]).toEqual([1, 'missing column "datetime"']);
    const noCount = await faultOf(fathom, fileIn(dir, "nocount.csv", text("events.csv").replace(",completions", ",conversions")));
    expect(noCount.reason).toBe('missing column "completions"');
    const inZip = await faultOf(fathom, fileIn(dir, "bad.zip", await zipOf(DIR, (f) => void f.set("events.csv", Buffer.from("datetime,hostname\n")))));
    expect(inZip.reason).toBe('missing column "pageviews" (a pageviews export) or "event_name" (an events export) in events.csv');
  });

  test("a bad date, or a day's date instead of an hour, is refused with its line", async () => {
    const lines = text("pageviews.csv").split("\n");
    lines[4] = lines[4]!.replace("2024-01-01 14:00:00", "2024-02-30 14:00:00");
    const bad = await faultOf(fathom, fileIn(dir, "baddate.csv", lines.join("\n")));
    expect([bad.line, bad.reason]).toEqual([5, 'bad date "2024-02-30"']);
    const daily = await faultOf(fathom, fileIn(dir, "daily.csv", text("pageviews.csv").replace("2024-01-02 08:00:00", "2024-01-02")));
    expect(daily.line).toBe(text("pageviews.csv").split("\n").findIndex((l) => l.startsWith("2024-01-02 08:00:00")) + 1);
    expect(daily.reason).toBe('bad date "2024-01-02": export with Date Grouping "Hourly"');
  });
});
