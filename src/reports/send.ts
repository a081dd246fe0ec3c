// The weekly report job, one pass of the maintenance scheduler: plan the runs that are due (one per
// domain, week and active recipient; planning twice plans nothing new), then take them one at a
// time (claimRun: SKIP LOCKED and a lease) and mail each. A failed send is retried with back-off.
// The clock is the job's, so tests drive the schedule; the stats are read as /api/stats reads them.
import type { MaintenanceJob } from "../db";
import { siteByName, type Site } from "../domains";
import type { Mailer } from "../mail";
import { log } from "../log";
import { isPro, type PlanConfig } from "../plans";
import { weeklyReport, type Report } from "./content";
import type { ReportLinks } from "./links";
import { reportMail } from "./mail";
import { claimRun, markFailed, markSent, planRuns, recipientById, scheduledDomains } from "./queries";
import { dueWeek } from "./week";

/** Sends per run before it is given up (5 + 10 + 20 + 40 + 80 minutes of back-off in all). */
const MAX_ATTEMPTS = 6;
/** First retry after five minutes, then twice as long each time. */
export const RETRY_BASE_MS = 5 * 60_000;
/** Long enough for the slowest SMTP server; a worker that died frees its run when it runs out.
 * NOTE: a worker that dies after the server took the mail but before markSent sends it again: at
 * least once is the most SMTP allows, and the lease keeps that to the dead-worker case. */
const LEASE_MS = 10 * 60_000;

export type ReportJobDeps = {
  config: PlanConfig;
  mailer: Mailer;
  links: ReportLinks;
  /** The public origin (BASE_URL), never a request's. */
  origin: () => string;
  read: Parameters<typeof weeklyReport>[0];
  clock?: () => Date;
};

const retryDelayMs = (attempts: number): number => RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);

export function reportJob(deps: ReportJobDeps): MaintenanceJob {
  const clock = deps.clock ?? (() => new Date());
  return {
    name: "reports.weekly",
    run: async (sql) => {
      const now = clock();
      for (const d of await scheduledDomains(sql)) {
        // NOTE: a lapsed plan keeps its settings, and gets reports again once Pro.
        if (!isPro(deps.config, { scope: d.ownerScope })) continue;
        const week = dueWeek(d.tz, now.getTime(), d.reportsSince);
        if (week) await planRuns(sql, d.id, week, now);
      }
      // NOTE: one report per domain and week, however many recipients it goes to.
      const reports = new Map<string, Promise<Report>>();
      const reportOf = (site: Site, week: string) => {
        const key = `${site.id}|${week}`;
        let report = reports.get(key);
        if (!report) reports.set(key, (report = weeklyReport(deps.read, site, week)));
        return report;
      };
      // NOTE: bounded: a claimed run is leased or done, so no run is taken twice in one pass.
      for (let run = await claimRun(sql, now, LEASE_MS, MAX_ATTEMPTS); run; run = await claimRun(sql, now, LEASE_MS, MAX_ATTEMPTS)) {
        try {
          const recipient = await recipientById(sql, run.recipientId);
          const site = recipient && (await siteByName(sql, recipient.domain));
          if (!recipient || !site) throw new Error("the recipient or the domain is gone");
          const report = await reportOf(site, run.week);
          const origin = deps.origin();
          const links = {
            dashboard: `${origin}/dashboard/${encodeURIComponent(site.name)}?from=${report.startKey}&to=${report.endKey}`,
            unsubscribe: `${origin}/reports/unsubscribe?token=${deps.links.token("unsubscribe", recipient.id, recipient.email)}`,
          };
          await deps.mailer.send(reportMail(recipient.email, report, links));
          await markSent(sql, run, now);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const retryAt = new Date(now.getTime() + retryDelayMs(run.attempts));
          await markFailed(sql, run, retryAt, message);
          // NOTE: no address in the log: the run's keys say which mail it was.
          log.warn("weekly report not sent", { domain: run.domainId, week: run.week, recipient: run.recipientId, attempt: run.attempts, error: message });
        }
      }
    },
  };
}
