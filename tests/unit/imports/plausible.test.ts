// Plausible's CSV export (a ZIP of imported_<table>_<first>_<last>.csv; headers and their order
// from plausible/analytics lib/plausible/exports.ex, read back by column name as
// lib/plausible/imported/csv_importer.ex does; see tests/fixtures/imports/README.md). The fixture is
// kept unzipped and zipped here. Every list's per-day figures equal sums this test makes of the
// fixture's own cells; malformed ZIPs and files are refused naming the file and the line.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { plausible } from "../../../src/imports/formats/plausible";
import { faultOf, fileIn, importRows, scratchDir, sourceOf, sumsOf, table, zipOf } from "../../helpers/imports";
import { removedAfterAll } from "../../helpers/scratch";

const DIR = join(import.meta.dir, "../../fixtures/imports/plausible/export");
const scratch = removedAfterAll();
const dir = scratch(scratchDir());
const nameOf = (t: string) => readdirSync(DIR).find((f) => f.startsWith(`imported_${t}_`))!;
const csv = (t: string) => table(readFileSync(join(DIR, nameOf(t)), "utf8"));
const num = (v: string | undefined) => Number(v ?? 0);

/** The fixture's sum of `column` per "day|label" (label made by `label`), rows without a label left out. */
function sumOf(t: string, column: string, label: (r: Record<string, string>) => string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of csv(t)) {
    const l = label(r);
    if (l !== null) out[`${r.date}|${l}`] = (out[`${r.date}|${l}`] ?? 0) + num(r[column]);
  }
  return out;
}


const zipped = async (name: string, edit?: (files: Map<string, Buffer>) => void) => fileIn(dir, name, await zipOf(DIR, edit));
/** Edits one table's text in the ZIP. */
const editing = (t: string, f: (text: string) => string) => (files: Map<string, Buffer>) =>
  void files.set(nameOf(t), Buffer.from(f(files.get(nameOf(t))!.toString("utf8"))));

