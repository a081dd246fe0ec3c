// The alert check, a job of the maintenance scheduler, once a local day per domain whose owner
// turned alerts on (Pro): a page whose bytes per visit rose 20 % or more above its trailing
// four-week median (on 100 visits or more), a page that went over its carbon budget, a page whose
// p75 LCP or INP went from good in one week to poor in the next (these checked on the first day of a
// new week for the week just ended), and page views yesterday far above or below the same weekday
// of the last four weeks (at most one a day). Each alert is an annotation on the domain's chart
// (src/annotations), a mail to the owner and a delivery to each of the domain's webhooks
// (src/webhooks). The numbers are the stats room's own answers, as the weekly report reads them.
import { budgetsOf } from "../budgets";
import { addAlert, lastAlertLevel, markMailed, unmailedAlerts, type NewAlert } from "../annotations";
import type { MaintenanceJob, Queryable } from "../db";
import { siteByName, type Site } from "../domains";
import { log } from "../log";
import { queueAlerts } from "../webhooks";
import { compose, type Mail, type Mailer } from "../mail";
import { isPro, type PlanConfig } from "../plans";
import type { Annotation } from "../shared/annotations";
import { budgetFor, overBudget, type Budget } from "../shared/budgets";
import { addDays, dayIn, utcMidnight } from "../shared/days";
import { LOCKED, type PathStats, type SpeedRow, type SpeedStats, type SummaryStats } from "../shared/stats";
import { formatBytes } from "../shared/units";
import { formatGramsPerView } from "../shared/yearly";
import { formatVital, rateVital, VITAL_NAMES } from "../shared/vitals";
import type { Read } from "./content";
import { alertDomains, claimAlertDay } from "./queries";
import { mondayOf } from "./week";

/** A page's rise in bytes per visit that alerts, over its baseline. */
const RISE = 0.2;
/** Page views a page needs in the week for its weight to be judged. */
const MIN_VISITS = 100;
/** Traffic alerts: a day at twice its baseline or more, or at half or less, on a baseline (or a
 * day) of at least this many page views, so a quiet site's noise is no alert. */
const TRAFFIC_FACTOR = 2;
const MIN_DAY_VIEWS = 50;
/** Page views a page needs in the week for its budget to be judged. */
const MIN_BUDGET_VISITS = 20;
/** The vitals whose p75 going from good to poor alerts: loading and responsiveness, what people feel. */
const ALERT_VITALS = ["lcp", "inp"] as const;
/** Page views with that vital a page needs in each of the two weeks for its p75 to be judged. */
const MIN_VITAL_SAMPLES = 20;

export type AlertJobDeps = { config: PlanConfig; mailer: Mailer; origin: () => string; read: Read; clock?: () => Date };

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const pct = (f: number) => `${Math.round(f * 100)}%`;

/** A page's week: bytes and grams of CO2 per visit, and its visits. */
type Weight = { bytes: number; grams: number; visits: number };

/** Each page with at least one visit in the week starting `monday`. */
async function weightsOf(read: Read, site: Site, monday: string): Promise<Map<string, Weight>> {
  const path = (await read(site, { startKey: monday, endKey: addDays(monday, 6), dataType: "PATH" })) as PathStats;
  if (path.energy === LOCKED) return new Map();
  return new Map(path.energy.map((e) => [e.label, { bytes: e.bytesAvg, grams: e.value, visits: e.visits }]));
}

/** Heavier pages in `week` (the one starting `monday`), against the four weeks `before` it (latest first). */
async function regressions(sql: Queryable, site: Site, monday: string, week: Map<string, Weight>, before: Map<string, Weight>[]): Promise<NewAlert[]> {
  const alerts: NewAlert[] = [];
  for (const [path, now] of week) {
    const past = before.map((m) => m.get(path)?.bytes).filter((b): b is number => b !== undefined && b > 0);
    if (now.visits < MIN_VISITS || past.length === 0) continue;
    // NOTE: a page alerted in the last four weeks is judged against the weight it was alerted at,
    // so a page that stays heavier alerts once, not each week until the median catches up.
    const alerted = await lastAlertLevel(sql, site.id, path, addDays(monday, -28));
    const baseline = Math.max(median(past), alerted ?? 0);
    if (now.bytes < baseline * (1 + RISE)) continue;
    alerts.push({
      domainId: site.id, day: monday, kind: "regression", key: `page:${path}:${monday}`,
      text: `${path} got ${pct(now.bytes / baseline - 1)} heavier: ${formatBytes(now.bytes)} per visit against ${formatBytes(baseline)}.`,
      data: { path, bytesPerVisit: now.bytes, baseline },
    });
  }
  return alerts;
}

