// Alerts end to end: the real server with its database (embedded, or the suite's server), page
// views written through the collect path, mail to a real SMTP server on loopback, and the alert check
// run on a clock the test sets. A page 30 % heavier in its last week alerts once, by mail and as an
// annotation, and not again the week after while it stays there; a day with three times its usual
// traffic alerts once; a page whose p75 LCP went from good to poor alerts once, one measured on too
// few views does not; a page that goes over its carbon budget alerts once. A regression alert also
// goes, once, to the domain's webhook.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { refreshAggregates } from "../../../src/hits";
import type { Incoming } from "../../../src/collect/model";
import type { AppContext } from "../../../src/context";
import { alertCheckJob } from "../../../src/reports";
import { deliveryJob } from "../../../src/webhooks";
import { mondayOf } from "../../../src/reports/week";
import { addDays, dayKey, utcMidnight } from "../../../src/shared/days";
import { call } from "../../helpers/api";
import { CHROME_UA } from "../../helpers/collect";
import { startTestServer } from "../../helpers/server";
import { startMailingServer } from "../../helpers/reports";
import type { TestSmtp } from "../../helpers/smtp";
import { ingest } from "../../helpers/stats";
import { startReceiver } from "../../helpers/webhooks";

const SAME = { origin: "http://bothy.test" };
// NOTE: a local day is a UTC day.
const TZ = "UTC";
const DAY = 86_400_000;

let smtp: TestSmtp;
let server: Awaited<ReturnType<typeof startTestServer>>;
let ctx: AppContext;
let owner: string;
let stopAll: (() => Promise<void>) | undefined;

const today = dayKey(Date.now());
/** This week's Monday, and the two complete weeks before it. */
const MONDAY = mondayOf(today);
const LAST = addDays(MONDAY, -7);
const GROWN = addDays(MONDAY, -14);

const receiver = startReceiver();
const runAt = (day: string) => alertCheckJob(ctx, () => new Date(utcMidnight(day) + 9 * 3600_000)).run(ctx.db.sql);
const mailsFor = (domain: string) => smtp.mails.filter((m) => m.subject.startsWith(`${domain}:`));
const api = (method: string, path: string, body?: unknown) => call(server.app, method, path, { cookie: owner, headers: SAME, body });

/** `perDay` page views of `path` weighing `bytes` on each day of [from, from + days). */
function* views(domain: string, path: string, from: string, days: number, perDay: number, bytes: number): Generator<Incoming> {
  for (let d = 0; d < days; d++) {
    for (let i = 0; i < perDay; i++) {
      const time = utcMidnight(from) + d * DAY + Math.floor(((i + 0.5) / perDay) * DAY);
      yield { kind: "view", body: { d: domain, p: path, w: 1280, b: bytes }, time, ua: CHROME_UA };
    }
  }
}

/** `perDay` web-vitals beacons of `path` with this LCP (and a good INP) on each day of [from, from + days). */
function* vitals(domain: string, path: string, from: string, days: number, perDay: number, lcp: number): Generator<Incoming> {
  for (let d = 0; d < days; d++) {
    for (let i = 0; i < perDay; i++) {
      const time = utcMidnight(from) + d * DAY + Math.floor(((i + 0.5) / perDay) * DAY);
      yield { kind: "vitals", body: { d: domain, p: path, w: 1280, lcp, inp: 120, cls: 0.02 }, time, ua: CHROME_UA };
    }
  }
}

/**
 * Materializes the weeks just written in the past, as the next refresh does. TRICKY: on a server the
 * refresh policies may already have sealed those days, and rows landing in sealed days stay out of
 * the daily aggregates (and so out of the reads) until the next refresh, up to 5 minutes later.
 */
const materialized = () => refreshAggregates(server.db.sql);

async function alertingDomain(name: string) {
  expect((await api("POST", "/api/domains", { domain: name, tz: TZ })).status).toBe(201);
  await server.db.sql`UPDATE domains SET verified_at = now() WHERE name = ${name}`;
  const on = await api("PATCH", `/api/domains/${name}/reports`, { enabled: false, alerts: true });
  expect(on.status).toBe(200);
  expect(on.json).toMatchObject({ enabled: false, alerts: true });
}

const annotations = async (domain: string, from: string, to: string) =>
  (await api("GET", `/api/annotations?domain=${domain}&startKey=${from}&endKey=${to}`)).json.annotations as { id: number; day: string; text: string; kind: string }[];

/**
 * The check on the Monday after GROWN's week mails and marks one alert of `kind` for that week,
 * and the check a week later, the page unchanged, adds none.
 */
async function alertsOnceFor(name: string, kind: string, text: string) {
  await runAt(LAST);
  const mails = mailsFor(name);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain(`${GROWN}: ${text}`);
  expect(await annotations(name, addDays(GROWN, -7), today)).toEqual([{ id: expect.any(Number), day: GROWN, kind, text }]);
  await runAt(MONDAY);
  expect(mailsFor(name)).toHaveLength(1);
  expect(await annotations(name, addDays(GROWN, -7), today)).toHaveLength(1);
}

beforeAll(async () => {
  let stop: () => Promise<void>;
  ({ smtp, server, ctx, owner, stop } = await startMailingServer("owner@example.com", "a sturdy passphrase"));
  stopAll = stop;
});
afterAll(async () => {
  await receiver.stop();
  await stopAll?.();
});

