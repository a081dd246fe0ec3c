// The reports room: weekly email reports of a domain (Pro). The owner turns them on and lists who
// gets them (./settings.ts); added addresses confirm, and anyone unsubscribes, by signed links
// (./link-routes.ts); a job of the maintenance scheduler mails each report on Monday 08:00 in the
// domain's time zone (./send.ts), and another checks once a day for alerts the owner turned on
// (./alerts.ts). On a server database, which has no maintenance timer, the room runs the jobs on
// timers of its own.
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { resolveSecret } from "../auth/secret";
import { createMailer } from "../mail";
import { log } from "../log";
import { ownerStats } from "../stats";
import { reportLinkRoutes } from "./link-routes";
import { reportLinks } from "./links";
import { reportJob, type ReportJobDeps } from "./send";
import { alertJob, type AlertJobDeps } from "./alerts";
import type { MaintenanceJob } from "../db";
import { reportSettings } from "./settings";

/** The job with this app's mailer, links, origin and stats; tests pass their own clock. */
export const weeklyReportJob = (ctx: AppContext, clock?: ReportJobDeps["clock"]) =>
  reportJob({
    config: ctx.config,
    mailer: createMailer(ctx.config),
    links: reportLinks(resolveSecret(ctx.config)),
    origin: () => ctx.origin.value,
    read: ownerStats(ctx),
    clock,
  });

/** The alert check with this app's mailer, origin and stats; tests pass their own clock. */
export const alertCheckJob = (ctx: AppContext, clock?: AlertJobDeps["clock"]) =>
  alertJob({ config: ctx.config, mailer: createMailer(ctx.config), origin: () => ctx.origin.value, read: ownerStats(ctx), clock });

function schedule(ctx: AppContext, job: MaintenanceJob): void {
  if (ctx.db.maintenance) return ctx.db.maintenance.add(job);
  // NOTE: passes are chained, as the maintenance timer chains them, so a slow SMTP server delays
  // the next pass instead of overlapping it; the claim makes overlapping passes safe anyway.
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => job.run(ctx.db.sql)).catch((err) => {
      log.error("maintenance job failed", { job: job.name, error: err instanceof Error ? err.message : String(err) });
    });
  }, ctx.config.MAINTENANCE_INTERVAL_S * 1000);
  timer.unref();
  ctx.lifecycle.onShutdown(job.name, async () => {
    clearInterval(timer);
    await running;
  });
}

export const reportsRoom = (ctx: AppContext) => {
  const mailer = createMailer(ctx.config);
  const links = reportLinks(resolveSecret(ctx.config));
  schedule(ctx, weeklyReportJob(ctx));
  schedule(ctx, alertCheckJob(ctx));
  return new Elysia({ name: "reports" }).use(reportSettings(ctx, { mailer, links })).use(reportLinkRoutes(ctx, links));
};
