// Weekly email reports end to end: the real server with its embedded database, traffic written
// through the collect path, mail through nodemailer to a real SMTP server on loopback, and the
// report job run on a clock the test sets (Monday 07:59 and 08:00 in the domain's time zone), and
// by the embedded database's maintenance pass on the real clock.
import { co2 } from "@tgwf/co2";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { refreshAggregates } from "../../../src/hits";
import type { AppContext } from "../../../src/context";
import { changeTone } from "../../../src/shared/change";
import type { GoalRow } from "../../../src/shared/goals";
import { formatChange, formatDuration, formatNumber, formatPercent } from "../../../src/shared/numbers";
import { formatMass } from "../../../src/shared/units";
import { visitorText } from "../../../src/mail";
import { weeklyReportJob } from "../../../src/reports";
import { RETRY_BASE_MS } from "../../../src/reports/send";
import { dueWeek } from "../../../src/reports/week";
import { addDays, localTime, utcMidnight } from "../../../src/shared/days";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { startMailingServer } from "../../helpers/reports";
import type { ReceivedMail, TestSmtp } from "../../helpers/smtp";
import { ingest, traffic } from "../../helpers/stats";

const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
const TZ = "America/New_York";
const HOUR = 3600_000;
/** A list row of /api/stats as the checks below read it. */
type Row = { label: string; value: number; durationAvg: number | null };
/** One decimal, as the mail words distances and hours. */
const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toLocaleString("en-GB");

let smtp: TestSmtp;
let server: Awaited<ReturnType<typeof startTestServer>>;
let ctx: AppContext;
let owner: string;
let stopAll: (() => Promise<void>) | undefined;

/** This local week's Monday in TZ, and the week the report due then covers. */
const today = localTime(TZ, Date.now()).day;
const MONDAY = addDays(today, -((new Date(utcMidnight(today)).getUTCDay() + 6) % 7));
const WEEK = addDays(MONDAY, -7);

/** The instant it is `hour`:00 on local day `day` in TZ (the first quarter-hour that reads so). */
function localInstant(day: string, hour: number): number {
  for (let ms = utcMidnight(day) - 14 * HOUR; ms < utcMidnight(day) + 38 * HOUR; ms += 15 * 60_000) {
    const t = localTime(TZ, ms);
    if (t.day === day && t.hour === hour) return ms;
  }
  throw new Error(`no ${hour}:00 on ${day} in ${TZ}`);
}
const AT_EIGHT = localInstant(MONDAY, 8);

const run = (at: number) => weeklyReportJob(ctx, () => new Date(at)).run(ctx.db.sql);
const mailsFor = (domain: string) => smtp.mails.filter((m) => m.subject.includes(`${domain}:`));
const api = (method: string, path: string, body?: unknown, cookie = owner) => call(server.app, method, path, { cookie, headers: SAME, body });

/** A verified domain of the owner with reports on since long ago, and a week's traffic in each of
 * the report's week and the week before. */
async function reportingDomain(name: string, views: [number, number] = [60, 40]) {
  expect((await api("POST", "/api/domains", { domain: name, tz: TZ })).status).toBe(201);
  await server.db.sql`UPDATE domains SET verified_at = now() WHERE name = ${name}`;
  const on = await api("PATCH", `/api/domains/${name}/reports`, { enabled: true });
  expect(on.status).toBe(200);
  expect(on.json).toMatchObject({ enabled: true, recipients: [{ email: "owner@example.com", owner: true, confirmed: true, unsubscribed: false }] });
  // NOTE: as if reports had been on for long: the week's Monday 08:00 then comes after turning them on.
  await server.db.sql`UPDATE domains SET reports_since = '2000-01-01' WHERE name = ${name}`;
  // NOTE: the middle days of each week (UTC), inside the local week in any zone.
  await ingest(server.db.sql, traffic(name, utcMidnight(WEEK) + 24 * HOUR, utcMidnight(WEEK) + 6 * 24 * HOUR, views[0], 1));
  await ingest(server.db.sql, traffic(name, utcMidnight(WEEK) - 6 * 24 * HOUR, utcMidnight(WEEK) - 24 * HOUR, views[1], 2));
  // NOTE: on a server the refresh policies may have sealed these past days before (or between) the
  // writes, and rows in sealed days show in reads only after the next refresh: materialize them now.
  await refreshAggregates(server.db.sql);
}

const linkIn = (text: string, path: string) => {
  const m = new RegExp(`http://bothy\\.test(${path}\\?token=[0-9]+\\.[A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in:\n${text}`);
  return m[1]!;
};

