// The stats cache's warm-up after a boot (src/stats/warm.ts): a restarted server reads the opening
// range of the busiest domains before anyone asks, so the first dashboard load is answered from the
// cache; proven by deleting every hit behind the cache's back, which only a cold read sees. Its
// answers are kept by the read gate too, for the viewers who ask while the first reads run.
import { afterAll, expect, test } from "bun:test";
import { refreshAggregates } from "../../../src/hits";
import { localTime } from "../../../src/shared/days";
import { OPENING_PRESET, presetRange, rangeDays } from "../../../components/dashboard/date-rules";
import { OPENING_DAYS } from "../../../src/stats/contract";
import { statsCache } from "../../../src/stats/cache";
import { readStats, type StatsTarget } from "../../../src/stats/read";
import { statsService, warmingOf } from "../../../src/stats";
import { siteByName } from "../../../src/domains";
import { freshDatabase } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { startTestServer } from "../../helpers/server";
import { addTarget, ingest, noonZone, traffic } from "../../helpers/stats";

const DAY = 86_400_000;
const running: Awaited<ReturnType<typeof startTestServer>>[] = [];
afterAll(async () => {
  for (const s of running) await s.stop();
});
const scratch = removedAfterAll();

async function visits(server: (typeof running)[number], target: StatsTarget) {
  const range = presetRange(OPENING_PRESET, localTime(target.tz, Date.now()).day);
  const got = await readStats(server.db.read, target, { ...range, dataType: "SUMMARY" }, { admin: false });
  if (!got.ok || got.stats.dataType !== "SUMMARY") throw new Error("no summary");
  return got.stats.visits.hits;
}

test("the server warms the range the dashboard opens on", () => {
  expect(rangeDays(presetRange(OPENING_PRESET, "2026-11-22"))).toBe(OPENING_DAYS);
});

test("after a restart the busiest domains' opening range is read from the cache", async () => {
  // NOTE: a database of the test's own, since the second server reopens it.
  const db = scratch(await freshDatabase());
  const first = await startTestServer({ env: db.env });
  running.push(first);
  expect(await warmingOf(first.db)).toBe(0); // a fresh database has no busy domain
  // NOTE: about noon there, so no local midnight falls near the test: the opening range stays the
  // same throughout, and its past days are sealed.
  const target = await addTarget(first.db.sql, "warm.example", noonZone());
  const quiet = await addTarget(first.db.sql, "quiet.example", target.tz);
  const now = Date.now();
  await ingest(first.db.sql, traffic("warm.example", now - 3 * DAY, now - 10 * 60_000, 600, 5));
  await ingest(first.db.sql, traffic("quiet.example", now - 5 * DAY, now - 4 * DAY, 50, 6)); // nothing in the last day
  await refreshAggregates(first.db.sql);
  const before = await visits(first, target);
  expect(before).toBeGreaterThan(0);
  await first.stop();
  running.pop();

  const second = await startTestServer({ env: db.env });
  running.push(second);
  expect(await warmingOf(second.db)).toBe(1); // warm.example only
  // The warm-up kept its answers: a viewer asking while the first dashboard's read after the boot
  // runs gets the warmed answer at once, not after that read.
  const { answer } = statsService({ config: second.config, db: second.db });
  const site = (await siteByName(second.db.sql, "warm.example"))!;
  const asked = { ...presetRange(OPENING_PRESET, localTime(target.tz, Date.now()).day), dataType: "SUMMARY" as const };
  let openingDone = false;
  const opening = answer(site, asked, false, undefined, 30_000).then((stats) => ((openingDone = true), stats));
  const meanwhile = await answer(site, asked, false, undefined, 30_000);
  expect(openingDone).toBe(false);
  expect(meanwhile).toEqual(await opening);
  // NOTE: a delete that bypasses the writer bumps no epoch: only a cached answer still counts these.
  await second.db.sql`DELETE FROM hits WHERE site_id IN (${target.id}, ${quiet.id})`;
  await refreshAggregates(second.db.sql);
  expect(await visits(second, target)).toBe(before);
  statsCache(second.db.read).clear();
  expect(await visits(second, target)).toBe(0);
}, 120_000);
