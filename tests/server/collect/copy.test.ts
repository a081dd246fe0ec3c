// The embedded database's COPY write path (src/collect/copy.ts) against the real embedded database:
// it stores exactly what the unnest statement stores, a retried batch id writes nothing twice, a
// failed batch leaves nothing behind, and it never lands inside a socket client's transaction.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyHits } from "../../../src/collect/copy";
import { HIT_COLUMNS, type HitRow } from "../../../src/hits";
import { insertHits } from "../../../src/collect/writer";
import { loadConfig } from "../../../src/config";
import { openDatabase, type Database } from "../../../src/db";
import { setLogLevel } from "../../../src/log";
import { addDomain } from "../../helpers/collect";
import { migratedDataDir } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";

let db: Database;
let copy: ReturnType<typeof copyHits>;
beforeAll(async () => {
  setLogLevel("silent");
  db = await openDatabase(loadConfig({ DATA_DIR: scratch(await migratedDataDir()), LOG_LEVEL: "silent" }));
  copy = copyHits(db.execBlob!);
});
afterAll(() => db?.close());
const scratch = removedAfterAll(); // NOTE: after the close: afterAll hooks run in the order they are added

const T = Date.parse("2026-11-21T12:34:56.789Z");
const base = (siteId: number): HitRow => ({
  time: T, siteId, kind: 1, localDay: "2026-11-21", localHour: 12, path: "/", referrerHost: null, referrerPost: null,
  source: null, utmSource: null, utmMedium: null, utmCampaign: null, country: null, language: null, browser: null,
  os: null, device: null, screen: null, isUnique: false, isBounce: false, durationMs: null, loadMs: null,
  transferBytes: null, eventName: null, eventValue: null, scrollPct: null, fromPath: null,
  lcpMs: null, inpMs: null, cls: null, fcpMs: null, ttfbMs: null,
});
// Strings CSV must quote: commas, quotes, line breaks, an empty string (not NULL), non-ASCII.
const tricky = (siteId: number): HitRow[] => [
  { ...base(siteId), path: '/a,b"c"\nd\r\ne', referrerHost: "", source: "search", utmCampaign: "spring, \"sale\"" },
  { ...base(siteId), kind: 2, time: T + 1, path: "/ünï/🙂", durationMs: 4200, isBounce: true, transferBytes: 98_765_432_100, scrollPct: 73 },
  { ...base(siteId), kind: 3, time: T + 2, eventName: "sign,up", eventValue: '"', country: "IN", language: "hi", isUnique: true, loadMs: 0 },
  { ...base(siteId), time: T + 3, localDay: "2026-11-22", localHour: 0, referrerPost: "https://x.com/a/status/1", browser: "Chrome", os: "Linux", device: "desktop", screen: "m" },
  { ...base(siteId), kind: 4, time: T + 4, lcpMs: 2501, inpMs: 0, cls: 0.1234, fcpMs: 1800, ttfbMs: null },
];
const stored = (siteId: number) => db.sql`
  SELECT time, kind, local_day::text, local_hour, path, referrer_host, source, utm_source, utm_medium, utm_campaign,
    country, language, browser, os, device, screen, is_unique, is_bounce, duration_ms, load_ms, transfer_bytes,
    event_name, event_value, referrer_post, lcp_ms, inp_ms, cls, fcp_ms, ttfb_ms
  FROM hits WHERE site_id = ${siteId} ORDER BY time`;

test("the column table is the hits table: every column, in its type, nothing else", async () => {
  const pgType = { timestamptz: "timestamp with time zone", int: "integer", smallint: "smallint", bigint: "bigint", real: "real", date: "date", boolean: "boolean", text: "text" };
  const columns = await db.sql<{ name: string; type: string }[]>`
    SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_name = 'hits' ORDER BY column_name`;
  const table = HIT_COLUMNS.map((c) => ({ name: c.name, type: pgType[c.type] })).sort((a, b) => (a.name < b.name ? -1 : 1));
  expect(table).toEqual(columns);
});

test("COPY stores exactly what the unnest statement stores", async () => {
  const viaCopy = await addDomain(db.sql, "copy.example");
  const viaUnnest = await addDomain(db.sql, "unnest.example");
  await copy(crypto.randomUUID(), tricky(viaCopy));
  await insertHits(db.sql, crypto.randomUUID(), tricky(viaUnnest));
  const got = await stored(viaCopy);
  expect(got).toHaveLength(5);
  expect(got).toEqual(await stored(viaUnnest));
  expect(got[0]).toMatchObject({ path: '/a,b"c"\nd\r\ne', referrer_host: "", utm_source: null, utm_campaign: 'spring, "sale"' });
  expect(got[1]).toMatchObject({ path: "/ünï/🙂", transfer_bytes: "98765432100", is_bounce: true });
  expect(got[4]).toMatchObject({ kind: 4, lcp_ms: 2501, inp_ms: 0, cls: expect.closeTo(0.1234, 6), fcp_ms: 1800, ttfb_ms: null });
});

test("a retried batch id writes nothing the second time; a failed batch leaves neither rows nor its id", async () => {
  const site = await addDomain(db.sql, "retry.example");
  const count = async () => Number((await db.sql`SELECT count(*) AS n FROM hits WHERE site_id = ${site}`)[0]!.n);
  const id = crypto.randomUUID();
  await copy(id, tricky(site));
  await copy(id, tricky(site));
  expect(await count()).toBe(5);

  const broken = crypto.randomUUID();
  const rows = tricky(site);
  await expect(copy(broken, [...rows, { ...base(site), localDay: "not a day" }])).rejects.toThrow(/collect\.copyHits/);
  expect(await count()).toBe(5);
  expect(await db.sql`SELECT 1 FROM hit_batches WHERE id = ${broken}`).toHaveLength(0);
  await copy(broken, rows); // the same id, fixed: written once
  expect(await count()).toBe(10);
});

test("a batch never lands inside a socket client's open transaction", async () => {
  const site = await addDomain(db.sql, "tx.example");
  let copied = false;
  let copying: Promise<void> | undefined;
  await db.sql
    .begin(async (tx) => {
      await tx`INSERT INTO hits (time, site_id, kind, local_day, local_hour, path) VALUES (now(), ${site}, 1, '2026-11-21', 0, '/rolled-back')`;
      copying = copy(crypto.randomUUID(), tricky(site)).then(() => void (copied = true));
      // NOTE: proving a non-event (the copy does not land while the transaction is open): nothing
      // to wait for but time.
      await Bun.sleep(300);
      expect(copied).toBe(false); // it waits for the transaction to end
      throw new Error("roll back");
    })
    .catch((err: Error) => expect(err.message).toBe("roll back"));
  await copying;
  const paths = (await stored(site)).map((r) => r.path);
  expect(paths).toHaveLength(5);
  expect(paths).not.toContain("/rolled-back");
});
