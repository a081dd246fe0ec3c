// Simple Analytics' CSV export of data points (fields learned from
// docs.simpleanalytics.com/api/export-data-points; see tests/fixtures/imports/README.md): the
// folded days equal the fixture's own sums, computed here from its cells; robots skipped; no
// session id, uuid or user agent survives; malformed files are refused with the line.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleanalytics } from "../../../src/imports/formats/simpleanalytics";
import { byDay, faultOf, fileIn, importRows, scratchDir, table, tally } from "../../helpers/imports";
import { removedAfterAll } from "../../helpers/scratch";

const FIXTURE = join(import.meta.dir, "../../fixtures/imports/simpleanalytics/pageviews.csv");
const text = readFileSync(FIXTURE, "utf8");
const all = table(text);
const views = all.filter((r) => r.is_robot === "false");
const day = (r: Record<string, string>) => r.added_iso!.slice(0, 10);
const scratch = removedAfterAll();
const dir = scratch(scratchDir());

describe("simpleanalytics", async () => {
  const rows = await importRows(simpleanalytics, FIXTURE);
  const sums = (dim: string) => Object.fromEntries([...byDay(rows, dim)].map(([k, r]) => [k, r.views]));

  test("per-day views, unique visits and time on page equal the fixture's (robots left out)", () => {
    expect(all.length).toBeGreaterThan(views.length);
    const totals = Object.fromEntries([...byDay(rows, "total")].map(([k, r]) => [k.split("|")[0], [r.views, r.uniques, r.durationMs]]));
    const expected: Record<string, number[]> = {};
    for (const r of views) {
      const t = (expected[day(r)] ??= [0, 0, 0]);
      t[0]! += 1;
      t[1]! += r.is_unique === "true" ? 1 : 0;
      t[2]! += Number(r.duration_seconds) * 1000;
    }
    expect(totals).toEqual(expected);
  });

  test("pages, countries and languages per day equal the fixture's", () => {
    expect(sums("page")).toEqual(tally(views.map((r) => `${day(r)}|${r.path}`)));
    expect(sums("country")).toEqual(tally(views.filter((r) => r.country_code).map((r) => `${day(r)}|${r.country_code}`)));
    expect(sums("language")).toEqual(tally(views.map((r) => `${day(r)}|${r.lang_language}`)));
  });

  test("arrivals: every unique view and every view with a referrer, by the referrer's host; campaigns from the query", () => {
    const arrivals = views.filter((r) => r.is_unique === "true" || r.referrer_hostname);
    const referrer = rows.filter((r) => r.dim === "referrer");
    expect(referrer.reduce((n, r) => n + r.views, 0)).toBe(arrivals.length);
    const fromGoogle = arrivals.filter((r) => r.referrer_hostname === "www.google.com").length;
    expect(referrer.filter((r) => r.label === "google.com").reduce((n, r) => n + r.views, 0)).toBe(fromGoogle);
    expect(sums("campaign")).toEqual(tally(arrivals.filter((r) => r.utm_campaign).map((r) => `${day(r)}|${r.utm_campaign}`)));
  });

  test("no session id, uuid or user-agent string survives in the rows", () => {
    const out = JSON.stringify(rows);
    for (const r of all) for (const v of [r.session_id, r.uuid, r.user_agent]) expect(out).not.toContain(v!);
  });

  test("an export of events counts each data point by name", async () => {
    const path = fileIn(dir, "events.csv", "added_iso,datapoint,path,session_id\n2024-06-03T10:00:00.000Z,newsletter_signup,/,a1\n2024-06-03T11:00:00.000Z,newsletter_signup,/blog,a2\n");
    const events = (await importRows(simpleanalytics, path)).filter((r) => r.dim === "event");
    expect(events).toEqual([{ day: "2024-06-03", dim: "event", label: "newsletter_signup", group: "", views: 2, uniques: 0, bounces: 0, durationMs: 0 }]);
  });

  test("a file without a column it needs is refused naming the column", async () => {
    expect((await faultOf(simpleanalytics, fileIn(dir, "no-path.csv", text.replace(",path,", ",page,")))).message).toBe('line 1: missing column "path"');
    expect((await faultOf(simpleanalytics, fileIn(dir, "no-time.csv", text.replace("added_iso,", "added,")))).message).toBe('line 1: missing column "added_iso"');
  });

  test("a bad date is refused with its line", async () => {
    const lines = text.split("\n");
    lines[9] = lines[9]!.replace(/^[^,]*/, "06/03/2024");
    expect(await faultOf(simpleanalytics, fileIn(dir, "bad-date.csv", lines.join("\n")))).toMatchObject({ line: 10, reason: 'bad date "06/03/2024"' });
  });

  test("a line over 1 MB, and a line with too many cells, are refused with their line", async () => {
    const lines = text.split("\n");
    lines[5] = lines[5]!.replace(",example.com,", `,${"e".repeat(1.1 * 2 ** 20)},`);
    expect(await faultOf(simpleanalytics, fileIn(dir, "long.csv", lines.join("\n")))).toMatchObject({ line: 6, reason: "a line over 1 MB" });
    const wide = text.split("\n");
    wide[2] += ",extra";
    expect((await faultOf(simpleanalytics, fileIn(dir, "wide.csv", wide.join("\n")))).line).toBe(3);
  });
});
