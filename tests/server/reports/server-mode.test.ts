// On a server database (DATABASE_URL: `npm run db:serve`, or the suite's server) an app node with
// the default JOBS=here runs the report job on its job timer, claimed in the database, every
// MAINTENANCE_INTERVAL_S, on the real clock. A domain whose Monday 08:00 has passed gets last week's report, once.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { dueWeek } from "../../../src/reports/week";
import { call, verifiedSession } from "../../helpers/api";
import { until } from "../../helpers/collect";
import { sharedDatabase, startTestServer } from "../../helpers/server";
import { startSmtp, type TestSmtp } from "../../helpers/smtp";

const LONG_AGO = new Date("2000-01-01T00:00:00Z");
// NOTE: zones far apart, so at any instant one of them is past its Monday 08:00 and not about to
// start a new week within the test's minute.
const ZONES = ["Europe/London", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"];
const zone = ZONES.find((z) => {
  const week = dueWeek(z, Date.now(), LONG_AGO);
  return week !== null && week === dueWeek(z, Date.now() + 120_000, LONG_AGO);
})!;

let db: Awaited<ReturnType<typeof sharedDatabase>>;
let smtp: TestSmtp;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  db = await sharedDatabase();
  smtp = await startSmtp();
  server = await startTestServer({ env: { DATABASE_URL: db.url, DATABASE_POOL: "1", SMTP_URL: smtp.url, MAINTENANCE_INTERVAL_S: "10" } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await db?.stop();
});

test("the node's job timer mails last week's report once", async () => {
  expect(zone).toBeDefined();
  expect(server.db.maintenance).not.toBeNull();
  const cookie = await verifiedSession(server, "owner@example.com", "a sturdy passphrase");
  const same = { cookie, headers: { origin: "http://bothy.test" } };
  expect((await call(server.app, "POST", "/api/domains", { ...same, body: { domain: "served.example.com", tz: zone } })).status).toBe(201);
  await server.db.sql`UPDATE domains SET verified_at = now()`;
  expect((await call(server.app, "PATCH", "/api/domains/served.example.com/reports", { ...same, body: { enabled: true } })).status).toBe(200);
  await server.db.sql`UPDATE domains SET reports_since = ${LONG_AGO}`;
  smtp.mails.splice(0); // NOTE: the sign-up's verification mail

  const [mail] = await smtp.waitFor(1, 40_000);
  expect(mail!.to).toEqual(["owner@example.com"]);
  expect(mail!.subject).toStartWith("served.example.com: your week on Bothy");
  // NOTE: the server took the mail before the job marks its run sent.
  const runs = await until("the run marked sent", async () => {
    const rows = await server.db.sql`SELECT to_char(week, 'YYYY-MM-DD') AS week, attempts FROM report_runs WHERE sent_at IS NOT NULL`;
    return rows.length ? rows : null;
  });
  expect(runs!.map((r) => [r.week, r.attempts])).toEqual([[dueWeek(zone, Date.now(), LONG_AGO), 1]]);
});
