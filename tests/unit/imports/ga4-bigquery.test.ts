// Google Analytics 4's BigQuery export as NDJSON (schema learned from Google's published
// events_ export schema, developers.google.com/analytics/bigquery/event-schema; see
// tests/fixtures/imports/README.md): the folded days equal the fixture's own sums, computed here
// from its events; GA's automatic events skipped; country names made ISO codes; no user id
// survives; malformed lines are refused with their number.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ga4BigQuery } from "../../../src/imports/formats/ga4-bigquery";
import { byDay, faultOf, fileIn, importRows, scratchDir, tally } from "../../helpers/imports";
import { removedAfterAll } from "../../helpers/scratch";

type Event = {
  event_timestamp: string;
  event_name: string;
  user_pseudo_id: string;
  event_params: { key: string; value: { string_value: string | null; int_value: string | null } }[];
  geo: { country: string };
  collected_traffic_source: { manual_campaign_name: string } | null;
};

const FIXTURE = join(import.meta.dir, "../../fixtures/imports/ga4/events_20240610.ndjson");
const text = readFileSync(FIXTURE, "utf8");
const events = text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Event);
const views = events.filter((e) => e.event_name === "page_view");
const day = (e: Event) => new Date(Number(e.event_timestamp) / 1000).toISOString().slice(0, 10);
const param = (e: Event, key: string) => e.event_params.find((p) => p.key === key)?.value;
const scratch = removedAfterAll();
const dir = scratch(scratchDir());

describe("ga4 BigQuery export", async () => {
  const rows = await importRows(ga4BigQuery, FIXTURE, "UTC", "example.com");
  const sums = (dim: string) => Object.fromEntries([...byDay(rows, dim)].map(([k, r]) => [k, r.views]));

  test("per-day views are the page_view events, visits their entrances", () => {
    const totals = Object.fromEntries([...byDay(rows, "total")].map(([k, r]) => [k.split("|")[0], [r.views, r.uniques]]));
    const expected: Record<string, number[]> = {};
    for (const e of views) {
      const t = (expected[day(e)] ??= [0, 0]);
      t[0]! += 1;
      t[1]! += param(e, "entrances")?.int_value === "1" ? 1 : 0;
    }
    expect(totals).toEqual(expected);
  });

  test("pages per day are page_location's paths", () => {
    expect(sums("page")).toEqual(tally(views.map((e) => `${day(e)}|${new URL(param(e, "page_location")!.string_value!).pathname}`)));
  });

  test("GA's own events are skipped; the site's own are counted by name", () => {
    const own = events.filter((e) => !["page_view", "session_start", "first_visit", "user_engagement", "scroll"].includes(e.event_name));
    expect(own.length).toBeGreaterThan(0);
    expect(sums("event")).toEqual(tally(own.map((e) => `${day(e)}|${e.event_name}`)));
  });

  test("country names become ISO codes; (not set) is none", () => {
    const iso: Record<string, string> = { "United States": "US", Germany: "DE", "Hong Kong": "HK" };
    expect(sums("country")).toEqual(tally(views.filter((e) => iso[e.geo.country]).map((e) => `${day(e)}|${iso[e.geo.country]}`)));
    expect(views.some((e) => e.geo.country === "(not set)")).toBe(true);
  });

  test("arrivals are entrances and outside referrers; the site's own pages as referrers are internal; campaigns from collected_traffic_source", () => {
    const external = (e: Event) => {
      const r = param(e, "page_referrer")?.string_value;
      return !!r && !new URL(r).hostname.endsWith("example.com");
    };
    const arrivals = views.filter((e) => param(e, "entrances")?.int_value === "1" || external(e));
    expect(rows.filter((r) => r.dim === "referrer").reduce((n, r) => n + r.views, 0)).toBe(arrivals.length);
    expect(sums("campaign")).toEqual(tally(arrivals.filter((e) => e.collected_traffic_source).map((e) => `${day(e)}|${e.collected_traffic_source!.manual_campaign_name}`)));
  });

  test("no user_pseudo_id survives in the rows", () => {
    const out = JSON.stringify(rows);
    for (const e of events) expect(out).not.toContain(e.user_pseudo_id);
  });

  test("a line without event_name, a bad timestamp, a line that is no JSON and a line over 1 MB are refused with their line", async () => {
    const lines = text.split("\n");
    const withLine = (i: number, line: string) => lines.map((l, j) => (j === i ? line : l)).join("\n");
    const noName = fileIn(dir, "no-name.ndjson", withLine(3, lines[3]!.replace(/"event_name":"[^"]*",/, "")));
    expect(await faultOf(ga4BigQuery, noName)).toMatchObject({ line: 4, reason: 'missing field "event_name"' });
    const badTime = fileIn(dir, "bad-time.ndjson", withLine(5, lines[5]!.replace(/"event_timestamp":"\d+"/, '"event_timestamp":"soon"')));
    expect(await faultOf(ga4BigQuery, badTime)).toMatchObject({ line: 6, reason: 'bad date "soon"' });
    expect(await faultOf(ga4BigQuery, fileIn(dir, "cut.ndjson", withLine(7, lines[7]!.slice(0, 100))))).toMatchObject({ line: 8, reason: "not a JSON object" });
    const long = fileIn(dir, "long.ndjson", withLine(9, `{"event_name":"page_view","x":"${"x".repeat(1.5 * 2 ** 20)}"}`));
    expect(await faultOf(ga4BigQuery, long)).toMatchObject({ line: 10, reason: "a line over 1 MB" });
  });
});
