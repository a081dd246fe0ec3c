// A database outage under load, one app node on `db:serve`: a short one (the database process
// paused) is buffered and written afterwards; a long one (the process gone) fills the bounded buffer,
// so collection answers 503 + Retry-After, pages a 503 page, /readyz not ready, and all of it
// recovers by itself once the database is back. Every accepted view is stored, once.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { CHROME_UA, until } from "../../helpers/collect";
import { startOutage, type Outage } from "../../helpers/outage";

// NOTE: 6 senders at most one view each 20 ms: ≤ 300 views/s, so a 5 s pause (≤ 1,500) fits the
// 2,000-row buffer, and a stopped database fills it within seconds.
const CLIENTS = 6;
const EVERY_MS = 20;

let outage: Outage;
beforeAll(async () => {
  outage = await startOutage({ COLLECT_MAX_BUFFER: "2000", COLLECT_BATCH_SIZE: "200", COLLECT_FLUSH_MS: "100" });
}, 300_000);
afterAll(() => outage?.close(), 60_000);

test("a 5 s pause of the database under load: everything buffered, then written, none refused", async () => {
  const { tally } = outage;
  outage.startLoad(CLIENTS, EVERY_MS);
  try {
    await until("200 views stored before the pause", async () => (await outage.stored()) >= 200, 60_000, 100);
    outage.db.proc.kill("SIGSTOP");
    const before = tally.sent;
    try {
      // NOTE: the length of the outage is the scenario itself, not a wait for a condition.
      await Bun.sleep(5_000);
    } finally {
      outage.db.proc.kill("SIGCONT");
    }
    expect(tally.sent - before).toBeGreaterThan(100); // the load went on during the pause
    const resumed = tally.sent;
    await until("traffic after the pause", () => tally.sent - resumed >= 100, 60_000, 50);
  } finally {
    await outage.stopLoad();
  }
  await outage.drained(60_000);
  await outage.report("5 s pause");
  expect(tally.refused).toBe(0);
  expect(tally.failed).toBe(0);
  expect(await outage.stored()).toBe(tally.accepted);
  const [dupes] = await outage.sql<{ n: number }[]>`
    SELECT count(*) - count(DISTINCT path) AS n FROM hits WHERE site_id = ${outage.siteId} AND kind = 1`;
  expect(Number(dupes!.n)).toBe(0);
}, 300_000);

test("the database gone for long: 503 + Retry-After, a 503 page, not ready; then it recovers by itself", async () => {
  const { tally, app } = outage;
  const acceptedBefore = tally.accepted;
  outage.startLoad(CLIENTS, EVERY_MS);
  try {
    await outage.stopDatabase();
    await until("collection refusing with 503 (the buffer is full)", () => tally.refused > 0, 120_000, 100);
    expect(tally.retryAfter).toBe(true);

    const beacon = await fetch(`${app.url}/b/v`, {
      method: "POST",
      body: JSON.stringify({ d: "outage.example", p: "/x" }),
      headers: { "user-agent": CHROME_UA },
    });
    expect(beacon.status).toBe(503);
    expect(beacon.headers.get("retry-after")).toBe("1");
    expect((await beacon.json()).error.code).toBe("unavailable");

    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).error.message).toStartWith("Database unreachable");

    // A page that reads the database: the clear 503 page, not a 500.
    const page = await fetch(`${app.url}/privacy/outage.example`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("30");
    expect(page.headers.get("content-type")).toStartWith("text/html");
    expect(await page.text()).toContain("Bothy is briefly unavailable");

    // An API call that reads the database: the JSON 503.
    const api = await fetch(`${app.url}/api/signin`, {
      method: "POST",
      body: JSON.stringify({ email: "someone@example.com", password: "a long enough password" }),
      headers: { "content-type": "application/json", origin: new URL(app.url).origin },
    });
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("30");
    expect((await api.json()).error.message).toBe("Bothy is briefly unavailable; please try again in a minute");

    await outage.startDatabase();
    await until("/readyz ready again", async () => (await fetch(`${app.url}/readyz`)).status === 200, 120_000, 250);
    const refusedAtRecovery = tally.refused;
    const acceptedAtRecovery = tally.accepted;
    await until("views accepted again", () => tally.accepted - acceptedAtRecovery >= 100, 120_000, 100);
    // NOTE: a sender may have been answered 503 between the restart and the buffer's first drain.
    expect(tally.refused - refusedAtRecovery).toBeLessThan(CLIENTS * 50);
  } finally {
    await outage.stopLoad();
  }
  await outage.drained(120_000);
  await outage.report("database gone");
  expect(tally.accepted).toBeGreaterThan(acceptedBefore);
  expect(tally.failed).toBe(0);
  expect(await outage.stored()).toBe(tally.accepted);
  const rows = await outage.sql<{ path: string }[]>`SELECT path FROM hits WHERE site_id = ${outage.siteId} AND kind = 1`;
  const stored = new Set(rows.map((r) => r.path));
  expect(stored.size).toBe(rows.length);
  expect([...outage.acceptedPaths].filter((p) => !stored.has(p))).toEqual([]);
  expect((await fetch(`${app.url}/privacy/outage.example`)).status).toBe(404); // served again (no notice turned on)
  expect(app.output()).not.toContain('"msg":"unhandled error"');
}, 400_000);