beforeAll(async () => {
  let stop: () => Promise<void>;
  ({ smtp, server, ctx, owner, stop } = await startMailingServer("owner@example.com", PASSWORD));
  stopAll = stop;
});
afterAll(() => stopAll?.());

describe("the weekly report", () => {
  test("arrives once, at Monday 08:00 in the domain's zone, with the numbers /api/stats gives for that week", async () => {
    await reportingDomain("weekly.example.com");
    await run(AT_EIGHT - 60_000);
    expect(mailsFor("weekly.example.com")).toHaveLength(0);
    await run(AT_EIGHT);
    const mails = mailsFor("weekly.example.com");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual(["owner@example.com"]);

    const end = addDays(WEEK, 6);
    const stats = async (dataType: string) =>
      (await call(server.app, "GET", `/api/stats?domain=weekly.example.com&startKey=${WEEK}&endKey=${end}&dataType=${dataType}`, { cookie: owner })).json;
    const [summary, path, ref] = [await stats("SUMMARY"), await stats("PATH"), await stats("REF")];
    expect(summary.visits.hits).toBeGreaterThan(0);
    expect(mail.text).toContain(`Page views: ${formatNumber(summary.visits.hits)} (${formatChange(((summary.visits.hits - summary.previous.hits) / summary.previous.hits) * 100)})`);
    expect(mail.text).toContain(`Unique visits: ${formatNumber(summary.visits.unique)}`);
    const pages = path.path.slice(0, 5).map((r: { label: string; value: number }, i: number) => `${i + 1}. ${visitorText(r.label)}: ${formatNumber(r.value)} views`);
    for (const line of pages) expect(mail.text).toContain(line);
    expect(ref.result.length).toBeGreaterThan(1);
    const sources = ref.result.slice(0, 5).map((r: Row, i: number) => `${i + 1}. ${r.label === "direct" ? "Direct / none" : visitorText(r.label)}: ${formatNumber(r.value)} views`);
    for (const line of sources) expect(mail.text).toContain(line);
    // Bounce rate (change in points), attention (views-weighted visible time of the pages) and the
    // week's CO2 and energy with their everyday equivalents, from the API's own figures.
    const rate = (v: { bounceCount: number; bounceNew: number }) => (v.bounceCount / v.bounceNew) * 100;
    const pts = Math.round(rate(summary.visits) - rate(summary.previous));
    expect(mail.text).toContain(`Bounce rate: ${Math.round(rate(summary.visits))}% (${pts > 0 ? "+" : pts < 0 ? "\u2212" : "\u00b1"}${Math.abs(pts)} pts)`);
    const timed = path.path.filter((r: Row) => r.durationAvg !== null);
    expect(timed.length).toBeGreaterThan(0);
    const attention = timed.reduce((n: number, r: Row) => n + r.durationAvg! * r.value, 0) / timed.reduce((n: number, r: Row) => n + r.value, 0);
    expect(mail.text).toContain(`Attention (avg. time on page): ${formatDuration(attention)}`);
    const t = path.carbonTotals;
    const before = (await call(server.app, "GET", `/api/stats?domain=weekly.example.com&startKey=${addDays(WEEK, -7)}&endKey=${addDays(WEEK, -1)}&dataType=PATH`, { cookie: owner })).json;
    const co2Change = formatChange(((t.co2Grams - before.carbonTotals.co2Grams) / before.carbonTotals.co2Grams) * 100);
    expect(co2Change).not.toBe("");
    expect(mail.text).toContain(`CO\u2082 emitted: ${formatMass(t.co2Grams)} \u2248 ${oneDecimal(t.totalKM)} km by car (${co2Change})`);
    const kwh = path.energy.reduce((n: number, e: { kwh: number }) => n + e.kwh, 0);
    expect(kwh).toBeGreaterThan(0);
    const kwhBefore = before.energy.reduce((n: number, e: { kwh: number }) => n + e.kwh, 0);
    const kwhChange = formatChange(((kwh - kwhBefore) / kwhBefore) * 100);
    expect(kwhChange).not.toBe("");
    expect(mail.text).toContain(`Energy used: ${kwh.toPrecision(2)} kWh \u2248 ${oneDecimal(t.streamingHours)} hours of video streaming (${kwhChange})`);
    // The week's letter, from CO2.js's own scale for the week's grams per visit.
    const letter = new co2({ model: "swd", version: 4, rating: true }).model.ratingScale(path.carbonTotals.avgCo2Grams);
    expect(path.carbonTotals.rating).toBe(letter);
    expect(mail.text).toContain(`Rating (SWD v4): ${letter}: ${path.carbonTotals.avgCo2Grams.toPrecision(2)} g of CO\u2082 per visit`);
    // Links take the configured origin; the headers offer RFC 8058 one-click unsubscribing.
    expect(mail.text).toContain(`Open the dashboard: http://bothy.test/dashboard/weekly.example.com?from=${WEEK}&to=${end}`);
    const unsubscribe = linkIn(mail.text, "/reports/unsubscribe");
    expect(mail.headers.get("list-unsubscribe")).toBe(`<http://bothy.test${unsubscribe}>`);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.html).toContain("<table");
    expect(mail.html).toContain(formatNumber(summary.visits.hits));
    expect(mail.html).toContain(`${formatMass(t.co2Grams)} \u2248 ${oneDecimal(t.totalKM)} km by car`);
    expect(mail.html).toContain(`${kwh.toPrecision(2)} kWh`);
    // A domain without goals has no Goals table.
    expect(mail.text).not.toMatch(/^Goals$/m);
    expect(mail.html).not.toContain(">Goals</h2>");

    // A second run that week, at once or days later, sends nothing more.
    await run(AT_EIGHT);
    await run(AT_EIGHT + 3 * 24 * HOUR);
    expect(mailsFor("weekly.example.com")).toHaveLength(1);
  });

  test("a domain's goals: each one's conversions, rate and change as GOALS answers them for the week", async () => {
    await reportingDomain("goals.example.com", [600, 400]);
    for (const goal of [{ name: "Saw pricing", kind: "page", match: "/pricing/**" }, { name: "Signed up", kind: "event", match: "signup" }]) {
      expect((await api("POST", "/api/domains/goals.example.com/goals", goal)).status).toBe(201);
    }
    await run(AT_EIGHT);
    const [mail] = mailsFor("goals.example.com");
    const range = `startKey=${WEEK}&endKey=${addDays(WEEK, 6)}`;
    const answer = (await call(server.app, "GET", `/api/stats?domain=goals.example.com&${range}&dataType=GOALS`, { cookie: owner })).json;
    const goals: GoalRow[] = answer.goals;
    expect(goals.map((g) => g.name).sort()).toEqual(["Saw pricing", "Signed up"]);
    // The table follows the others, one line a goal, each with its change against the week before.
    // NOTE: SMTP carries the text's lines with CRLF.
    const table = mail!.text.split(/\r?\n\r?\n/).find((p) => /^Goals\r?\n/.test(p));
    expect(table?.split(/\r?\n/)).toHaveLength(3);
    // The change cell's colour by what the change means: more conversions is good news.
    const colour = { good: "#15803d", bad: "#b91c1c", neutral: "#6b7280" };
    for (const g of goals) {
      expect(g.conversions).toBeGreaterThan(0);
      expect(g.c).not.toBeNull();
      const value = `${formatNumber(g.conversions)} conversions \u00b7 ${formatPercent(g.rate)}\u00a0rate`;
      expect(table).toContain(`${g.name}: ${value} (${formatChange(g.c)})`);
      const cells = new RegExp(`<td[^>]*>${g.name}</td><td[^>]*>([^<]*)</td><td[^>]*color:(#[0-9a-f]{6})[^>]*>([^<]*)</td>`).exec(mail!.html);
      expect(cells?.slice(1)).toEqual([value, colour[changeTone("conversions", g.c!)], formatChange(g.c)]);
    }
  });

  test("two workers racing send it once", async () => {
    await reportingDomain("race.example.com", [20, 10]);
    await Promise.all([run(AT_EIGHT), run(AT_EIGHT), run(AT_EIGHT)]);
    expect(mailsFor("race.example.com")).toHaveLength(1);
    const rows = await server.db.sql`SELECT attempts, sent_at FROM report_runs r JOIN domains d ON d.id = r.domain_id WHERE d.name = 'race.example.com'`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempts).toBe(1);
  });

  test("an SMTP failure is retried after its back-off, and the mail then arrives once", async () => {
    await reportingDomain("retry.example.com", [20, 10]);
    smtp.failNext(1);
    await run(AT_EIGHT);
    expect(mailsFor("retry.example.com")).toHaveLength(0);
    const [row] = await server.db.sql`SELECT attempts, error FROM report_runs r JOIN domains d ON d.id = r.domain_id WHERE d.name = 'retry.example.com'`;
    expect(row!.attempts).toBe(1);
    expect(row!.error).toContain("451");
    await run(AT_EIGHT + RETRY_BASE_MS - 1000);
    expect(mailsFor("retry.example.com")).toHaveLength(0);
    await run(AT_EIGHT + RETRY_BASE_MS);
    await run(AT_EIGHT + RETRY_BASE_MS * 4);
    expect(mailsFor("retry.example.com")).toHaveLength(1);
  });
});

