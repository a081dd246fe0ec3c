// The collection room: the tracker script, the beacon endpoints (page view, leave, event, web
// vitals, and a <noscript> pixel), and the collector behind them (pipeline → batch writer). Every endpoint answers
// 202 whether or not the domain exists, so nothing here tells a stranger which domains we count.
import { Elysia } from "elysia";
import type { AppContext, Room } from "../context";
import type { Database } from "../db";
import { HttpError } from "../http/errors";
import { withNativeRoutes } from "../http/native-routes";
import { log } from "../log";
import { buildTracker, buildVitals, type BuiltTracker } from "../../tracker/build";
import { beaconHandler, CORS } from "./beacon";
import { insertFor } from "./copy";
import { crawlerTally, type CrawlerTally } from "./crawler-tally";
import { createMetrics, type Metrics } from "./metrics";
import { exposeCollector } from "./prometheus";
import { keepPolicies } from "../hits";
import { metricsOf } from "../metrics";
import { EventBody, LeaveBody, PageViewBody, PixelQuery, VitalsBody, type Incoming } from "./model";
import { runPipeline, type Outcome } from "./pipeline";
export { bulkWriter } from "./bulk";
export { crawlerNamed, crawlerOf } from "./crawlers";
export { arrivalOf, campaignOf, deviceOfWidth, languageOf, screenOf, storedPath } from "./classify";
export { classifyHost, classifyReferrer, hostOfReferrerName } from "./referrers";
export { parseAgent, type Agent } from "./useragent";
export { rng, syntheticTraffic } from "./synthetic";
import { createSites, type Sites } from "./sites";
import { createWriter, type Writer } from "./writer";

/** Paths the tracker is served at: the documented one and a neutral alias for first-party proxies. */
const SCRIPT_PATHS = ["/script.js", "/js/s.js"] as const;

export type Collector = {
  metrics: Metrics;
  writer: Writer;
  sites: Sites;
  /** The page views dropped as bots, counted per crawler beside the hits. */
  crawlers: CrawlerTally;
  /**
   * 202 when accepted or dropped (a drop looks the same from outside), 503 when it must be retried.
   * Synchronous when the pipeline is (the domain is cached).
   */
  ingest(input: Incoming): 202 | 503 | Promise<202 | 503>;
};

// NOTE: the collector of each app, by database, so tests and benches can read its counters.
const collectors = new WeakMap<Database, Collector>();
export const collectorOf = (db: Database) => collectors.get(db);

function createCollector({ config, db, lifecycle }: AppContext): Collector {
  const prom = metricsOf(db.sql);
  const metrics = createMetrics((seconds) => prom.flushSeconds.observe(seconds));
  const sites = createSites(db.sql);
  const writer = createWriter(
    db.sql,
    { batchSize: config.COLLECT_BATCH_SIZE, flushMs: config.COLLECT_FLUSH_MS, maxBuffer: config.COLLECT_MAX_BUFFER },
    metrics,
    insertFor(db),
  );
  // Counters go to the log once a minute when they changed (drops by reason included), and at shutdown.
  let logged = "";
  const report = setInterval(() => {
    const now = JSON.stringify(metrics.snapshot());
    if (now !== logged) metrics.log();
    logged = now;
  }, 60_000);
  report.unref();
  const crawlers = crawlerTally(db.sql, sites);
  lifecycle.onShutdown("collect.flush", async () => {
    clearInterval(report);
    await Promise.all([writer.close(Math.max(config.SHUTDOWN_TIMEOUT_MS - 1000, 100)), crawlers.stop()]);
    metrics.log("collect metrics at shutdown");
  });
  keepPolicies(db);
  const keep = (outcome: Outcome): 202 | 503 => (outcome.ok && !writer.push(outcome.row) ? 503 : 202);
  // NOTE: a bot's drop happens before the user agent is cleared: the tally names its crawler.
  const keepOrTally = (input: Incoming, outcome: Outcome) => {
    if (!outcome.ok && outcome.reason === "bot") crawlers.seen(input);
    return keep(outcome);
  };
  // The domain lookup failed and nothing is cached: the database is down. Not accepted, so say when to retry.
  const notAccepted = (err: unknown): 503 => {
    log.warn("hit not accepted", { error: err instanceof Error ? err.message : String(err) });
    return 503;
  };
  const collector: Collector = {
    metrics,
    writer,
    sites,
    crawlers,
    ingest(input) {
      const outcome = runPipeline(input, { sites }, metrics);
      return outcome instanceof Promise ? outcome.then((o) => keepOrTally(input, o), notAccepted) : keepOrTally(input, outcome);
    },
  };
  exposeCollector(prom.registry, collector);
  collectors.set(db, collector);
  return collector;
}

