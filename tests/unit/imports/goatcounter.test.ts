// GoatCounter's CSV export (format learned from arp242/goatcounter exportcsv.go and its
// cmd/goatcounter/testdata/export.csv; see tests/fixtures/imports/README.md): the folded days
// equal the fixture's own sums, computed here from its cells; bots skipped; no session or user
// agent survives; malformed files are refused with the line.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { goatcounter } from "../../../src/imports/formats/goatcounter";
import { byDay, faultOf, fileIn, importRows, scratchDir, table, tally } from "../../helpers/imports";
import { removedAfterAll } from "../../helpers/scratch";

const FIXTURE = join(import.meta.dir, "../../fixtures/imports/goatcounter/export.csv");
const text = readFileSync(FIXTURE, "utf8");
const all = table(text);
const people = all.filter((r) => r.Bot === "0");
const views = people.filter((r) => r.Event === "0");
const day = (r: Record<string, string>) => r.Date!.slice(0, 10);
const scratch = removedAfterAll();
const dir = scratch(scratchDir());

describe("goatcounter", async () => {
  const rows = await importRows(goatcounter, FIXTURE);

  test("the fixture has bots, events, first visits and several days", () => {
    expect(all.length - people.length).toBeGreaterThan(0);
    expect(people.length - views.length).toBeGreaterThan(0);
    expect(new Set(views.map(day)).size).toBe(3);
  });

  test("per-day views and visits equal the fixture's page views (bots and events left out) and first visits", () => {
    const totals = Object.fromEntries([...byDay(rows, "total")].map(([k, r]) => [k.split("|")[0], [r.views, r.uniques]]));
    const expected: Record<string, number[]> = {};
    for (const r of views) {
      const t = (expected[day(r)] ??= [0, 0]);
      t[0]! += 1;
      t[1]! += r.FirstVisit === "1" ? 1 : 0;
    }
    expect(totals).toEqual(expected);
  });

  test("pages, events and countries per day equal the fixture's", () => {
    const sums = (dim: string) => Object.fromEntries([...byDay(rows, dim)].map(([k, r]) => [k, r.views]));
    expect(sums("page")).toEqual(tally(views.map((r) => `${day(r)}|${r["2Path"]}`)));
    expect(sums("event")).toEqual(tally(people.filter((r) => r.Event === "1").map((r) => `${day(r)}|${r["2Path"]}`)));
    expect(sums("country")).toEqual(tally(views.filter((r) => r.Location).map((r) => `${day(r)}|${r.Location!.slice(0, 2)}`)));
  });

  test("referrers: GoatCounter's groups and hosts by the collector's classes; every first visit is one arrival", () => {
    const referrer = rows.filter((r) => r.dim === "referrer");
    expect(referrer.reduce((n, r) => n + r.views, 0)).toBe(views.filter((r) => r.FirstVisit === "1").length);
    const google = views.filter((r) => r["Referrer scheme"] === "g" && r.Referrer === "Google").length;
    expect(referrer.filter((r) => r.label === "google.com" && r.group === "search").reduce((n, r) => n + r.views, 0)).toBe(google);
    const campaign = views.filter((r) => r["Referrer scheme"] === "c").length;
    expect(rows.filter((r) => r.dim === "utm_source").length).toBe(0);
    expect(campaign).toBeGreaterThan(0);
  });

  test("no session id or user-agent string survives in the rows", () => {
    const out = JSON.stringify(rows);
    for (const r of all) {
      expect(out).not.toContain(r.Session!);
      if (r.UserAgent) expect(out).not.toContain(r.UserAgent);
    }
  });

  test("the export as GoatCounter downloads it, gzipped, reads the same; a cut-off one is refused", async () => {
    const gz = Bun.gzipSync(Buffer.from(text));
    expect(await importRows(goatcounter, fileIn(dir, "export.csv.gz", gz))).toEqual(rows);
    const cut = await faultOf(goatcounter, fileIn(dir, "cut.csv.gz", gz.subarray(0, gz.length - 40)));
    expect(cut).toMatchObject({ line: 0, reason: "the gzip file is cut off or damaged" });
  });

  test("a file without a column it needs is refused naming the column", async () => {
    const path = fileIn(dir, "no-date.csv", text.replace(",Date\n", "\n"));
    expect((await faultOf(goatcounter, path)).message).toBe('line 1: missing column "Date"');
    const v1 = fileIn(dir, "v1.csv", text.replace("2Path", "1Path"));
    expect((await faultOf(goatcounter, v1)).message).toContain("not a GoatCounter CSV export of version 2");
  });

  test("a bad date is refused with its line", async () => {
    const lines = text.split("\n");
    lines[6] = lines[6]!.replace(/[^,]*$/, "yesterday");
    const fault = await faultOf(goatcounter, fileIn(dir, "bad-date.csv", lines.join("\n")));
    expect(fault.line).toBe(7);
    expect(fault.reason).toBe('bad date "yesterday"');
  });

  test("a line over 1 MB is refused with its line", async () => {
    const lines = text.split("\n");
    lines.splice(3, 0, `/${"x".repeat(1.2 * 2 ** 20)},T,0,,,,,0,,o,,,0,2024-03-04T00:00:00Z`);
    const fault = await faultOf(goatcounter, fileIn(dir, "long.csv", lines.join("\n")));
    expect(fault.line).toBe(4);
    expect(fault.reason).toBe("a line over 1 MB");
  });
});