test("a page 30 % heavier in its last week: one mail and one annotation, none the week after while it stays", async () => {
  const name = "heavier.example.com";
  await alertingDomain(name);
  // Four weeks at 1 MB a view, then two weeks at 1.3 MB; 20 views a day (140 a week) on /pricing,
  // and a light page whose weight never changes.
  await ingest(server.db.sql, views(name, "/pricing", addDays(GROWN, -28), 28, 20, 1_000_000));
  await ingest(server.db.sql, views(name, "/pricing", GROWN, 14, 20, 1_300_000));
  await ingest(server.db.sql, views(name, "/", addDays(GROWN, -28), 42, 20, 200_000));
  await materialized();
  expect((await api("POST", `/api/domains/${name}/webhooks`, { kind: "json", url: receiver.url })).status).toBe(201);
  // NOTE: the check's clock is in the past, so a delivery job on the real clock finds its alerts due.
  const deliver = () => deliveryJob(ctx.config).run(ctx.db.sql);

  // On the Monday after the first heavier week.
  await runAt(LAST);
  await deliver();
  expect(receiver.received.map((r) => JSON.parse(r.body))).toEqual([{
    event: "alert", domain: name, text: "/pricing got 30% heavier: 1.3 MB per visit against 1 MB.", alert: { day: GROWN, kind: "regression" },
    link: `http://bothy.test/dashboard/${name}?from=${GROWN}&to=${LAST}`, sentAt: expect.any(String),
  }]);
  const mails = mailsFor(name);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.to).toEqual(["owner@example.com"]);
  expect(mails[0]!.text).toContain(`${GROWN}: /pricing got 30% heavier: 1.3 MB per visit against 1 MB.`);
  expect(mails[0]!.text).toContain(`http://bothy.test/dashboard/${name}?from=${GROWN}&to=${LAST}`);
  const marked = await annotations(name, addDays(GROWN, -28), today);
  expect(marked).toEqual([{ id: expect.any(Number), day: GROWN, kind: "regression", text: "/pricing got 30% heavier: 1.3 MB per visit against 1 MB." }]);

  // Later the same day: the day's check has run; nothing new, nothing mailed or posted twice.
  await runAt(LAST);
  await deliver();
  expect(mailsFor(name)).toHaveLength(1);
  expect(receiver.received).toHaveLength(1);

  // The Monday after the second heavier week: the page stayed at 1.3 MB, so no new alert.
  await runAt(MONDAY);
  expect(mailsFor(name)).toHaveLength(1);
  expect(await annotations(name, addDays(GROWN, -28), today)).toHaveLength(1);
});

test("yesterday at three times the same weekday of the last four weeks: one traffic alert", async () => {
  const name = "spike.example.com";
  await alertingDomain(name);
  const yesterday = addDays(today, -1);
  for (const weeks of [1, 2, 3, 4]) await ingest(server.db.sql, views(name, "/", addDays(yesterday, -7 * weeks), 1, 60, 100_000));
  await ingest(server.db.sql, views(name, "/", yesterday, 1, 180, 100_000));
  await materialized();
  await runAt(today);
  await runAt(today);
  const mails = mailsFor(name);
  expect(mails).toHaveLength(1);
  const weekday = new Date(utcMidnight(yesterday)).toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" });
  expect(mails[0]!.text).toContain(`${yesterday}: Traffic spike: 180 page views against a usual 60 on a ${weekday}.`);
  expect((await annotations(name, yesterday, yesterday)).map((a) => a.kind)).toEqual(["traffic"]);
});

test("a page's p75 LCP from good to poor: one speed alert, none while it stays poor, none on too few views", async () => {
  const name = "slower.example.com";
  await alertingDomain(name);
  // /checkout: a good week (1.8 s), then two poor weeks (5.2 s), 4 views with vitals a day (28 a
  // week). /rare: the same crossing on 2 a day (14 a week), too few to judge.
  await ingest(server.db.sql, vitals(name, "/checkout", addDays(GROWN, -7), 7, 4, 1800));
  await ingest(server.db.sql, vitals(name, "/checkout", GROWN, 14, 4, 5200));
  await ingest(server.db.sql, vitals(name, "/rare", addDays(GROWN, -7), 7, 2, 1800));
  await ingest(server.db.sql, vitals(name, "/rare", GROWN, 14, 2, 5200));
  await materialized();

  // The week after, still poor: no crossing, no alert.
  await alertsOnceFor(name, "speed", "/checkout got slower: its LCP went from good to poor, 5.20 s at p75 against 1.80 s the week before.");
});

test("a page over its budget after a week within: one budget alert, none while it stays over", async () => {
  const name = "budget.example.com";
  await alertingDomain(name);
  expect((await api("PUT", `/api/domains/${name}/budgets`, { budgets: [{ pattern: "/pricing", grams: null, bytes: 1_500_000 }, { pattern: null, grams: null, bytes: 5_000_000 }] })).status).toBe(200);
  // /pricing: a week at 1.2 MB a view, then two at 2 MB, over its 1.5 MB; 10 views a day (70 a week,
  // too few for the heavier-page alert). /: 3 MB all along, within the default's 5 MB.
  await ingest(server.db.sql, views(name, "/pricing", addDays(GROWN, -7), 7, 10, 1_200_000));
  await ingest(server.db.sql, views(name, "/pricing", GROWN, 14, 10, 2_000_000));
  await ingest(server.db.sql, views(name, "/", addDays(GROWN, -7), 21, 10, 3_000_000));
  await materialized();

  await alertsOnceFor(name, "budget", "/pricing went over its budget: 2 MB per visit against 1.5 MB.");
});

test("alerts are Pro: a free owner's PATCH with alerts on answers 403", async () => {
  await server.db.sql`UPDATE users SET scope = '{}' WHERE email = 'owner@example.com'`;
  try {
    const res = await api("PATCH", "/api/domains/spike.example.com/reports", { enabled: false, alerts: true });
    expect(res.status).toBe(403);
  } finally {
    await server.db.sql`UPDATE users SET scope = '{pro}' WHERE email = 'owner@example.com'`;
  }
});
