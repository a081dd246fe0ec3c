// What a weekly report says, read through the stats room's own answer (ownerStats), so every number
// is the one /api/stats gives the owner for that week: SUMMARY for the visits and their change,
// PATH for pages, attention and carbon, REF for the sources, GOALS for the goals' conversions, rate
// and change; PATH once more for the week before, as the dashboard compares attention and carbon
// only by reading that week.
import type { Site } from "../domains";
import {
  averageTimeOnPage, LOCKED, visitsBounceRate, type GoalsStats, type ListRow, type PathStats, type RefStats, type Stats, type SummaryStats,
} from "../shared/stats";
import type { GoalRow } from "../shared/goals";
import { energyKwh } from "../shared/units";
import { percentChange } from "../shared/change";
import { addDays } from "../shared/days";

/** Pages and sources listed. */
const TOP = 5;

export type Read = (domain: Site, q: { startKey: string; endKey: string; dataType: Stats["dataType"] }) => Promise<Stats>;

/** A number of the week, of the week before, and the change in % (null without a week before). */
type WeekOnWeek = { now: number; then: number; change: number | null };
/** A number of the week that may be missing (n/a): the change is in points for rates, in % otherwise. */
export type MaybeWeekOnWeek = { now: number | null; then: number | null; change: number | null };

/** `rating`: the SWD v4 letter of the week's grams per visit, shown only with `visits` (src/shared/rating.ts). */
type Carbon = {
  co2Grams: number; kwh: number; carKm: number; streamingHours: number;
  /** The CO2's and the energy's change in % against the week before (null without one). */
  change: number | null; kwhChange: number | null;
  rating: string; gramsPerVisit: number; visits: number;
};

export type Report = {
  domain: string;
  startKey: string;
  endKey: string;
  views: WeekOnWeek;
  unique: WeekOnWeek;
  /** In %, 0–100; change in points. */
  bounceRate: MaybeWeekOnWeek;
  /** Average visible time on page in ms, as the dashboard's summary shows it. */
  attention: MaybeWeekOnWeek;
  pages: ListRow[];
  sources: ListRow[];
  /** null when the domain's plan does not unlock Energy & Carbon. */
  carbon: Carbon | null;
  /** Each goal's conversions, rate and change as GOALS answers them; none without goals or Pro. */
  goals: GoalRow[];
};

function ofType<T extends Stats["dataType"]>(stats: Stats, dataType: T): Extract<Stats, { dataType: T }> {
  if (stats.dataType !== dataType) throw new Error(`stats answered ${stats.dataType} for ${dataType}`);
  return stats as Extract<Stats, { dataType: T }>;
}

const weekOnWeek = (now: number, then: number): WeekOnWeek => ({ now, then, change: percentChange(now, then) });

function carbonOf(path: PathStats, before: PathStats): Carbon | null {
  const totals = path.carbonTotals;
  if (totals === LOCKED) return null;
  const then = before.carbonTotals === LOCKED ? { co2Grams: 0, transferredBytes: 0 } : before.carbonTotals;
  // NOTE: SWD v4 counts energy per byte, the same factor co2.ts gives each page's kWh.
  const kwh = energyKwh(totals.transferredBytes);
  return {
    co2Grams: totals.co2Grams,
    kwh,
    carKm: totals.totalKM,
    streamingHours: totals.streamingHours,
    change: percentChange(totals.co2Grams, then.co2Grams),
    kwhChange: percentChange(kwh, energyKwh(then.transferredBytes)),
    rating: totals.rating,
    gramsPerVisit: totals.avgCo2Grams,
    visits: totals.visits,
  };
}

export async function weeklyReport(read: Read, domain: Site, monday: string): Promise<Report> {
  const startKey = monday;
  const endKey = addDays(monday, 6);
  const range = { startKey, endKey };
  const before = { startKey: addDays(monday, -7), endKey: addDays(monday, -1) };
  // NOTE: one after the other: the embedded database runs one query at a time anyway.
  const summary: SummaryStats = ofType(await read(domain, { ...range, dataType: "SUMMARY" }), "SUMMARY");
  const path: PathStats = ofType(await read(domain, { ...range, dataType: "PATH" }), "PATH");
  const ref: RefStats = ofType(await read(domain, { ...range, dataType: "REF" }), "REF");
  const lastPath: PathStats = ofType(await read(domain, { ...before, dataType: "PATH" }), "PATH");
  const goals: GoalsStats = ofType(await read(domain, { ...range, dataType: "GOALS" }), "GOALS");
  const percent = (rate: number | null) => (rate === null ? null : rate * 100);
  const rate = percent(visitsBounceRate(summary.visits));
  const rateBefore = percent(visitsBounceRate(summary.previous));
  const attention = averageTimeOnPage(path);
  const attentionBefore = averageTimeOnPage(lastPath);
  return {
    domain: domain.name,
    startKey,
    endKey,
    views: weekOnWeek(summary.visits.hits, summary.previous.hits),
    unique: weekOnWeek(summary.visits.unique, summary.previous.unique),
    bounceRate: { now: rate, then: rateBefore, change: rate !== null && rateBefore !== null ? rate - rateBefore : null },
    attention: {
      now: attention,
      then: attentionBefore,
      change: attention !== null && attentionBefore !== null ? percentChange(attention, attentionBefore) : null,
    },
    pages: path.path.slice(0, TOP),
    sources: ref.result.slice(0, TOP),
    carbon: carbonOf(path, lastPath),
    goals: goals.goals === LOCKED ? [] : goals.goals,
  };
}
