// Printing the yearly report's PDF with the real Chromium: an unverified account is refused (403)
// before anything is printed, one account's parallel prints cannot crowd out another's (past its
// first, each is a 429 with Retry-After, and the other account's print still comes out), and a
// print with the dashboard's filters is the page of that slice.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { localTime } from "../../../src/shared/days";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
let server: Awaited<ReturnType<typeof startTestServer>>;
let busy: string;
let other: string;
let last: number;

beforeAll(async () => {
  server = await startTestServer();
  busy = await verifiedSession(server, "busy@example.com", PASSWORD);
  other = await verifiedSession(server, "other@example.com", PASSWORD);
  for (const [cookie, domain] of [[busy, "busy.example"], [other, "other.example"]] as const) {
    expect((await call(server.app, "POST", "/api/domains", { cookie, headers: SAME, body: { domain, tz: "UTC" } })).status).toBe(201);
  }
  last = Number(localTime("UTC", Date.now()).day.slice(0, 4)) - 1;
}, 60_000);
afterAll(() => server?.stop());

const pdf = (cookie: string, domain: string) => call(server.app, "GET", `/dashboard/${domain}/report.pdf?year=${last}`, { cookie });

test("an unverified account may not print its own domain's report (403)", async () => {
  const fresh = await verifiedSession(server, "fresh@example.com", PASSWORD);
  expect((await call(server.app, "POST", "/api/domains", { cookie: fresh, headers: SAME, body: { domain: "fresh.example", tz: "UTC" } })).status).toBe(201);
  await server.db.sql`UPDATE users SET verified = false WHERE email = 'fresh@example.com'`;
  const res = await pdf(fresh, "fresh.example");
  expect(res.status).toBe(403);
  expect(res.json.error.message).toBe("Verify your email address before you download a report as a PDF.");
});

test("one account's parallel prints: one prints, the rest get 429; another account's print is not refused", async () => {
  await server.db.sql`UPDATE domains SET created = '2020-01-01'`;
  const mine = Array.from({ length: 7 }, () => pdf(busy, "busy.example"));
  // NOTE: the other account asks once the first of these has been answered, so all seven have
  // reached the printer by then.
  await Promise.race(mine);
  const theirs = await pdf(other, "other.example");
  const answers = await Promise.all(mine);
  expect(answers.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429, 429]);
  for (const r of answers.filter((a) => a.status === 429)) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(theirs.status).toBe(200);
  expect(theirs.headers.get("content-type")).toBe("application/pdf");
  expect(theirs.text.startsWith("%PDF-")).toBe(true);
}, 120_000);

/** The PDF's document title, which Chromium takes from the page's <title> (UTF-16 hex when not ASCII). */
function pdfTitle(pdf: string): string {
  const m = /\/Title\s*(?:\(([^)]*)\)|<([0-9A-Fa-f]+)>)/.exec(pdf);
  if (!m) throw new Error("the PDF has no title");
  if (m[1] !== undefined) return m[1];
  const bytes = Buffer.from(m[2]!, "hex");
  return new TextDecoder("utf-16be").decode(bytes.subarray(2));
}

test("a print with filters is the page of that slice", async () => {
  const res = await call(server.app, "GET", `/dashboard/other.example/report.pdf?year=${last}&f=source:search&f=country!:FR`, { cookie: other });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(pdfTitle(res.text)).toBe(`other.example: sustainability report ${last} (Source is search; Country is not FR) · Bothy`);
}, 60_000);
