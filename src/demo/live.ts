// The demo domain (config DEMO_DOMAIN): at boot its row is made (no owner, public, scope demo + pro)
// and, when it holds fewer than SEED_BELOW page views over the last 30 days or was written by another
// version of the model (DEMO_MODEL_VERSION; its hits are removed first), DEMO_DAYS local days up to
// now go in through the real write path (the collector's pipeline and batch writer), drawn from the
// traffic model (./model.ts), with the site's goals and funnel when it lacks them; then a timer
// keeps it live with the views the same model expects at that time of day, until shutdown. The month's start and seed are stored with the seeding's claim,
// so every node's timer follows the month that was seeded. All of it runs beside the server, never
// before it: a fresh instance answers at once and the demo fills in seconds.
import type { AppContext } from "../context";
import { collectorOf, rng, type Collector } from "../collect";
import { namedQuery, type Database, type Queryable } from "../db";
import { bumpStatsEpochs, createdAtFirstHit, ensureUnownedSite, siteByName } from "../domains";
import { deleteSiteHits, refreshAggregates } from "../hits";
import { log } from "../log";
import { addDays, dayIn } from "../shared/days";
import { demoDomain, DEMO_SCOPE } from "./domain";
import { DEMO_MODEL_VERSION, demoModel, plannedViews, type DemoModel, type Expected } from "./model";
import { CONVERSIONS, type Conversions } from "./site";
import { demoVisits, type Incoming } from "./visits";

/** Local days seeded, today's morning included: the dashboard's "Last 30 days", with nothing before. */
export const DEMO_DAYS = 30;
/** The model's seed: every seeding of the same days draws the same traffic. */
export const DEMO_SEED = 1;
/** A demo with fewer page views than this over DEMO_DAYS (new, or left off for weeks) is seeded. */
const SEED_BELOW = 5_000;
export const LIVE_EVERY_MS = 4_000;

/**
 * Adds to a domain the goals and funnels it lacks, by name, and says how many it added. The goals
 * room's, handed in where the rooms are composed: that room reads the stats room, which reads this one.
 */
export type AddConversions = (domainId: number, wanted: Conversions) => Promise<{ goals: number; funnels: number }>;

