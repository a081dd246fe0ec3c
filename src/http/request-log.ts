// One structured line per request: method, route, status, ms. Deliberately reads nothing from the
// headers, so no IP address or user-agent is ever logged.
import { Elysia } from "elysia";
import { log } from "../log";

const started = new WeakMap<Request, number>();

export const requestLog = new Elysia({ name: "request-log" })
  .onRequest(({ request }) => {
    started.set(request, performance.now());
  })
  .onAfterResponse({ as: "global" }, ({ request, route, set }) => {
    const t0 = started.get(request);
    log.info("request", {
      method: request.method,
      // NOTE: the route pattern, not the URL: query strings may carry what we never want in logs.
      route: route || "(unmatched)",
      status: typeof set.status === "number" ? set.status : 200,
      ms: t0 === undefined ? null : Math.round((performance.now() - t0) * 10) / 10,
    });
  });
