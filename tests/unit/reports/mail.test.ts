// The weekly report mail shows what visitors sent (paths, referrers) as inert text: one line, short,
// escaped, and nothing a mail client would turn into a link; its tables share one set of column
// widths, so figures and changes line up from table to table, and colour each change by its meaning.
import { expect, test } from "bun:test";
import type { Report } from "../../../src/reports/content";
import { reportMail } from "../../../src/reports/mail";
import type { GoalRow } from "../../../src/shared/goals";
import type { ListRow } from "../../../src/shared/stats";

const HOSTILE = "/\n\nSECURITY NOTICE: visit https://evil.example/reset";
const row = (label: string): ListRow => ({ label, value: 7, pc: 50, c: null });

const report: Report = {
  domain: "owner.example.com",
  startKey: "2024-03-04",
  endKey: "2024-03-10",
  views: { now: 14, then: 10, change: 40 },
  unique: { now: 9, then: 8, change: 12.5 },
  bounceRate: { now: null, then: null, change: null },
  attention: { now: null, then: null, change: null },
  pages: [row(HOSTILE), row(`/long/${"a".repeat(200)}`), row("/<b>bold</b>")],
  sources: [row("www.evil.example\r\nCall us: someone@evil.example"), row("direct")],
  carbon: null,
  goals: [],
};
const mail = reportMail("owner@example.com", report, { dashboard: "https://bothy.test/dashboard", unsubscribe: "https://bothy.test/u" });
/** What the text says once invisible characters are gone, as a reader sees it. */
const visible = (s: string) => s.replace(/\u200d/g, "");

test("a path with line breaks and a link stays on its own numbered line, unlinkable", () => {
  const pages = mail.text.split("\n\n").find((p) => p.startsWith("Top pages"))!.split("\n");
  expect(pages).toHaveLength(4);
  expect(visible(pages[1]!)).toBe("1. / SECURITY NOTICE: visit https://evil.example/reset: 7 views");
  expect(mail.text.split("\n").some((l) => l.startsWith("SECURITY NOTICE"))).toBe(false);
  // Neither a scheme, a bare domain, www. nor an address is left for an autolinker to find.
  for (const part of [mail.text, mail.html]) {
    expect(part).not.toContain("https://evil");
    expect(part).not.toContain("evil.example");
    expect(part).not.toContain("www.evil");
    expect(part).not.toContain("someone@evil");
  }
  expect(visible(mail.text)).toContain("2. Direct / none: 7 views");
});

test("in HTML a visitor's text is escaped and never a link", () => {
  expect(mail.html).not.toContain("<b>bold");
  expect(mail.html).toContain("/&#60;b&#62;bold&#60;/b&#62;");
  expect(mail.html).not.toMatch(/<a [^>]*href="[^"]*evil/);
  expect(mail.html.match(/<a /g)).toHaveLength(2); // the dashboard and the unsubscribe links alone
  expect(visible(mail.html)).toContain("/ SECURITY NOTICE: visit https://evil.example/reset");
});

test("a long path is cut to 80 characters with an ellipsis", () => {
  const line = mail.text.split("\n").find((l) => l.startsWith("2. /long/"))!;
  const label = visible(line).replace(/^2\. /, "").replace(/: 7 views$/, "");
  expect(Array.from(label)).toHaveLength(80);
  expect(label.endsWith("…")).toBe(true);
});

test("a week without visits has no CO2 rating", () => {
  const carbon = { co2Grams: 0, kwh: 0, kwhChange: null, carKm: 0, streamingHours: 0, change: null, rating: "A+", gramsPerVisit: 0, visits: 0 };
  const quiet = reportMail("owner@example.com", { ...report, carbon }, { dashboard: "https://bothy.test/dashboard", unsubscribe: "https://bothy.test/u" });
  expect(quiet.text).toContain("Rating (SWD v4): No visits yet");
  expect(quiet.text).not.toContain("A+");
});

