// Exactness: every figure of SUMMARY, PATH, REF and GOALS equals the same figure
// computed from raw hits, over random ranges of a domain whose traffic was written through the real
// collect path, partly materialized, with more hits in today's open buckets that are not.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { refreshAggregates } from "../../../src/hits";
import { localTime } from "../../../src/shared/days";
import { rng } from "../../../src/collect/synthetic";
import type { Incoming } from "../../../src/collect/model";
import type { Database } from "../../../src/db";
import type { Filter } from "../../../src/shared/filters";
import type { Goal } from "../../../src/shared/goals";
import type { EntriesWanted } from "../../../src/stats/contract";
import { readStats, type StatsTarget } from "../../../src/stats/read";
import { addTarget, ingest, openStatsDatabase, traffic } from "../../helpers/stats";
import { near, periodsOf, REF_LABEL, referenceGoals, referencePath, referenceRef, referenceSummary, type ReferenceGoal } from "./reference";

const DAY = 86_400_000;
let db: Database;
let target: StatsTarget;
let today: string;
let fresh = 0;

beforeAll(async () => {
  db = await openStatsDatabase();
  // NOTE: Asia/Kathmandu is +05:45, so no local day starts on a UTC hour or day boundary.
  target = await addTarget(db.sql, "exact.example", "Asia/Kathmandu", { green: true });
  const now = Date.now();
  await ingest(db.sql, withAmounts(traffic("exact.example", now - 40 * DAY, now - 10 * 60_000, 6000, 7)));
  await refreshAggregates(db.sql);
  // TRICKY: rows in a bucket that is already materialized stay invisible until the next refresh
  // (the collect job seals buckets 2 minutes after they close), so the fresh hits go after the
  // hourly watermark: they are in no materialized bucket and only real-time aggregation sees them.
  const [w] = await db.sql<{ from: Date }[]>`SELECT time_bucket('1 hour', now() - interval '2 minutes') AS "from"`;
  const from = Math.max(w!.from.getTime(), now - 10 * 60_000);
  fresh = await ingest(db.sql, traffic("exact.example", from, Date.now(), 400, 11));
  today = localTime(target.tz, Date.now()).day;
}, 120_000);
afterAll(() => db.close());

/** The synthetic hits with numeric event values too (GOALS' value sums): a "download" without a value gets one. */
function* withAmounts(hits: Iterable<Incoming>): Generator<Incoming> {
  let i = 0;
  for (const hit of hits) {
    if (hit.kind === "event" && hit.body.n === "download" && hit.body.v === undefined) hit.body.v = String((++i % 4) * 1.5);
    yield hit;
  }
}

const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const back = (n: number) => dayKey(Date.parse(`${today}T00:00:00Z`) - n * DAY);

/** How many random ranges follow the fixed ones: one in `npm test`, as many as asked by `npm run exact`. */
const RANDOM_RANGES = Math.max(1, Number(process.env.EXACT_RANGES) || 1);

/** Seeded random ranges: ending today, single days (today and past), longer than 7 days, random. */
function ranges(): [string, string][] {
  const r = rng(Number(process.env.EXACT_SEED) || 42);
  const n = (k: number) => Math.floor(r() * k);
  const out: [string, string][] = [[today, today], [back(6), today], [back(29), today], [back(3), back(3)], [back(45), back(1)]];
  for (let i = 0; i < RANDOM_RANGES; i++) {
    const end = n(30);
    out.push([back(end + n(15)), back(end)]);
  }
  return out;
}

