// Matomo's API reports per day (format=JSON&period=day&date=<first>,<last>: each answer an object
// keyed by day, as core/DataTable/Renderer/Json.php renders a DataTable\Map), bundled in one JSON
// object keyed by method or zipped as <method>.json files. Field names as the API answers them
// (matomo-org/matomo tests/PHPUnit/System/expected; see tests/fixtures/imports/README.md). Every
// list's per-day figures equal sums this test makes of the fixture itself; malformed bundles are
// refused naming the line.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import JSZip from "jszip";
import { matomo } from "../../../src/imports/formats/matomo";
import { faultOf, fileIn, importRows, scratchDir, sumsOf } from "../../helpers/imports";
import { removedAfterAll } from "../../helpers/scratch";

const FIXTURE = join(import.meta.dir, "../../fixtures/imports/matomo/reports.json");
const text = readFileSync(FIXTURE, "utf8");
type Row = Record<string, string | number>;
const bundle = JSON.parse(text) as Record<string, Record<string, Row | Row[]>>;
const scratch = removedAfterAll();
const dir = scratch(scratchDir());

/** The fixture's sum of `field` per "day|label" of a report's rows (`label` null leaves a row out). */
function sumOf(method: string, field: string, label: (r: Row) => string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [day, rows] of Object.entries(bundle[method]!)) {
    for (const r of rows as Row[]) {
      const l = label(r);
      if (l !== null) out[`${day}|${l}`] = (out[`${day}|${l}`] ?? 0) + Number(r[field] ?? 0);
    }
  }
  return out;
}
/** The fixture's per-day field of an object report. */
const perDay = (method: string, field: string, scale = 1) =>
  Object.fromEntries(Object.entries(bundle[method]!).map(([day, r]) => [`${day}|`, Number((r as Row)[field]) * scale]));


const edited = (name: string, edit: (b: typeof bundle) => void) => {
  const b = structuredClone(bundle);
  edit(b);
  return fileIn(dir, name, JSON.stringify(b, null, 1));
};

