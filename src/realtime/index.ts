// The realtime room: GET /api/realtime, a server-sent event stream of a domain's last 30 minutes
// (src/shared/realtime.ts), for whoever may read its stats (the stats room decides, as for
// /api/stats) and, by a public dashboard's id, for its visitors when the owner shares realtime
// there. Every stream of a domain shares one reader (./hub.ts) of its window (./window.ts), whose
// each snapshot is encoded once and the same bytes written to every stream; a closed connection
// leaves it.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { withSession } from "../auth";
import { HttpError } from "../http/errors";
import { log } from "../log";
import { exposeCounter, exposeGauge, metricsOf } from "../metrics";
import { REALTIME_EVENT, type RealtimeSnapshot } from "../shared/realtime";
import { callerOf, statsService } from "../stats";
import { sharedReaders } from "./hub";
import { windowReader } from "./window";

/** How often a domain's window is read and sent: the view is at most this old (the goal: 5 s). */
const TICK_MS = 2_000;
/** How long a browser's EventSource waits before it reconnects. */
const RETRY_MS = 3_000;

const RealtimeQuery = t.Object({
  domain: t.Optional(t.String({ minLength: 1, maxLength: 253, error: "domain must be a host name." })),
  id: t.Optional(t.String({ minLength: 1, maxLength: 64, error: "id must be a public dashboard's id." })),
});

const NOT_SHARED = "The owner does not share this dashboard's realtime view.";

/** The stream of one subscriber: a snapshot per tick until the connection closes (`signal`) or the
 * server stops (`open` holds how each open stream ends). */
function eventStream(subscribe: (send: (event: Uint8Array) => void) => () => void, signal: AbortSignal, open: Set<() => void>): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let live = true;
      const leave = subscribe((event) => live && controller.enqueue(event));
      stop = () => {
        if (!live) return;
        live = false;
        open.delete(stop);
        leave();
        signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          // NOTE: already closed by the client's side.
        }
      };
      open.add(stop);
      signal.addEventListener("abort", stop);
      if (signal.aborted) stop();
      controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n\n`));
    },
    cancel: () => stop(),
  });
  return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-store", "x-accel-buffering": "no" } });
}

export const realtimeRoom = (ctx: AppContext) => {
  const stats = statsService(ctx);
  const encoder = new TextEncoder();
  const frame = (s: RealtimeSnapshot) => encoder.encode(`event: ${REALTIME_EVENT}\ndata: ${JSON.stringify(s)}\n\n`);
  const readers = sharedReaders(
    (siteId) => {
      const read = windowReader(ctx.db.read, siteId);
      return async () => frame(await read(Date.now()));
    },
    TICK_MS,
    (err) => log.warn("realtime read failed", { error: err instanceof Error ? err.message : String(err) }),
  );
  const { registry } = metricsOf(ctx.db.sql);
  exposeCounter(registry, { name: "bothy_realtime_reads_total", help: "Reads of a domain's realtime window, one per domain per tick whatever its open streams" }, () => ({ "": readers.counts().reads }));
  exposeGauge(registry, { name: "bothy_realtime_streams", help: "Open realtime streams" }, () => readers.counts().streams);
  // NOTE: a stream never ends by itself; the server waits for in-flight requests before it flushes and closes.
  const open = new Set<() => void>();
  ctx.lifecycle.onDrain("realtime streams", () => {
    for (const stop of [...open]) stop();
  });

  return new Elysia({ name: "realtime" })
    .use(withSession(ctx))
    .get(
      "/api/realtime",
      async ({ query, user, request, client }) => {
        if ((query.domain === undefined) === (query.id === undefined)) {
          const message = "Ask for one domain (domain) or one public dashboard (id).";
          throw new HttpError(400, message, { [query.domain === undefined ? "domain" : "id"]: message });
        }
        let siteId: number;
        if (query.id !== undefined) {
          const site = await stats.byPublicId(query.id, request.headers.get("x-dashboard-password"), client);
          if (!site.publicRealtime) throw new HttpError(403, NOT_SHARED);
          siteId = site.id;
        } else {
          siteId = (await stats.byName(query.domain!, callerOf(request.headers.get("authorization"), user), "stats")).domain.id;
        }
        return eventStream((send) => readers.subscribe(siteId, send), request.signal, open);
      },
      {
        query: RealtimeQuery,
        headers: t.Object({
          authorization: t.Optional(t.String({ maxLength: 300, description: "Bearer <Pro API key>" })),
          "x-dashboard-password": t.Optional(t.String({ maxLength: 200, description: "The password of a protected public dashboard" })),
        }),
        detail: {
          tags: ["Stats"],
          summary: "A domain's last 30 minutes, live",
          description:
            "A `text/event-stream` of server-sent events named `realtime`, one every 2 s, each a JSON RealtimeSnapshot: page views per " +
            "minute of the current minute and the 29 before it (`minutes`, oldest first, from `from`), `onNow` (page views of the last 5 minutes " +
            "whose leave beacon has not come yet) and the top 10 `pages`, `sources`, `countries` and `devices` of the window. Counts only: " +
            "nothing in it names a visitor. By `domain` for those who may read its stats (as GET /api/stats: session or Pro API key), or " +
            "by a public dashboard's `id` when its owner shares realtime there. Errors come before the stream starts, as JSON.",
          security: [{ apiKey: [] }, { session: [] }],
          responses: {
            200: { description: "The stream (text/event-stream)." },
            400: { description: "Neither or both of domain and id, or a malformed one." },
            401: { description: "Signed out, an API key that is not valid, or a protected public dashboard without its password." },
            403: { description: "The key's holder is not on Pro, or the public dashboard does not share its realtime view." },
            404: { description: "No such domain (another account's domain answers the same), or no public dashboard has this id." },
            429: { description: "The key made API_RATE_LIMIT requests this hour, or too many wrong passwords." },
          },
        },
      },
    );
};