describe("recipients", () => {
  let friendMail: ReceivedMail;

  test("an added address gets a confirmation link and nothing else until it confirms", async () => {
    await reportingDomain("team.example.com", [20, 10]);
    const added = await api("POST", "/api/domains/team.example.com/reports/recipients", { email: "Friend@Example.net" });
    expect(added.status).toBe(201);
    expect(added.json.recipients).toContainEqual({ email: "friend@example.net", owner: false, confirmed: false, unsubscribed: false });
    expect((await api("POST", "/api/domains/team.example.com/reports/recipients", { email: "stranger@example.net" })).status).toBe(201);
    const confirms = smtp.mails.filter((m) => m.to[0] === "friend@example.net");
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.subject).toBe("Confirm weekly reports for team.example.com");

    // The link's page only shows a button (scanners open links); its POST confirms.
    const link = linkIn(confirms[0]!.text, "/reports/confirm");
    const shown = await call(server.app, "GET", link);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(`action="http://bothy.test${link}"`);
    expect((await api("GET", "/api/domains/team.example.com/reports")).json.recipients).toContainEqual(expect.objectContaining({ email: "friend@example.net", confirmed: false }));
    expect((await call(server.app, "POST", link)).status).toBe(200);
    // A confirm link does not unsubscribe, nor the reverse.
    expect((await call(server.app, "GET", link.replace("/confirm", "/unsubscribe"))).status).toBe(404);

    await run(AT_EIGHT);
    const reports = mailsFor("team.example.com");
    expect(reports.map((m) => m.to[0]).sort()).toEqual(["friend@example.net", "owner@example.com"]);
    expect(smtp.mails.filter((m) => m.to[0] === "stranger@example.net").map((m) => m.subject)).toEqual(["Confirm weekly reports for team.example.com"]);
    friendMail = reports.find((m) => m.to[0] === "friend@example.net")!;
  });

  test("unsubscribing by the link and by the one-click POST stops the reports", async () => {
    const ownerMail = mailsFor("team.example.com").find((m) => m.to[0] === "owner@example.com")!;
    // The friend follows the link: a page with a button, whose form POSTs the one-click field.
    const link = linkIn(friendMail.text, "/reports/unsubscribe");
    const shown = await call(server.app, "GET", link);
    expect(shown.text).toContain('name="List-Unsubscribe" value="One-Click"');
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expect((await call(server.app, "POST", link, { headers: form, body: "List-Unsubscribe=One-Click" })).status).toBe(200);
    // The owner's mail client POSTs to the List-Unsubscribe URL (RFC 8058).
    const header = /^<http:\/\/bothy\.test(.+)>$/.exec(ownerMail.headers.get("list-unsubscribe")!)![1]!;
    expect((await call(server.app, "POST", header, { headers: form, body: "nonsense=1" })).status).toBe(400);
    expect((await call(server.app, "POST", header, { headers: form, body: "List-Unsubscribe=One-Click" })).status).toBe(200);

    const view = await api("GET", "/api/domains/team.example.com/reports");
    expect(view.json.recipients.filter((r: { unsubscribed: boolean }) => r.unsubscribed).map((r: { email: string }) => r.email).sort()).toEqual([
      "friend@example.net", "owner@example.com",
    ]);
    const before = mailsFor("team.example.com").length;
    await run(localInstant(addDays(MONDAY, 7), 8));
    expect(mailsFor("team.example.com")).toHaveLength(before);
  });

  test("saving reports on again subscribes the owner again; turning them off stops every mail", async () => {
    const on = await api("PATCH", "/api/domains/team.example.com/reports", { enabled: true });
    expect(on.json.recipients.find((r: { owner: boolean }) => r.owner)).toMatchObject({ email: "owner@example.com", unsubscribed: false });
    const before = mailsFor("team.example.com").length;
    await run(localInstant(addDays(MONDAY, 14), 8));
    expect(mailsFor("team.example.com").slice(before).map((m) => m.to[0])).toEqual(["owner@example.com"]);

    expect((await api("PATCH", "/api/domains/team.example.com/reports", { enabled: false })).json.enabled).toBe(false);
    await run(localInstant(addDays(MONDAY, 21), 8));
    expect(mailsFor("team.example.com")).toHaveLength(before + 1);
  });

  test("a forged or stale link is refused", async () => {
    const mac = "A".repeat(43);
    expect((await call(server.app, "GET", `/reports/unsubscribe?token=1.${mac}`)).status).toBe(404);
    // Ids past the int range are not ids at all: a 400, never the database's overflow.
    expect((await call(server.app, "GET", `/reports/unsubscribe?token=999999999.${mac}`)).status).toBe(404);
    expect((await call(server.app, "GET", `/reports/unsubscribe?token=9999999999.${mac}`)).status).toBe(400);
    const bad = await call(server.app, "POST", "/reports/confirm?token=nope");
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ status: 400, code: "bad-request" });
    expect((await api("DELETE", "/api/domains/team.example.com/reports/recipients", { email: "stranger@example.net" })).status).toBe(200);
    const stranger = smtp.mails.find((m) => m.to[0] === "stranger@example.net")!;
    expect((await call(server.app, "POST", linkIn(stranger.text, "/reports/confirm"))).status).toBe(404);
  });
});