describe("matomo", async () => {
  const rows = await importRows(matomo, FIXTURE);

  test("totals: VisitsSummary.get's visits, bounces and visit length (ms); Actions.get's page views", () => {
    expect(sumsOf(rows, "total", "uniques")).toEqual(perDay("VisitsSummary.get", "nb_visits"));
    expect(sumsOf(rows, "total", "bounces")).toEqual(perDay("VisitsSummary.get", "bounce_count"));
    expect(sumsOf(rows, "total", "durationMs")).toEqual(perDay("VisitsSummary.get", "sum_visit_length", 1000));
    expect(sumsOf(rows, "total")).toEqual(perDay("Actions.get", "nb_pageviews"));
  });

  test("without Actions.get a day's page views are its actions", async () => {
    const path = edited("no-actions.json", (b) => delete b["Actions.get"]);
    expect(sumsOf(await importRows(matomo, path), "total")).toEqual(perDay("VisitsSummary.get", "nb_actions"));
  });

  test("pages by their URL's path (query dropped), entry pages by their entries", () => {
    const path = (r: Row) => new URL(String(r.url)).pathname;
    expect(sumsOf(rows, "page")).toEqual(sumOf("Actions.getPageUrls", "nb_hits", path));
    expect(sumsOf(rows, "page", "durationMs")).toEqual(
      Object.fromEntries(Object.entries(sumOf("Actions.getPageUrls", "sum_time_spent", path)).map(([k, s]) => [k, s * 1000])));
    expect(sumsOf(rows, "entry")).toEqual(sumOf("Actions.getPageUrls", "entry_nb_visits", (r) => (r.entry_nb_visits ? path(r) : null)));
  });

  test("referrers: direct entries, websites, search engines and socials by host and class; campaigns", () => {
    const direct = sumOf("Referrers.getReferrerType", "nb_visits", (r) => (r.segment === "referrerType==direct" ? "direct" : null));
    const hosts: Record<string, string> = { Google: "google.com", Bing: "bing.com", Qwant: "qwant.com", Reddit: "reddit.com", Mastodon: "mastodon.social" };
    const named = (r: Row) => hosts[String(r.label)] ?? String(r.label);
    const expected = { ...direct, ...sumOf("Referrers.getWebsites", "nb_visits", (r) => String(r.label)),
      ...sumOf("Referrers.getSearchEngines", "nb_visits", named), ...sumOf("Referrers.getSocials", "nb_visits", named) };
    expect(sumsOf(rows, "referrer")).toEqual(expected);
    const group = Object.fromEntries(rows.filter((r) => r.dim === "referrer").map((r) => [r.label, r.group]));
    expect(group).toMatchObject({ direct: "direct", "google.com": "search", "qwant.com": "search", "mastodon.social": "social", "news.ycombinator.com": "social" });
    expect(sumsOf(rows, "campaign")).toEqual(sumOf("Referrers.getCampaigns", "nb_visits", (r) => String(r.label).toLowerCase()));
  });

  test("a search engine or network the collector's lists lack keeps its name, of its report's class", async () => {
    const path = edited("unlisted.json", (b) => {
      for (const day of Object.values(b["Referrers.getSearchEngines"]!)) for (const r of day as Row[]) if (r.label === "Qwant") r.label = "Marginalia Search";
    });
    const unlisted = (await importRows(matomo, path)).filter((r) => r.label === "Marginalia Search");
    expect(unlisted.length).toBeGreaterThan(0);
    expect(new Set(unlisted.map((r) => r.group))).toEqual(new Set(["search"]));
  });

  test("countries by code (unknown left out), devices, browsers and OSs as the collector names them, events", () => {
    expect(sumsOf(rows, "country")).toEqual(sumOf("UserCountry.getCountry", "nb_actions", (r) => (r.code === "xx" ? null : String(r.code).toUpperCase())));
    const device = (r: Row) => ({ Desktop: "desktop", Smartphone: "mobile", Phablet: "mobile", Tablet: "tablet" })[String(r.label)]!;
    expect(sumsOf(rows, "device")).toEqual(sumOf("DevicesDetection.getType", "nb_actions", device));
    const browser = (r: Row) => ({ "Mobile Safari": "Safari", "Samsung Browser": "Samsung Internet for Android" })[String(r.label)] ?? String(r.label);
    expect(sumsOf(rows, "browser")).toEqual(sumOf("DevicesDetection.getBrowsers", "nb_actions", browser));
    const os = (r: Row) => ({ Mac: "macOS", "GNU/Linux": "Linux" })[String(r.label)] ?? String(r.label);
    expect(sumsOf(rows, "os")).toEqual(sumOf("DevicesDetection.getOsFamilies", "nb_actions", os));
    expect(sumsOf(rows, "event")).toEqual(sumOf("Events.getName", "nb_events", (r) => String(r.label)));
  });

  test("a ZIP of one <method>.json answer each reads as the bundle does", async () => {
    const zip = new JSZip();
    for (const [method, answer] of Object.entries(bundle)) zip.file(`${method}.json`, JSON.stringify(answer));
    const path = fileIn(dir, "reports.zip", await zip.generateAsync({ type: "nodebuffer" }));
    expect(await importRows(matomo, path)).toEqual(rows);
  });

  test("a bundle without VisitsSummary.get, with a report not read, or one not keyed by day is refused naming it", async () => {
    expect((await faultOf(matomo, edited("no-totals.json", (b) => delete b["VisitsSummary.get"]))).reason).toBe('missing report "VisitsSummary.get"');
    const other = await faultOf(matomo, edited("other.json", (b) => void (b["Goals.get"] = {})));
    expect(other.reason).toStartWith("Goals.get is none of the reports read");
    const single = await faultOf(matomo, edited("single.json", (b) => void (b["UserCountry.getCountry"] = b["UserCountry.getCountry"]!["2024-03-04"] as never)));
    expect(single.reason).toBe("UserCountry.getCountry is not keyed by day: ask for it with period=day&date=<first>,<last>");
    expect(single.line).toBe(text.split("\n").findIndex((l) => l.includes('"UserCountry.getCountry"')) + 1);
  });

  test("a cut-off file is refused as a whole; a bad day and a bad count with the day's line", async () => {
    const cut = await faultOf(matomo, fileIn(dir, "cut.json", text.slice(0, text.length / 2)));
    expect([cut.line, cut.reason.startsWith("the file is not JSON, or is cut off")]).toEqual([0, true]);
    const badDay = text.replace('"2024-03-05"', '"2024-02-30"');
    const fault = await faultOf(matomo, fileIn(dir, "bad-day.json", badDay));
    expect(fault.message).toBe(`line ${badDay.split("\n").findIndex((l) => l.includes('"2024-02-30"')) + 1}: bad date "2024-02-30"`);
    const path = edited("bad-count.json", (b) => void (((b["Actions.getPageUrls"]!["2024-03-05"] as Row[])[1]!).nb_hits = "lots"));
    const count = await faultOf(matomo, path);
    const lines = readFileSync(path, "utf8").split("\n");
    const at = lines.findIndex((l) => l.includes('"Actions.getPageUrls"'));
    expect(count.message).toBe(`line ${lines.findIndex((l, i) => i > at && l.includes('"2024-03-05"')) + 1}: bad number "lots" in "nb_hits of Actions.getPageUrls"`);
  });
});