describe("readStats equals raw hits", () => {
  test("fresh unmaterialized hits are part of today's numbers", async () => {
    expect(fresh).toBeGreaterThan(0);
    const [m] = await db.sql`SELECT count(*)::int AS n FROM hits_hourly WHERE site_id = ${target.id} AND bucket >= now() - interval '1 hour'`;
    expect(m!.n).toBeGreaterThan(0);
  });

  for (const dataType of ["SUMMARY", "PATH", "REF"] as const) {
    test(`${dataType} over random ranges`, async () => {
      for (const [startKey, endKey] of ranges()) {
        const got = await readStats(db.read, target, { startKey, endKey, dataType }, { admin: false });
        if (!got.ok) throw new Error(got.message);
        const { validated, periods, admin, error, dataType: _, ...figures } = got.stats;
        const p = periodsOf(startKey, endKey);
        expect(periods).toEqual({ now: { startKey, endKey }, then: { startKey: p.then[0], endKey: p.then[1] } });
        expect({ admin, error, today: validated.today, SK: validated.SK }).toEqual({ admin: false, error: null, today, SK: "exact.example" });
        const want =
          dataType === "SUMMARY" ? await referenceSummary(db.sql, target.id, startKey, endKey)
          : dataType === "PATH" ? await referencePath(db.sql, target.id, startKey, endKey, true)
          : await referenceRef(db.sql, target.id, startKey, endKey);
        const expected = { range: [startKey, endKey], ...want };
        expect(near({ range: [startKey, endKey], ...figures }, expected)).toEqual(expected);
      }
    }, (5 + RANDOM_RANGES) * 15_000);
  }

  test("GOALS over three ranges, for every hit and for a slice", async () => {
    const goal = (id: number, kind: Goal["kind"], match: string, value: string | null = null): Goal =>
      ({ id, name: `goal ${id}`, kind, match, value, createdAt: "2026-01-01T00:00:00.000Z" });
    // NOTE: each goal beside the hits it converts on, written by hand as SQL over hits.
    const cases: [Goal, ReferenceGoal][] = [
      [goal(1, "page", "/blog/**"), { converts: "kind = 1 AND path LIKE '/blog/%'" }],
      [goal(2, "page", "/docs/*"), { converts: "kind = 1 AND path ~ '^/docs/[^/]*$'" }],
      [goal(3, "page", "/pricing"), { converts: "kind = 1 AND path IN ('/pricing', '/pricing/')" }],
      [goal(4, "event", "signup"), { converts: "kind = 3 AND event_name = 'signup'" }],
      [goal(5, "event", "signup", "pro"), { converts: "kind = 3 AND event_name = 'signup' AND event_value = 'pro'" }],
      [goal(6, "event", "download"), { converts: "kind = 3 AND event_name = 'download'" }],
      [goal(7, "event", "download", "3"), { converts: "kind = 3 AND event_name = 'download' AND event_value = '3'" }],
    ];
    const goals = cases.map(([g]) => g);
    const mobile: Filter[] = [["is", "device", ["mobile"]]];
    for (const [filters, slice] of [[[], "true"], [mobile, "coalesce(device, 'unknown') = 'mobile'"]] as const) {
      for (const [startKey, endKey] of [[back(6), today], [back(29), today], [back(3), back(3)]] as const) {
        const got = await readStats(db.read, target, { startKey, endKey, dataType: "GOALS", goals, filters: [...filters] }, { admin: false });
        if (!got.ok || got.stats.dataType !== "GOALS" || got.stats.goals === "locked") throw new Error("no goals");
        const want = await referenceGoals(db.sql, target.id, startKey, endKey, true, cases.map(([, r]) => r), slice);
        const expected = { range: [startKey, endKey, slice], goals: goals.map((g, i) => ({ ...g, ...want[i] })) };
        expect(near({ range: [startKey, endKey, slice], goals: got.stats.goals }, expected)).toEqual(expected);
        // NOTE: not trivially zero: over 30 days of every hit, each goal converts and the downloads have a value.
        if (startKey === back(29) && filters.length === 0) {
          expect(want.every((w) => w.conversions > 0)).toBe(true);
          expect(want[5]!.valueSum).toBeGreaterThan(0);
        }
      }
    }
  }, 30_000);

  test("REF's entry pages asked for none, one referrer, one page or one campaign agree with the whole answer and raw hits", async () => {
    const [startKey, endKey] = [back(29), today];
    const ref = async (entries: EntriesWanted) => {
      const got = await readStats(db.read, target, { startKey, endKey, dataType: "REF", entries }, { admin: false });
      if (!got.ok || got.stats.dataType !== "REF") throw new Error("no ref");
      return got.stats;
    };
    const all = await ref({ of: "all" });
    // NOTE: all's campaign pages equal raw hits ("REF over random ranges"); one campaign's equal all's.
    const bare = all.campaign.map((c) => ({ ...c, path: [] }));
    expect(all.campaign.length).toBeGreaterThan(5);
    expect(all.campaign.every((c) => c.path.length > 0)).toBe(true);
    const { path: none, campaign: noCampaignPages, ...rest } = await ref({ of: "none" });
    expect(none).toEqual({});
    expect(noCampaignPages).toEqual(bare);
    const { path: _, campaign: __, ...allRest } = all;
    expect(rest).toEqual(allRest);
    for (const c of all.campaign) {
      const one = await ref({ of: "campaign", name: c.label });
      expect(one.path).toEqual({});
      expect(one.campaign).toEqual(bare.map((b) => (b.label === c.label ? c : b)));
    }
    const labels = all.result.map((r) => r.label);
    expect(labels).toContain("direct");
    for (const label of labels) {
      const one = await ref({ of: "referrer", label });
      expect(one.path).toEqual({ [label]: all.path[label]! });
      expect(one.campaign).toEqual(bare);
    }
    const [top] = await db.sql<{ path: string }[]>`
      SELECT path FROM hits WHERE site_id = ${target.id} AND kind = 1 AND source IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`;
    const raw = await db.sql<{ label: string; n: number }[]>`
      SELECT ${db.sql.unsafe(REF_LABEL)} AS label, count(*)::int AS n FROM hits WHERE site_id = ${target.id} AND kind = 1
        AND source IS NOT NULL AND path = ${top!.path} AND local_day BETWEEN ${startKey}::date AND ${endKey}::date GROUP BY 1`;
    const byPage = (await ref({ of: "page", path: top!.path })).path;
    expect(Object.fromEntries(Object.entries(byPage).map(([label, rows]) => [label, rows.map((r) => [r.label, r.value])])))
      .toEqual(Object.fromEntries(raw.map((r) => [r.label, [[top!.path, r.n]]])));
    expect(raw.length).toBeGreaterThan(2);
  });

  test("the lists are not trivially empty and today has hours", async () => {
    const got = await readStats(db.read, target, { startKey: back(6), endKey: today, dataType: "SUMMARY" }, { admin: false });
    if (!got.ok || got.stats.dataType !== "SUMMARY") throw new Error("no summary");
    expect(got.stats.country.length).toBeGreaterThan(3);
    expect(got.stats.days.at(-1)!.hours.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(got.stats.visits.hits).toBeGreaterThan(0);
    expect(got.stats.previous.hits).toBeGreaterThan(0);
    const ref = await readStats(db.read, target, { startKey: back(29), endKey: today, dataType: "REF" }, { admin: false });
    if (!ref.ok || ref.stats.dataType !== "REF") throw new Error("no ref");
    expect(ref.stats.tweets.map((t) => t.u).sort()).toEqual([
      "https://bsky.app/profile/bothy.example/post/3lbothy2abc", "https://mastodon.social/@bothy/113500000000000002",
      "https://x.com/bothy/status/1859000000000000001", "https://x.com/someone/status/1859000000000000003",
    ]);
  });
});