const carbon = { co2Grams: 12, kwh: 0.04, kwhChange: 5, carKm: 0.1, streamingHours: 0.2, change: 4, rating: "B", gramsPerVisit: 0.2, visits: 60 };
const goal = (name: string, conversions: number, rate: number, c: number | null): GoalRow =>
  ({ id: 1, name, kind: "event", match: "signup", value: null, createdAt: "2024-03-01T00:00:00.000Z", conversions, rate, valueSum: null, co2PerConversion: null, c });
const withGoals = (more: Partial<Report>) =>
  reportMail("owner@example.com", { ...report, goals: [goal("Signed up", 12, 0.034, 20), goal("Thanks page", 1, 0.0004, -50)], ...more }, { dashboard: "https://bothy.test/dashboard", unsubscribe: "https://bothy.test/u" });

test("goals are a table of their own after the others, worded as the dashboard words them; none without goals", () => {
  const parts = withGoals({ carbon }).text.split("\n\n").map((p) => p.split("\n")[0]);
  expect(parts.indexOf("Goals")).toBe(parts.indexOf("Carbon & energy") + 1);
  const goals = withGoals({}).text.split("\n\n").find((p) => p.startsWith("Goals\n"))!.split("\n");
  expect(goals).toEqual(["Goals", "Signed up: 12 conversions \u00b7 3.4%\u00a0rate (+20%)", "Thanks page: 1 conversion \u00b7 0.04%\u00a0rate (\u221250%)"]);
  expect(mail.text).not.toMatch(/^Goals$/m);
  expect(mail.html).not.toContain(">Goals</h2>");
});

test("a change is green when it is good news and red when it is bad, whichever way it goes", () => {
  const html = withGoals({ carbon, bounceRate: { now: 40, then: 30, change: 10 } }).html;
  const colourOf = (change: string) => new RegExp(`color:(#[0-9a-f]{6})">${change}</td>`).exec(html)?.[1];
  expect(colourOf("\\+20%")).toBe("#15803d"); // more conversions
  expect(colourOf("\u221250%")).toBe("#b91c1c"); // fewer conversions
  expect(colourOf("\\+4%")).toBe("#b91c1c"); // more CO2
  expect(colourOf("\\+10 pts")).toBe("#b91c1c"); // more bounces
  expect(colourOf("\\+40%")).toBe("#15803d"); // more page views
});

test("a goal's name, the owner's, is as inert in the mail as a visitor's text", () => {
  const hostile = withGoals({ goals: [goal("Go to evil.example/reset <b>now</b>", 3, 0.1, null)] });
  for (const part of [hostile.text, hostile.html]) expect(part).not.toContain("evil.example");
  expect(hostile.html).toContain("&#60;b&#62;now");
  expect(visible(hostile.text)).toContain("Go to evil.example/reset <b>now</b>: 3 conversions \u00b7 10.0%\u00a0rate\n");
});

test("every table of the HTML mail lays its label, figure and change columns out at the same widths", () => {
  const tables = [...withGoals({ carbon }).html.matchAll(/<h2[^>]*>[^<]*<\/h2>\s*<table([^>]*)>(.*?)<\/table>/gs)];
  expect(tables).toHaveLength(5);
  const layouts = tables.map(([, attrs, body]) => ({
    fixed: /table-layout:fixed/.test(attrs!),
    cols: [...body!.matchAll(/<col width="(\d+%)"/g)].map((m) => m[1]),
  }));
  expect(new Set(layouts.map((l) => JSON.stringify(l))).size).toBe(1);
  expect(layouts[0]!.fixed).toBe(true);
  expect(layouts[0]!.cols).toHaveLength(3);
});

test("the week's energy carries its change against the week before, as CO2 does", () => {
  const full = reportMail("owner@example.com", { ...report, carbon }, { dashboard: "https://bothy.test/dashboard", unsubscribe: "https://bothy.test/u" });
  expect(full.text).toContain("Energy used: 0.040 kWh \u2248 0.2 hours of video streaming (+5%)");
  expect(full.text).toContain("CO\u2082 emitted: 12 g \u2248 0.1 km by car (+4%)");
});
