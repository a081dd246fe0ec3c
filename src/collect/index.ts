// The collection room: the tracker script, the beacon endpoints (page view, leave, event, and a
// <noscript> pixel), and the collector behind them (pipeline → batch writer). Every endpoint answers
// 202 whether or not the domain exists, so nothing here tells a stranger which domains we count.
import { Elysia, type Static } from "elysia";
import { TypeCompiler, type TypeCheck } from "elysia/type-system";
import type { AppContext, Room } from "../app";
import type { Database } from "../db";
import { errorBody, HttpError } from "../http/errors";
import { log } from "../log";
import { buildTracker } from "../../tracker/build";
import { scheduleJobs } from "./jobs";
import { createMetrics, type Metrics } from "./metrics";
import { EventBody, LeaveBody, PageViewBody, PixelQuery, type Incoming } from "./model";
import { runPipeline } from "./pipeline";
import { createSites, type Sites } from "./sites";
import { createWriter, type Writer } from "./writer";

export { DROP_REASONS, type DropReason } from "./pipeline";

/** Bodies over this many bytes get 413 (issue 4); a real beacon is a few hundred bytes. */
export const MAX_BODY = 4096;
/** Paths the tracker is served at: the documented one and a neutral alias for first-party proxies. */
export const SCRIPT_PATHS = ["/script.js", "/js/s.js"] as const;

export type Collector = {
  metrics: Metrics;
  writer: Writer;
  sites: Sites;
  /** 202 when accepted or dropped (a drop looks the same from outside), 503 when it must be retried. */
  ingest(input: Incoming): Promise<202 | 503>;
};

// NOTE: the collector of each app, by database, so tests and benches can read its counters.
const collectors = new WeakMap<Database, Collector>();
export const collectorOf = (db: Database) => collectors.get(db);

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, GET, OPTIONS",
  "access-control-allow-headers": "content-type",
  "access-control-max-age": "86400",
};


export function createCollector({ config, db, lifecycle }: AppContext): Collector {
  const metrics = createMetrics();
  const sites = createSites(db.sql);
  const writer = createWriter(
    db.sql,
    { batchSize: config.COLLECT_BATCH_SIZE, flushMs: config.COLLECT_FLUSH_MS, maxBuffer: config.COLLECT_MAX_BUFFER },
    metrics,
  );
  // Counters go to the log once a minute when they changed (drops by reason included), and at shutdown.
  let logged = "";
  const report = setInterval(() => {
    const now = JSON.stringify(metrics.snapshot());
    if (now !== logged) metrics.log();
    logged = now;
  }, 60_000);
  report.unref();
  lifecycle.onShutdown("collect.flush", async () => {
    clearInterval(report);
    await writer.close(Math.max(config.SHUTDOWN_TIMEOUT_MS - 1000, 100));
    metrics.log("collect metrics at shutdown");
  });
  scheduleJobs(db);
  const collector: Collector = {
    metrics,
    writer,
    sites,
    async ingest(input) {
      let outcome;
      try {
        outcome = await runPipeline(input, { sites }, metrics);
      } catch (err) {
        // The domain lookup failed and nothing is cached: the database is down. Not accepted, so say when to retry.
        log.warn("hit not accepted", { error: err instanceof Error ? err.message : String(err) });
        return 503;
      }
      if (outcome.ok && !writer.push(outcome.row)) return 503;
      return 202;
    },
  };
  collectors.set(db, collector);
  return collector;
}

/** Reads a beacon body: at most MAX_BODY bytes of UTF-8 JSON (sent as text/plain to avoid a preflight). */
async function readJson(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > MAX_BODY) throw new HttpError(413, `The body is over ${MAX_BODY} bytes`);
  let bytes: Uint8Array;
  if (Number.isFinite(declared)) bytes = new Uint8Array(await request.arrayBuffer());
  else {
    // TRICKY: a chunked body has no length up front; read it piece by piece and stop at the limit.
    const parts: Uint8Array[] = [];
    let size = 0;
    for await (const part of (request.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
      size += part.byteLength;
      if (size > MAX_BODY) throw new HttpError(413, `The body is over ${MAX_BODY} bytes`);
      parts.push(part);
    }
    bytes = Buffer.concat(parts);
  }
  if (bytes.byteLength > MAX_BODY) throw new HttpError(413, `The body is over ${MAX_BODY} bytes`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, "The body is not UTF-8 text");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "The body is not JSON");
  }
}

type Schema = typeof PageViewBody | typeof LeaveBody | typeof EventBody;
const checks = new Map<Schema, TypeCheck<Schema>>();

/**
 * Reads and validates a beacon against its `t` schema. TRICKY: done here rather than through
 * Elysia's `body:` option for two measured reasons: Elysia's normalize strips unknown keys before
 * validation (so a stray key was silently accepted), and its parse-hook path cost about half the
 * endpoint's throughput under load. The schema is compiled once, with TypeBox as Elysia does.
 */
async function readBeacon<S extends Schema>(request: Request, schema: S): Promise<Static<S>> {
  const value = await readJson(request);
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const unknown = Object.keys(value).find((k) => !(k in schema.properties));
    if (unknown !== undefined) throw new HttpError(400, `Unknown field ${JSON.stringify(unknown.slice(0, 40))}`);
  }
  let check = checks.get(schema);
  if (!check) checks.set(schema, (check = TypeCompiler.Compile<Schema>(schema)));
  if (!check.Check(value)) {
    const first = check.Errors(value).First();
    throw new HttpError(400, first ? `Invalid ${first.path.slice(1) || "input"}: ${first.message}` : "Invalid input");
  }
  return value as Static<S>;
}

type Set = { status?: number | string; headers: Record<string, string | number> };
/** 202 with an empty body, or 503 + Retry-After in the one error shape. */
async function answer(set: Set, outcome: Promise<202 | 503>) {
  const status = await outcome;
  set.status = status;
  if (status === 202) return "";
  set.headers["retry-after"] = "1";
  return errorBody(503, "Collection is busy; retry shortly");
}
const ua = (request: Request) => request.headers.get("user-agent");

// A transparent 1×1 GIF for the <noscript> pixel.
const PIXEL = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) => c.charCodeAt(0));

export function collectRoutes(collector: Collector) {
  const script = async (request: Request) => {
    const tracker = await buildTracker();
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

  const beacon =
    (kind: Incoming["kind"], schema: Schema) =>
    async ({ request, set }: { request: Request; set: Set }) => {
      const body = await readBeacon(request, schema);
      // NOTE: the schema and the kind come in the pairs listed below, so the body matches its kind.
      return answer(set, collector.ingest({ kind, body, time: Date.now(), ua: ua(request) } as Incoming));
    };

  const app = new Elysia({ name: "collect" })
    // NOTE: CORS headers go on before parsing, so that 400 and 413 answers carry them too and the
    // tracker's page sees a clean error instead of a CORS failure.
    .onRequest(({ request, set }) => {
      const url = request.url;
      if (url.startsWith("/b/", url.indexOf("/", 8))) Object.assign(set.headers, CORS);
    })
    .options("/b/*", () => new Response(null, { status: 204, headers: CORS }))
    .post("/b/v", beacon("view", PageViewBody), { parse: "none" })
    .post("/b/l", beacon("leave", LeaveBody), { parse: "none" })
    .post("/b/e", beacon("event", EventBody), { parse: "none" })
    .get(
      "/b/px.gif",
      async ({ query, request }) => {
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
  for (const path of SCRIPT_PATHS) app.get(path, ({ request }) => script(request));
  return app;
}

export const collectRoom: Room = (ctx) => collectRoutes(createCollector(ctx));
