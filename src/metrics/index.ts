// The metrics room: GET /metrics in the Prometheus text format, for Prometheus or any compatible
// scraper. It answers only when METRICS_TOKEN is set (404 otherwise, like any unknown path) and
// only to `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise, so a misconfigured scraper says
// why it fails). The numbers come from the rooms (./registry.ts).
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { bearerMatches, wrongBearer } from "../http/bearer";
import { HttpError } from "../http/errors";
import { metricsOf } from "./registry";

export { exposeCounter, exposeGauge, metricsOf } from "./registry";

export const metricsRoom = ({ config, db }: AppContext) =>
  new Elysia({ name: "metrics" }).get("/metrics", async ({ request }) => {
    const token = config.METRICS_TOKEN;
    if (!token) throw new HttpError(404, "Not found");
    if (!bearerMatches(request, token)) throw wrongBearer("METRICS_TOKEN");
    const { registry } = metricsOf(db.sql);
    return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType } });
  });