const recentPageViews = namedQuery("demo.recentPageViews", async (sql: Queryable, siteId: number, days: number) => {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM hits WHERE site_id = ${siteId} AND kind = 1 AND time > now() - make_interval(days => ${days})`;
  return row!.n;
});

// NOTE: seeding writes through each node's own batch writer, so a lock held for its length would
// also hold the writer's connection on the embedded database; a claim row with a lease serves instead.
// A node of another model version takes it at once, lease or not, and stores its version, so of
// nodes of one version starting together one claims. Null when not claimed; else whether the data
// came of another version (or of none: no claim, or one from before versions) and is to be replaced.
// A new row carries the month to be seeded (it is always seeded); a taken one keeps its month until
// startMonth. TRICKY: the old version is read by the statement's snapshot; a node that changed the
// row since has stored this version (the WHERE, checked again on the locked row, then fails) or none.
const claimSeeding = namedQuery("demo.claimSeeding", async (sql: Queryable, siteId: number, version: number, month: Month) => {
  const [row] = await sql<{ replace: boolean }[]>`
    WITH old AS (SELECT model_version FROM demo_seedings WHERE site_id = ${siteId})
    INSERT INTO demo_seedings (site_id, claimed_at, model_version, month_start, seed)
    VALUES (${siteId}, now(), ${version}, ${month.start}::date, ${month.seed})
    ON CONFLICT (site_id) DO UPDATE SET claimed_at = now(), model_version = ${version}
      WHERE demo_seedings.claimed_at < now() - interval '10 minutes' OR demo_seedings.model_version IS DISTINCT FROM ${version}
    RETURNING (SELECT model_version FROM old) IS DISTINCT FROM ${version} AS replace`;
  return row ? { replace: row.replace } : null;
});

/** The month the demo's seeding began: its first local day and its seed. */
type Month = { start: string; seed: number };

const startMonth = namedQuery("demo.startMonth", async (sql: Queryable, siteId: number, month: Month) => {
  await sql`UPDATE demo_seedings SET month_start = ${month.start}::date, seed = ${month.seed} WHERE site_id = ${siteId}`;
});

const storedMonth = namedQuery("demo.storedMonth", async (sql: Queryable, siteId: number) => {
  const [row] = await sql<Month[]>`SELECT month_start::text AS start, seed FROM demo_seedings WHERE site_id = ${siteId}`;
  return row!;
});

type Demo = {
  /** Resolves when the row exists and any seeding is written and aggregated. */
  ready: Promise<void>;
  /** True while the live timer runs. */
  readonly live: boolean;
  /** The model the demo follows, once ready. */
  readonly model: DemoModel | null;
  /** Writes the views the model owes over [from, to) (the timer's step) and returns their count. */
  advance(from: number, to: number): Promise<number>;
  stop(): Promise<void>;
};

// NOTE: by database, like the collector, so tests can wait for the seeding of the app they started.
const demos = new WeakMap<Database, Demo>();
export const demoOf = (db: Database) => demos.get(db);

/** Ingests the hits of one page view; waits for the writer when its buffer is full (503). */
async function ingestView(collector: Collector, hits: Incoming[]) {
  for (const hit of hits) {
    while ((await collector.ingest(hit)) === 503) await collector.writer.flush().catch(() => Bun.sleep(200));
  }
}

export function startDemo({ config, db, lifecycle }: AppContext, addConversions: AddConversions): Demo | null {
  const name = demoDomain(config);
  if (!name) return null;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let model: DemoModel | null = null;
  let tz = "";
  let collector: Collector | undefined;
  // NOTE: the live hits draw from a seed per boot, so two runs differ, but each run is reproducible
  // from its "demo live" line; the seeding draws from the month's seed.
  const liveSeed = (Date.now() & 0x7fffffff) | 1;
  const live = demoVisits(name, liveSeed);
  const jitter = rng(liveSeed ^ 0x5bd1e995);
  // NOTE: what the model owes but no tick has written yet, by source: a 4 s tick expects a few
  // hundredths of a view, so fractions carry over and a day's sum stays at the model's.
  const owed: Expected = { visit: 0, spike: 0, campaign: 0 };

  const advance = async (from: number, to: number) => {
    if (!model || !collector) return 0;
    const expected = model.between(tz, from, to);
    const ai = model.aiShare(dayIn(tz, from));
    let views = 0;
    for (const source of ["visit", "spike", "campaign"] as const) {
      owed[source] += expected[source];
      // NOTE: never below zero: a view drawn ahead of its time leaves owed negative until paid back.
      const n = Math.max(0, Math.floor(owed[source] + jitter()));
      owed[source] -= n;
      for (let i = 0; i < n; i++, views++) await ingestView(collector, live(from + Math.floor(jitter() * (to - from)), source, ai));
    }
    return views;
  };

  /**
   * Claims the seeding; true when this node is to seed `month`. The hits of another model's demo go
   * in the claim's transaction, with every stats sum any node cached of them: a node that dies before
   * it commits leaves the old claim and data for the next start to replace. The month to be seeded
   * commits with the claim, so a node whose claim waited on this one reads it. False when another
   * node holds the claim or the demo has enough recent views.
   */
  const claim = async (siteId: number, month: Month) => {
    const { seeds, removed } = await db.sql.begin(async (tx) => {
      const claimed = await claimSeeding(tx, siteId, DEMO_MODEL_VERSION, month);
      if (!claimed) return { seeds: false, removed: 0 };
      const removed = claimed.replace ? await deleteSiteHits(tx, [siteId]) : 0;
      if (removed) await bumpStatsEpochs(tx, [siteId]);
      // NOTE: a replaced demo is empty now, and so is a new one.
      const seeds = claimed.replace || (await recentPageViews(tx, siteId, DEMO_DAYS)) < SEED_BELOW;
      if (seeds) await startMonth(tx, siteId, month);
      return { seeds, removed };
    });
    if (removed) log.info("demo replaced", { domain: name, removed, version: DEMO_MODEL_VERSION });
    return seeds;
  };

  /** Seeds DEMO_DAYS local days up to now, when this node claims the seeding. */
  const fill = async (into: Collector, siteId: number) => {
    // From local midnight DEMO_DAYS - 1 days ago to a few minutes ago, so that no leave beacon lands
    // in the future. NOTE: nothing before, so "Last 30 days" has no sliver of a previous period to
    // be thousands of percent above.
    const end = Date.now() - 5 * 60_000;
    const month = { start: addDays(dayIn(tz, end), 1 - DEMO_DAYS), seed: DEMO_SEED };
    if (!(await claim(siteId, month))) return;
    const t0 = performance.now();
    // NOTE: with the seeding's claim, so of nodes starting together one adds them (the goals' unique
    // names would refuse a second); a demo seeded again gets back any it lost.
    const added = await addConversions(siteId, CONVERSIONS);
    const seeded = demoModel(month.seed, month.start);
    const visits = demoVisits(name, month.seed);
    // NOTE: the hour steps begin before the first local midnight (any zone's), which the day check skips.
    const planned = plannedViews(seeded, tz, end - (DEMO_DAYS + 2) * 86_400_000, end, month.seed).filter((v) => dayIn(tz, v.time) >= month.start);
    for (let i = 0; i < planned.length && !stopped; i++) {
      const { time, source } = planned[i]!;
      await ingestView(into, visits(time, source, seeded.aiShare(dayIn(tz, time))));
      // NOTE: yield now and then: the pipeline's steps are synchronous once the site is cached.
      if (i % 500 === 499) await Bun.sleep(0);
    }
    // NOTE: stopped half way, the writer's own shutdown flush keeps what was ingested; a short demo
    // is seeded again at the next boot.
    if (stopped) return;
    await into.writer.flush();
    // TRICKY: the seeded hits fall into buckets that may already be materialized (empty), which
    // no read of the raw hits after the watermark sees; a refresh brings them into the aggregates.
    await refreshAggregates(db.sql);
    log.info("demo seeded", { domain: name, views: planned.length, from: month.start, seed: month.seed, ...added, ms: Math.round(performance.now() - t0) });
  };

  const ready = (async () => {
    // NOTE: the app builds every room before any of this runs, so the collector is there whatever
    // the rooms' order.
    await Promise.resolve();
    collector = collectorOf(db);
    if (!collector) {
      log.warn("demo off: the app has no collection room");
      return;
    }
    const siteId = await ensureUnownedSite(db.sql, name, [DEMO_SCOPE, "pro"]);
    if (siteId === null) {
      log.warn("demo off: its domain belongs to a user", { domain: name });
      return;
    }
    tz = (await siteByName(db.sql, name))!.tz;
    await fill(collector, siteId);
    // NOTE: the demo's creation date is the start of its data.
    await createdAtFirstHit(db.sql, siteId);
    if (stopped) return;
    // NOTE: every node follows the month the last seeding stored, this node's or the one its claim
    // waited on; the domain's creation date moves only once a seeding's first hits are written.
    const month = await storedMonth(db.sql, siteId);
    model = demoModel(month.seed, month.start);
    log.info("demo live", { domain: name, from: month.start, seed: month.seed, liveSeed });
    let last = Date.now();
    timer = setInterval(() => {
      const now = Date.now();
      void advance(last, now).catch(() => {});
      last = now;
    }, LIVE_EVERY_MS);
    timer.unref();
  })().catch((err) => {
    log.error("demo not started", { error: err instanceof Error ? err.message : String(err) });
  });

  const demo: Demo = {
    ready,
    get live() {
      return timer !== undefined;
    },
    get model() {
      return model;
    },
    advance,
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await ready;
    },
  };
  // NOTE: first, so the demo stops producing hits before collection's writer makes its last flush.
  lifecycle.onShutdown("demo.stop", () => demo.stop(), { first: true });
  demos.set(db, demo);
  return demo;
}
