// The webhooks room: every alert of a domain (src/reports/alerts.ts hands them over with
// queueAlerts) also goes to the webhooks its editors add in the website's settings, as a Slack
// message or a signed JSON POST (./payload.ts). Deliveries wait in a queue the job timer sends
// (./deliver.ts), retried with backoff, each attempt logged (./queries.ts); routes in ./routes.ts.
import type { AppContext } from "../context";
import type { MaintenanceJob } from "../db";
import { deliveryJob } from "./deliver";
import { webhookRoutes } from "./routes";

export { deliveryJob, queueAlerts } from "./deliver";

/** The delivery job, for the job timer. */
export const webhookJobs = (ctx: Pick<AppContext, "config">): MaintenanceJob[] => [deliveryJob(ctx.config)];

export const webhooksRoom = (ctx: AppContext) => webhookRoutes(ctx);
