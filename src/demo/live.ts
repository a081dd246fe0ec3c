// The demo domain (config DEMO_DOMAIN): at boot its row is made (no owner, public, scope demo + pro)
// and, when it holds fewer than SEED_BELOW page views over the last 30 days, 30 days of synthetic
// traffic go in through the real write path (the collector's pipeline and batch writer); then a
// timer keeps it live with a few hits every few seconds until shutdown. All of it runs beside
// the server, never before it: a fresh instance answers at once and the demo fills in seconds.
import type { AppContext } from "../context";
import { collectorOf, rng, syntheticTraffic, type Collector } from "../collect";
import { namedQuery, type Database } from "../db";
import { backdateToFirstHit, ensureUnownedSite } from "../domains";
import { refreshAggregates } from "../hits";
import { log } from "../log";
import { demoDomain, DEMO_SCOPE } from "./domain";

const DAY_MS = 86_400_000;
export const DEMO_DAYS = 30;
/** Page views written by a seeding. */
export const SEED_VIEWS = 20_000;
/** A demo with fewer page views than this over DEMO_DAYS (new, or left off for weeks) is seeded. */
const SEED_BELOW = 5_000;
const LIVE_EVERY_MS = 4_000;

const recentPageViews = namedQuery("demo.recentPageViews", async (sql, siteId: number, days: number) => {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM hits WHERE site_id = ${siteId} AND kind = 1 AND time > now() - make_interval(days => ${days})`;
  return row!.n;
});

// NOTE: seeding writes through each node's own batch writer, so a lock held for its length would
// also hold the writer's connection on the embedded database; a claim row with a lease serves instead.
const claimSeeding = namedQuery("demo.claimSeeding", async (sql, siteId: number) => {
  const rows = await sql`
    INSERT INTO demo_seedings (site_id, claimed_at) VALUES (${siteId}, now())
    ON CONFLICT (site_id) DO UPDATE SET claimed_at = now()
      WHERE demo_seedings.claimed_at < now() - interval '10 minutes'
    RETURNING 1`;
  return rows.length === 1;
});

type Demo = {
  /** Resolves when the row exists and any seeding is written and aggregated. */
  ready: Promise<void>;
  /** True while the live timer runs. */
  readonly live: boolean;
  stop(): Promise<void>;
};

// NOTE: by database, like the collector, so tests can wait for the seeding of the app they started.
const demos = new WeakMap<Database, Demo>();
export const demoOf = (db: Database) => demos.get(db);

/** Ingests the hits of one page view; waits for the writer when its buffer is full (503). */
async function ingestView(collector: Collector, traffic: ReturnType<typeof syntheticTraffic>, time: number) {
  for (const hit of traffic(time)) {
    while ((await collector.ingest(hit)) === 503) await collector.writer.flush().catch(() => Bun.sleep(200));
  }
}

export function startDemo({ config, db, lifecycle }: AppContext): Demo | null {
  const name = demoDomain(config);
  if (!name) return null;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  // NOTE: a seed per boot, so the live hits of two runs differ, but each run is reproducible from its log line.
  const seed = (Date.now() & 0x7fffffff) | 1;
  const traffic = syntheticTraffic(name, seed);
  const jitter = rng(seed ^ 0x5bd1e995);

  const fill = async (collector: Collector, siteId: number) => {
    if (!(await claimSeeding(db.sql, siteId))) return;
    const views = await recentPageViews(db.sql, siteId, DEMO_DAYS);
    if (views >= SEED_BELOW) return;
    const t0 = performance.now();
    // Spread over the last 30 days, ending a few minutes ago so that no leave beacon lands in the future.
    const end = Date.now() - 5 * 60_000;
    const span = DEMO_DAYS * DAY_MS;
    for (let i = 0; i < SEED_VIEWS && !stopped; i++) {
      await ingestView(collector, traffic, end - span + Math.floor(((i + jitter()) / SEED_VIEWS) * span));
      // NOTE: yield now and then: the pipeline's steps are synchronous once the site is cached.
      if (i % 500 === 499) await Bun.sleep(0);
    }
    // NOTE: stopped half way, the writer's own shutdown flush keeps what was ingested; a short demo
    // is seeded again at the next boot.
    if (stopped) return;
    await collector.writer.flush();
    // TRICKY: the seeded hits fall into buckets that may already be materialized (empty), which
    // no read of the raw hits after the watermark sees; a refresh brings them into the aggregates.
    await refreshAggregates(db.sql);
    log.info("demo seeded", { domain: name, views: SEED_VIEWS, seed, ms: Math.round(performance.now() - t0) });
  };

  const ready = (async () => {
    // NOTE: the app builds every room before any of this runs, so the collector is there whatever
    // the rooms' order.
    await Promise.resolve();
    const collector = collectorOf(db);
    if (!collector) {
      log.warn("demo off: the app has no collection room");
      return;
    }
    const siteId = await ensureUnownedSite(db.sql, name, [DEMO_SCOPE, "pro"]);
    if (siteId === null) {
      log.warn("demo off: its domain belongs to a user", { domain: name });
      return;
    }
    await fill(collector, siteId);
    // NOTE: the demo's creation date is the start of its data.
    await backdateToFirstHit(db.sql, siteId);
    if (stopped) return;
    timer = setInterval(() => {
      const views = 1 + Math.floor(jitter() * 3);
      for (let i = 0; i < views; i++) void ingestView(collector, traffic, Date.now()).catch(() => {});
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
