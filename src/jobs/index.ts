// The scheduled jobs of every room, in one list and in the order a pass runs them: the stored
// hits' upkeep (retention before the refresh that clears what it deleted), weekly reports and alerts,
// alerts' webhook deliveries, plan retention, usage mails. An app node adds them to its job timer (src/db/maintenance.ts)
// unless JOBS=worker leaves them to `npm run worker:maintenance` (src/cli/worker-maintenance.ts),
// which adds the same list.
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import type { MaintenanceJob } from "../db";
import { subscribedTierOf } from "../billing";
import { hitsJobs } from "../hits";
import { planJobs } from "../plans";
import { reportJobs } from "../reports";
import { usageJobs } from "../usage";
import { webhookJobs } from "../webhooks";

type JobContext = Pick<AppContext, "config" | "db" | "origin">;

const appJobs = (ctx: JobContext): MaintenanceJob[] => [
  ...hitsJobs(ctx.db.mode),
  ...reportJobs(ctx),
  ...webhookJobs(ctx),
  ...planJobs(ctx),
  ...usageJobs(ctx, subscribedTierOf(ctx)),
];

/** Adds every job to this process's timer, when it has one. */
export const scheduleAppJobs = (ctx: JobContext): void => {
  for (const job of appJobs(ctx)) ctx.db.maintenance?.add(job);
};

export const jobsRoom = (ctx: AppContext) => {
  scheduleAppJobs(ctx);
  return new Elysia({ name: "jobs" });
};
