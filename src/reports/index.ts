// The reports room: weekly email reports of a domain (Pro). The owner turns them on and lists who
// gets them (./settings.ts); added addresses confirm, and anyone unsubscribes, by signed links
// (./link-routes.ts); a job of the maintenance scheduler mails each report on Monday 08:00 in the
// domain's time zone (./send.ts), and another checks once a day for alerts the owner turned on
// (./alerts.ts); both are jobs of the job timer. Both read the owner's stats, goals included.
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { resolveSecret } from "../auth";
import { funnelsReader, goalsReader } from "../goals";
import { createMailer } from "../mail";
import { ownerStats } from "../stats";
import { reportLinkRoutes } from "./link-routes";
import { reportLinks } from "./links";
import { reportJob, type ReportJobDeps } from "./send";
import { alertJob, type AlertJobDeps } from "./alerts";
import type { MaintenanceJob } from "../db";
import { reportSettings } from "./settings";

type JobContext = Pick<AppContext, "config" | "db" | "origin">;

/** The stats as the owner reads them from /api/stats, GOALS with the domain's goals. */
const statsOf = (ctx: JobContext) => ownerStats(ctx, goalsReader(ctx), funnelsReader(ctx));

/** The job with this app's mailer, links, origin and stats; tests pass their own clock. */
export const weeklyReportJob = (ctx: JobContext, clock?: ReportJobDeps["clock"]) =>
  reportJob({
    config: ctx.config,
    mailer: createMailer(ctx.config),
    links: reportLinks(resolveSecret(ctx.config)),
    origin: () => ctx.origin.value,
    read: statsOf(ctx),
    clock,
  });

/** The alert check with this app's mailer, origin and stats; tests pass their own clock. */
export const alertCheckJob = (ctx: JobContext, clock?: AlertJobDeps["clock"]) =>
  alertJob({ config: ctx.config, mailer: createMailer(ctx.config), origin: () => ctx.origin.value, read: statsOf(ctx), clock });

/** The weekly report and the alert check, as jobs of the job timer. */
export const reportJobs = (ctx: JobContext): MaintenanceJob[] => [weeklyReportJob(ctx), alertCheckJob(ctx)];

export const reportsRoom = (ctx: AppContext) => {
  const mailer = createMailer(ctx.config);
  const links = reportLinks(resolveSecret(ctx.config));
  return new Elysia({ name: "reports" }).use(reportSettings(ctx, { mailer, links })).use(reportLinkRoutes(ctx, links));
};
