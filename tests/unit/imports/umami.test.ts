// Umami's data export, its website_event table as CSV (columns learned from umami-software/umami
// db/clickhouse/schema.sql and prisma/schema.prisma; see tests/fixtures/imports/README.md): the
// folded days equal the fixture's own sums, computed here from its cells; a visit's first page view
// is its arrival, later ones (a same-site referrer) are internal; no id survives; malformed files
// are refused with the line.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { umami } from "../../../src/imports/formats/umami";
import { byDay, faultOf, fileIn, importRows, scratchDir, table, tally } from "../../helpers/imports";
import { removedAfterAll } from "../../helpers/scratch";

const FIXTURE = join(import.meta.dir, "../../fixtures/imports/umami/website_event.csv");
const text = readFileSync(FIXTURE, "utf8");
const all = table(text);
const views = all.filter((r) => r.event_type === "1");
const day = (r: Record<string, string>) => r.created_at!.slice(0, 10);
const scratch = removedAfterAll();
const dir = scratch(scratchDir());
const sums = (rows: { dim: string; day: string; label: string; group: string; views: number }[], dim: string) =>
  Object.fromEntries([...byDay(rows as never, dim)].map(([k, r]) => [k, r.views]));

describe("umami", async () => {
  const rows = await importRows(umami, FIXTURE, "UTC", "example.com");

  test("per-day views equal the fixture's page views, visits its distinct visit ids", () => {
    const totals = Object.fromEntries([...byDay(rows, "total")].map(([k, r]) => [k.split("|")[0], [r.views, r.uniques]]));
    const expected: Record<string, number[]> = {};
    for (const d of new Set(views.map(day))) {
      const those = views.filter((r) => day(r) === d);
      expected[d] = [those.length, new Set(those.map((r) => r.visit_id)).size];
    }
    expect(totals).toEqual(expected);
  });

  test("pages, events, countries and languages per day equal the fixture's", () => {
    expect(sums(rows, "page")).toEqual(tally(views.map((r) => `${day(r)}|${r.url_path}`)));
    expect(sums(rows, "event")).toEqual(tally(all.filter((r) => r.event_type === "2").map((r) => `${day(r)}|${r.event_name}`)));
    expect(sums(rows, "country")).toEqual(tally(views.map((r) => `${day(r)}|${r.country}`)));
    expect(sums(rows, "language")).toEqual(tally(views.map((r) => `${day(r)}|${r.language!.slice(0, 2)}`)));
  });

  test("arrivals are the visits' first views; the same site's referrers are internal", () => {
    const firsts = views.filter((r) => r.referrer_domain !== "example.com");
    const arrivals = rows.filter((r) => r.dim === "referrer");
    expect(arrivals.reduce((n, r) => n + r.views, 0)).toBe(firsts.length);
    const sum = (rs: typeof arrivals) => rs.reduce((n, r) => n + r.views, 0);
    // The collector's rule: a campaign whose medium is email makes an email arrival, referrer or not.
    const email = firsts.filter((r) => r.utm_medium === "email");
    expect(sum(arrivals.filter((r) => r.group === "email"))).toBe(email.length);
    expect(sum(arrivals.filter((r) => r.label === "direct"))).toBe(firsts.filter((r) => !r.referrer_domain && r.utm_medium !== "email").length);
    expect(arrivals.some((r) => r.label === "example.com")).toBe(false);
    expect(sums(rows, "campaign")).toEqual(tally(firsts.filter((r) => r.utm_campaign).map((r) => `${day(r)}|${r.utm_campaign}`)));
  });

  test("Umami's browser, OS and device names are the collector's", () => {
    const labels = (dim: string) => [...new Set(rows.filter((r) => r.dim === dim).map((r) => r.label))].sort();
    expect(labels("browser").length).toBeGreaterThan(2);
    expect(labels("browser").every((b) => ["Chrome", "Firefox", "Safari", "Samsung Internet for Android"].includes(b))).toBe(true);
    expect(labels("os").every((o) => ["Android", "Linux", "Windows", "iOS", "macOS"].includes(o))).toBe(true);
    expect(labels("device").every((d) => ["desktop", "mobile", "tablet"].includes(d))).toBe(true);
  });

  test("no session, visit, event or website id survives in the rows", () => {
    const out = JSON.stringify(rows);
    for (const r of all) for (const id of [r.session_id, r.visit_id, r.event_id, r.website_id]) expect(out).not.toContain(id!);
  });

  test("a file without a column it needs is refused naming the column", async () => {
    const path = fileIn(dir, "no-type.csv", text.replace("event_type,", "kind,"));
    expect((await faultOf(umami, path)).message).toBe('line 1: missing column "event_type"');
  });

  test("a bad date is refused with its line", async () => {
    const lines = text.split("\n");
    lines[4] = lines[4]!.replace(/2024-05-1\d \d\d:\d\d:\d\d/, "2024-05-99 10:00:00");
    const fault = await faultOf(umami, fileIn(dir, "bad-date.csv", lines.join("\n")));
    expect(fault.line).toBe(5);
    expect(fault.reason).toBe('bad date "2024-05-99 10:00:00"');
  });

  test("a line over 1 MB is refused with its line", async () => {
    const lines = text.split("\n");
    lines[2] = lines[2]!.replace(",Home,", `,${"H".repeat(1.1 * 2 ** 20)},`);
    const fault = await faultOf(umami, fileIn(dir, "long.csv", lines.join("\n")));
    expect(fault).toMatchObject({ line: 3, reason: "a line over 1 MB" });
  });
});