describe("settings", () => {
  test("a free account outside beta cannot turn reports on or add addresses", async () => {
    const free = await verifiedSession(server, "free@example.com", PASSWORD);
    expect((await api("POST", "/api/domains", { domain: "free.example.com", tz: TZ }, free)).status).toBe(201);
    await server.db.sql`UPDATE domains SET verified_at = now() WHERE name = 'free.example.com'`;
    const on = await api("PATCH", "/api/domains/free.example.com/reports", { enabled: true }, free);
    expect(on.status).toBe(403);
    expect(on.json.error).toMatchObject({ status: 403, code: "forbidden", message: "Weekly email reports are a Pro feature." });
    expect((await api("POST", "/api/domains/free.example.com/reports/recipients", { email: "a@example.net" }, free)).status).toBe(403);
    expect((await api("GET", "/api/domains/free.example.com/reports", undefined, free)).json).toMatchObject({ enabled: false, recipients: [] });
  });

  test("bad input gets the one error shape; another account's domain is not found", async () => {
    const bad = await api("POST", "/api/domains/weekly.example.com/reports/recipients", { email: "not an address" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ status: 400, fields: { email: "Enter a valid email address." } });
    expect((await api("PATCH", "/api/domains/weekly.example.com/reports", { enabled: "yes" })).status).toBe(400);
    expect((await api("GET", "/api/domains/free.example.com/reports")).status).toBe(404);
    const own = await api("POST", "/api/domains/weekly.example.com/reports/recipients", { email: "owner@example.com" });
    expect(own.status).toBe(409);
  });

  test("at most ten more addresses", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await api("POST", "/api/domains/weekly.example.com/reports/recipients", { email: `r${i}@example.net` })).status).toBe(201);
    }
    const eleventh = await api("POST", "/api/domains/weekly.example.com/reports/recipients", { email: "r10@example.net" });
    expect(eleventh.status).toBe(409);
    expect(eleventh.json.error.message).toBe("A report goes to you and at most 10 more addresses.");
  });
});