describe("plausible", async () => {
  const rows = await importRows(plausible, await zipped("export.zip"));

  test("the fixture is Plausible's ten tables over three days", () => {
    expect(readdirSync(DIR)).toHaveLength(10);
    expect(new Set(csv("visitors").map((r) => r.date))).toEqual(new Set(["2024-01-01", "2024-01-02", "2024-01-03"]));
  });

  test("each day's totals are the visitors table's: page views, visits, bounces, visit duration in ms", () => {
    const all = () => "";
    expect(sumsOf(rows, "total", "views")).toEqual(sumOf("visitors", "pageviews", all));
    expect(sumsOf(rows, "total", "uniques")).toEqual(sumOf("visitors", "visits", all));
    expect(sumsOf(rows, "total", "bounces")).toEqual(sumOf("visitors", "bounces", all));
    const seconds = sumOf("visitors", "visit_duration", all);
    expect(sumsOf(rows, "total", "durationMs")).toEqual(Object.fromEntries(Object.entries(seconds).map(([k, s]) => [k, s * 1000])));
  });

  test("pages, entry pages and events per day are their tables'", () => {
    expect(sumsOf(rows, "page")).toEqual(sumOf("pages", "pageviews", (r) => r.page!));
    expect(sumsOf(rows, "page", "uniques")).toEqual(sumOf("pages", "visits", (r) => r.page!));
    expect(sumsOf(rows, "entry")).toEqual(sumOf("entry_pages", "entrances", (r) => r.entry_page!));
    expect(sumsOf(rows, "event")).toEqual(sumOf("custom_events", "events", (r) => r.name!));
    expect(rows.find((r) => r.dim === "event" && r.label === "Outbound Link: Click")?.group).toBe("https://github.com/example");
  });

  test("sources: visits per referrer host, classed by the collector's lists; no source is direct; campaigns from utm_campaign", () => {
    const host = (r: Record<string, string>) => (r.referrer || r.source ? r.referrer || r.source! : "direct");
    expect(sumsOf(rows, "referrer")).toEqual(sumOf("sources", "visits", host));
    const group = Object.fromEntries(rows.filter((r) => r.dim === "referrer").map((r) => [r.label, r.group]));
    expect(group).toMatchObject({ direct: "direct", "google.com": "search", "bing.com": "search", "news.ycombinator.com": "social" });
    expect(group["blog.example.org"]).toBe("unknown");
    expect(sumsOf(rows, "campaign")).toEqual(sumOf("sources", "visits", (r) => r.utm_campaign || null));
    expect(sumsOf(rows, "utm_medium")).toEqual(sumOf("sources", "visits", (r) => (r.utm_campaign ? r.utm_medium! : null)));
  });

  test("countries, devices, browsers and OSs count page views, regions and versions summed, names as the collector's", () => {
    expect(sumsOf(rows, "country")).toEqual(sumOf("locations", "pageviews", (r) => r.country!));
    const device = (r: Record<string, string>) => (r.device === "Laptop" ? "desktop" : r.device!.toLowerCase());
    expect(sumsOf(rows, "device")).toEqual(sumOf("devices", "pageviews", device));
    expect(sumsOf(rows, "browser")).toEqual(sumOf("browsers", "pageviews", (r) => r.browser!));
    const os = (r: Record<string, string>) => ({ Mac: "macOS", "GNU/Linux": "Linux" })[r.operating_system!] ?? r.operating_system!;
    expect(sumsOf(rows, "os")).toEqual(sumOf("operating_systems", "pageviews", os));
  });

  test("exit pages fill no list", () => {
    expect(new Set(rows.map((r) => r.dim))).toEqual(
      new Set(["total", "page", "entry", "referrer", "campaign", "utm_source", "utm_medium", "country", "device", "browser", "os", "event"]),
    );
  });

  test("a cut-off ZIP, a file that is no ZIP, another tool's file and an export without visitors are refused as a whole", async () => {
    const whole = readFileSync(await zipped("whole.zip"));
    const cut = await faultOf(plausible, fileIn(dir, "cut.zip", whole.subarray(0, whole.length - 100)));
    expect(cut.line).toBe(0);
    expect(cut.reason).toContain("the ZIP is cut off or damaged");
    expect((await faultOf(plausible, fileIn(dir, "visitors.csv", readFileSync(join(DIR, nameOf("visitors")))))).reason).toBe("not a ZIP file");
    const other = await zipped("other.zip", (files) => void files.set("website_event.csv", Buffer.from("a,b\n")));
    expect((await faultOf(plausible, other)).reason).toBe("website_event.csv is not a file of Plausible's CSV export");
    const partial = await zipped("partial.zip", (files) => void files.delete(nameOf("visitors")));
    expect((await faultOf(plausible, partial)).reason).toContain("the ZIP has no imported_visitors file");
  });

  test("a missing column is named, with its file", async () => {
    const path = await zipped("no-visits.zip", editing("sources", (t) => t.replace('"visits",', '"sessions",')));
    expect((await faultOf(plausible, path)).message).toBe(`line 1: missing column "visits" in ${nameOf("sources")}`);
  });

  test("a bad date and a bad count are refused with their line and file", async () => {
    const date = await zipped("bad-date.zip", editing("pages", (t) => t.split("\n").map((l, i) => (i === 3 ? l.replace(/^"[^"]*"/, '"2024-02-30"') : l)).join("\n")));
    expect((await faultOf(plausible, date)).message).toBe(`line 4: bad date "2024-02-30" in ${nameOf("pages")}`);
    const count = await zipped("bad-count.zip", editing("devices", (t) => t.split("\n").map((l, i) => (i === 2 ? l.replace(/,\d+$/, ",-3") : l)).join("\n")));
    expect((await faultOf(plausible, count)).message).toBe(`line 3: bad number "-3" in "pageviews" in ${nameOf("devices")}`);
  });

  test("a cancelled import stops reading", async () => {
    const cancel = new AbortController();
    cancel.abort();
    await expect(plausible(sourceOf(await zipped("cancelled.zip"), cancel.signal))).rejects.toHaveProperty("name", "AbortError");
  });

  test("a line over 1 MB is refused with its line and file", async () => {
    const long = `"2024-01-01","example.com","/${"x".repeat(1.2 * 2 ** 20)}",1,1,1,0,0,0,0`;
    const path = await zipped("long.zip", editing("pages", (t) => t.split("\n").toSpliced(2, 0, long).join("\n")));
    expect((await faultOf(plausible, path)).message).toBe(`line 3: a line over 1 MB in ${nameOf("pages")}`);
  });
});
