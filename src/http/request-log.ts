// One structured line per request: method, route, status, ms. Deliberately reads nothing from the
// headers, so no IP address or user-agent is ever logged.
// NOTE: routes that Bun serves natively (the beacons, http/native-routes.ts) log at debug, not info:
// at 20,000 hits/s their lines alone would be ~3 MB of log a second, and collection's counters,
// logged once a minute (collect/metrics.ts), already say what the beacons did.
import { Elysia } from "elysia";
import { log, logsAt } from "../log";
import type { NativeHandler } from "./native-routes";

const started = new WeakMap<Request, number>();

const line = (level: "info" | "debug", method: string, route: string, status: number, t0: number | undefined) =>
  log[level]("request", {
    method,
    // NOTE: the route pattern, not the URL: query strings may carry what we never want in logs.
    route,
    status,
    ms: t0 === undefined ? null : Math.round((performance.now() - t0) * 10) / 10,
  });

/** The same line for a route Bun serves natively, which Elysia never sees; at debug (see above). */
export const loggedNative =
  (method: string, route: string, handler: NativeHandler): NativeHandler =>
  (request) => {
    // NOTE: the level is read per request (tests change it while a server runs); below debug, no timing.
    if (!logsAt("debug")) return handler(request);
    const t0 = performance.now();
    const done = (res: Response) => (line("debug", method, route, res.status, t0), res);
    const res = handler(request);
    return res instanceof Promise ? res.then(done) : done(res);
  };

/** The line for every route Elysia serves; `nativePaths` (also served by Elysia for app.handle) log at debug. */
export const requestLog = (nativePaths: ReadonlySet<string>) =>
  new Elysia({ name: "request-log", seed: [...nativePaths] })
    .onRequest(({ request }) => {
      started.set(request, performance.now());
    })
    .onAfterResponse({ as: "global" }, ({ request, route, set, responseValue }) => {
      const level = nativePaths.has(route) ? "debug" : "info";
      // NOTE: a handler that returns its own Response (the beacons do) leaves set.status alone.
      const status = responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200;
      line(level, request.method, route || "(unmatched)", status, started.get(request));
    });