/**
 * Pages over their budget in `week` that were within it, or not measured, the week before. NOTE:
 * the figures are the week's per visit, as the dashboard shows and marks them; a page that stays
 * over alerts once, and again only after a week within.
 */
function overBudgets(budgets: readonly Budget[], site: Site, monday: string, week: Map<string, Weight>, last: Map<string, Weight> | undefined): NewAlert[] {
  const alerts: NewAlert[] = [];
  for (const [path, now] of week) {
    const budget = budgetFor(budgets, path);
    const over = overBudget(budget, now);
    const was = last?.get(path);
    if (!budget || now.visits < MIN_BUDGET_VISITS || !over.length || (was && overBudget(budget, was).length)) continue;
    const figures = over.map((k) => (k === "grams" ? `${formatGramsPerView(now.grams)} of CO2 per visit against ${formatGramsPerView(budget.grams!)}` : `${formatBytes(now.bytes)} per visit against ${formatBytes(budget.bytes!)}`));
    alerts.push({
      domainId: site.id, day: monday, kind: "budget", key: `budget:${path}:${monday}`,
      text: `${path} went over its budget: ${figures.join(", and ")}.`,
      data: { path, gramsPerVisit: now.grams, bytesPerVisit: now.bytes },
    });
  }
  return alerts;
}

/** Each page's web vitals in the week starting `monday`. */
async function vitalsOf(read: Read, site: Site, monday: string): Promise<Map<string, SpeedRow>> {
  const speed = (await read(site, { startKey: monday, endKey: addDays(monday, 6), dataType: "SPEED" })) as SpeedStats;
  return new Map(speed.speed.map((row) => [row.label, row]));
}

/**
 * Pages whose p75 LCP or INP was good in the week before `monday`'s and poor in `monday`'s. NOTE: a
 * page alerts on the crossing, so a page that stays poor alerts once; it alerts again only after a
 * good week.
 */
async function slowerPages(read: Read, site: Site, monday: string): Promise<NewAlert[]> {
  const [week, before] = await Promise.all([vitalsOf(read, site, monday), vitalsOf(read, site, addDays(monday, -7))]);
  const alerts: NewAlert[] = [];
  for (const [path, now] of week) {
    for (const vital of ALERT_VITALS) {
      const [is, was] = [now[vital], before.get(path)?.[vital]];
      if (!was || is.samples < MIN_VITAL_SAMPLES || was.samples < MIN_VITAL_SAMPLES || is.p75 === null || was.p75 === null) continue;
      if (rateVital(vital, was.p75) !== "good" || rateVital(vital, is.p75) !== "poor") continue;
      alerts.push({
        domainId: site.id, day: monday, kind: "speed", key: `speed:${vital}:${path}:${monday}`,
        text: `${path} got slower: its ${VITAL_NAMES[vital]} went from good to poor, ${formatVital(vital, is.p75)} at p75 against ${formatVital(vital, was.p75)} the week before.`,
        data: { path, vital, p75: is.p75, before: was.p75 },
      });
    }
  }
  return alerts;
}

/** The alerts of the week starting `monday`: heavier pages, pages over budget, slower pages. */
async function weekAlerts(read: Read, sql: Queryable, site: Site, monday: string): Promise<NewAlert[]> {
  const [week, ...before] = await Promise.all([0, 1, 2, 3, 4].map((w) => weightsOf(read, site, addDays(monday, -7 * w))));
  return [
    ...(await regressions(sql, site, monday, week!, before)),
    ...overBudgets(await budgetsOf(sql, site.id), site, monday, week!, before[0]),
    ...(await slowerPages(read, site, monday)),
  ];
}

