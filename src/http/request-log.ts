// One structured line per request: method, route, status, ms. Deliberately reads nothing from the
// headers, so no IP address or user-agent is ever logged.
import { Elysia } from "elysia";
import { log, logsAt } from "../log";
import type { NativeHandler } from "./native-routes";

const started = new WeakMap<Request, number>();

const line = (method: string, route: string, status: number, t0: number | undefined) =>
  log.info("request", {
    method,
    // NOTE: the route pattern, not the URL: query strings may carry what we never want in logs.
    route,
    status,
    ms: t0 === undefined ? null : Math.round((performance.now() - t0) * 10) / 10,
  });

/** The same line for a route Bun serves natively (http/native-routes.ts), which Elysia never sees. */
export const loggedNative =
  (method: string, route: string, handler: NativeHandler): NativeHandler =>
  (request) => {
    // NOTE: the level is read per request (tests change it while a server runs); below info, no timing.
    if (!logsAt("info")) return handler(request);
    const t0 = performance.now();
    const done = (res: Response) => (line(method, route, res.status, t0), res);
    const res = handler(request);
    return res instanceof Promise ? res.then(done) : done(res);
  };

export const requestLog = new Elysia({ name: "request-log" })
  .onRequest(({ request }) => {
    started.set(request, performance.now());
  })
  .onAfterResponse({ as: "global" }, ({ request, route, set }) => {
    line(request.method, route || "(unmatched)", typeof set.status === "number" ? set.status : 200, started.get(request));
  });
