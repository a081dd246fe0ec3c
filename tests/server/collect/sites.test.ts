// Ingest's domain look-ups against the real database: answered from memory while fresh, one query
// for many concurrent hits, and the stale answer kept when a refresh fails (a database outage must
// not turn known domains into drops).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createSites } from "../../../src/collect/sites";
import { addTarget, openStatsDatabase } from "../../helpers/stats";

let db: Awaited<ReturnType<typeof openStatsDatabase>>;
let id: number;

beforeAll(async () => {
  db = await openStatsDatabase();
  id = (await addTarget(db.sql, "shop.example", "Europe/Berlin")).id;
});
afterAll(async () => {
  await db?.close();
});

test("a fresh answer comes from memory, synchronously; www. finds the bare domain", async () => {
  const sites = createSites(db.sql);
  const first = await Promise.all([sites.lookup("SHOP.example"), sites.lookup("shop.example")]);
  expect(first.map((s) => s?.id)).toEqual([id, id]);
  expect(sites.lookup("shop.example")).toMatchObject({ id, tz: "Europe/Berlin", deleted: false });
  expect((await sites.lookup("www.shop.example"))?.id).toBe(id);
  expect(await sites.lookup("nobody.example")).toBeNull();
});

test("a stale answer is kept when its refresh fails, and an unknown name still fails", async () => {
  let fail = false;
  // NOTE: the real client, wrapped so the test can make every query fail like an outage would.
  const flaky = new Proxy(db.sql, {
    apply: (target, self, args) => (fail ? Promise.reject(new Error("database unreachable")) : Reflect.apply(target, self, args)),
  });
  const sites = createSites(flaky, 1);
  expect((await sites.lookup("shop.example"))?.id).toBe(id);
  await Bun.sleep(5); // NOTE: the entry's 1 ms lifetime must pass; time is what this test is about.
  fail = true;
  expect((await sites.lookup("shop.example"))?.id).toBe(id);
  await expect(Promise.resolve(sites.lookup("new.example"))).rejects.toThrow("database unreachable");
});