/** Yesterday's page views against the same weekday of the four weeks before. */
async function trafficAlert(read: Read, site: Site, day: string): Promise<NewAlert | null> {
  const summary = (await read(site, { startKey: addDays(day, -28), endKey: day, dataType: "SUMMARY" })) as SummaryStats;
  const views = new Map(summary.days.map((d) => [d.stamp, d.visits]));
  const now = views.get(day) ?? 0;
  const baseline = median([7, 14, 21, 28].map((n) => views.get(addDays(day, -n)) ?? 0));
  const spike = now >= baseline * TRAFFIC_FACTOR && now >= MIN_DAY_VIEWS;
  const drop = now * TRAFFIC_FACTOR <= baseline && baseline >= MIN_DAY_VIEWS;
  if (!spike && !drop) return null;
  const weekday = new Date(utcMidnight(day)).toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" });
  return {
    domainId: site.id, day, kind: "traffic", key: `traffic:${day}`,
    text: `${spike ? "Traffic spike" : "Traffic drop"}: ${now} page views against a usual ${Math.round(baseline)} on a ${weekday}.`,
    data: { views: now, baseline },
  };
}

function alertMail(to: string, domain: string, alerts: Annotation[], link: string): Mail {
  const subject = `${domain}: ${alerts.length === 1 ? "an alert" : `${alerts.length} alerts`} from Bothy`;
  const lines = [
    `Bothy noticed on ${domain}:`,
    ...alerts.map((a) => `${a.day}: ${a.text}`),
    "They are marked on your dashboard's chart. You get these because alerts are on in the website's settings; turn them off there.",
  ];
  return compose(to, subject, lines, { label: "Open the dashboard", link });
}

/**
 * One domain's check of local day `today` (`previous`: the day it last ran): the week just ended's
 * weights and vitals on its first check of a week, yesterday's traffic every day. NOTE: a failing read costs that domain
 * its day's check, not the other domains theirs.
 */
async function checkDay(read: Read, sql: Queryable, d: { id: number; name: string }, today: string, previous: string | null) {
  const site = await siteByName(sql, d.name);
  if (!site) return;
  try {
    const monday = mondayOf(today);
    const found = previous === null || previous < monday ? await weekAlerts(read, sql, site, addDays(monday, -7)) : [];
    const traffic = await trafficAlert(read, site, addDays(today, -1));
    for (const alert of traffic ? [...found, traffic] : found) await addAlert(sql, alert);
  } catch (err) {
    log.warn("alert check failed", { domain: d.id, error: err instanceof Error ? err.message : String(err) });
  }
}

export function alertJob(deps: AlertJobDeps): MaintenanceJob {
  const clock = deps.clock ?? (() => new Date());
  return {
    name: "reports.alerts",
    run: async (sql) => {
      const now = clock();
      for (const d of await alertDomains(sql)) {
        if (!isPro(deps.config, { scope: d.ownerScope })) continue;
        const today = dayIn(d.tz, now.getTime());
        const previous = await claimAlertDay(sql, d.id, today);
        if (previous !== undefined) await checkDay(deps.read, sql, d, today, previous);
        const unmailed = await unmailedAlerts(sql, d.id);
        if (!unmailed.length) continue;
        const first = unmailed[0]!.day;
        const link = `${deps.origin()}/dashboard/${encodeURIComponent(d.name)}?from=${first}&to=${today}`;
        try {
          // NOTE: every alert also goes to the domain's webhooks, each queued once however often it is passed.
          await queueAlerts(sql, d, unmailed, link, now);
          await deps.mailer.send(alertMail(d.ownerEmail, d.name, unmailed, link));
          await markMailed(sql, unmailed.map((a) => a.id), now);
        } catch (err) {
          // NOTE: the alerts stay unmailed; the next pass sends them.
          log.warn("alert mail failed", { domain: d.id, error: err instanceof Error ? err.message : String(err) });
        }
      }
    },
  };
}