const ua = (request: Request) => request.headers.get("user-agent");

// A transparent 1×1 GIF for the <noscript> pixel.
const PIXEL = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) => c.charCodeAt(0));

function collectRoutes(collector: Collector) {
  const script = async (request: Request, built: () => Promise<BuiltTracker>) => {
    const tracker = await built();
    const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
    return new Response(gzip ? tracker.gzip : tracker.js, {
      headers: {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "public, max-age=3600",
        vary: "accept-encoding",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
        ...CORS,
      },
    });
  };

  const ingest = (input: Incoming) => collector.ingest(input);
  const view = beaconHandler("view", PageViewBody, ingest);
  const leave = beaconHandler("leave", LeaveBody, ingest);
  const event = beaconHandler("event", EventBody, ingest);
  const vitals = beaconHandler("vitals", VitalsBody, ingest);

  const app = new Elysia({ name: "collect" })
    // NOTE: CORS headers go on before parsing, so that 400 and 413 answers carry them too and the
    // tracker's page sees a clean error instead of a CORS failure.
    .onRequest(({ request, set }) => {
      const url = request.url;
      if (url.startsWith("/b/", url.indexOf("/", 8))) Object.assign(set.headers, CORS);
    })
    .options("/b/*", () => new Response(null, { status: 204, headers: CORS }))
    .post("/b/v", ({ request }) => view(request), { parse: "none" })
    .post("/b/l", ({ request }) => leave(request), { parse: "none" })
    .post("/b/e", ({ request }) => event(request), { parse: "none" })
    .post("/b/w", ({ request }) => vitals(request), { parse: "none" })
    .get(
      "/b/px.gif",
      async ({ query, request }) => {
        // NOTE: a NUL would stall the batch writer (PostgreSQL text cannot hold it); see beacon.ts.
        if ([query.d, query.p, query.r].some((v) => v?.includes("\0"))) throw new HttpError(400, "The query contains a NUL character");
        // NOTE: without JavaScript the page's own URL comes from the Referer header of the image request.
        let path = query.p;
        if (!path) {
          try {
            path = new URL(request.headers.get("referer") ?? "").pathname;
          } catch {
            path = "/";
          }
        }
        // A pixel view is never unique: without script we cannot know the page's own referrer or navigation type.
        await collector.ingest({
          kind: "view",
          body: { d: query.d, p: path.slice(0, 2048), r: query.r },
          time: Date.now(),
          ua: ua(request),
        });
        return new Response(PIXEL, { headers: { "content-type": "image/gif", "cache-control": "no-store", ...CORS } });
      },
      { query: PixelQuery },
    );
  for (const path of SCRIPT_PATHS) app.get(path, ({ request }) => script(request, buildTracker));
  // The web-vitals extension, which the tracker imports (a module: fetched with CORS) with data-vitals.
  app.get("/js/vitals.js", ({ request }) => script(request, buildVitals));
  // NOTE: the beacons also go to Bun directly: at 20,000 hits/s Elysia's per-request work (context,
  // hooks) was ~40 % of the endpoint's cost (measured with bench:ingest's load, ingest stubbed).
  return withNativeRoutes(app, { "/b/v": { POST: view }, "/b/l": { POST: leave }, "/b/e": { POST: event }, "/b/w": { POST: vitals } });
}

export const collectRoom: Room = (ctx) => collectRoutes(createCollector(ctx));