describe("the maintenance pass", () => {
  test("runs the job on the real clock: a due report goes out once, however many passes", async () => {
    const since = new Date("2000-01-01T00:00:00Z");
    // NOTE: a zone past its Monday 08:00 and not about to start a new week within the test's minutes.
    const zone = ["Europe/London", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"].find((z) => {
      const week = dueWeek(z, Date.now(), since);
      return week !== null && week === dueWeek(z, Date.now() + 300_000, since);
    })!;
    expect((await api("POST", "/api/domains", { domain: "pass.example.com", tz: zone })).status).toBe(201);
    await server.db.sql`UPDATE domains SET verified_at = now(), reports_since = ${since} WHERE name = 'pass.example.com'`;
    expect((await api("PATCH", "/api/domains/pass.example.com/reports", { enabled: true })).json.enabled).toBe(true);
    await ctx.db.maintenance!.runOnce();
    await ctx.db.maintenance!.runOnce();
    expect(mailsFor("pass.example.com").map((m) => m.to[0])).toEqual(["owner@example.com"]);
    const runs = await server.db.sql`SELECT to_char(week, 'YYYY-MM-DD') AS week FROM report_runs r JOIN domains d ON d.id = r.domain_id WHERE d.name = 'pass.example.com'`;
    expect(runs.map((r) => r.week)).toEqual([dueWeek(zone, Date.now(), since)]);
  });
});
