// GOALS: each of the domain's goals (src/shared/goals.ts) with its conversions in the range, its
// rate over the range's unique visits, an event goal's value, the CO2 per conversion and the change
// against the previous period, from the aggregates PAGES, EVENTS and HOURS. The goals themselves are
// the goals room's; the caller hands them in.
import { percentChange } from "../shared/change";
import { patternSource, type Goal, type GoalRow } from "../shared/goals";
import { sumReader, type Reader } from "./grouped";
import type { Groups, Sums } from "./groups";
import { pageViewGrams } from "./path";
import { EVENTS, HOURS, PAGES } from "./queries";

const views = sumReader(PAGES, "views");
const bytes = sumReader(PAGES, "bytes");
const uniques = sumReader(HOURS, "uniques");
const count = sumReader(EVENTS, "events");

const total = (groups: Groups, figure: (g: Sums) => number) =>
  [...groups].reduce((n, [, g]) => n + figure(g), 0);

/** An event value as a number, or null when it is none ("", "12 €", "pro"). */
const numeric = (value: string): number | null => {
  const n = value.trim() === "" ? NaN : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** A page goal's page views in one period: every page of the range whatever the lists' cap. */
function pageConversions(goal: Goal, pages: Groups): number {
  const re = new RegExp(patternSource(goal.match));
  let n = 0;
  for (const [, p] of pages) if (re.test(p.labels[0] as string)) n += views(p);
  return n;
}

/**
 * An event goal's events in one period, and the value: the sum of count × value over the matching
 * values that are numbers (null when none is). Without a goal value, the event's total counts and
 * every one of its values adds to the sum.
 */
export function eventConversions(goal: Goal, events: Groups): { n: number; value: number | null } {
  let n = 0;
  let value: number | null = null;
  for (const [, e] of events) {
    const [name, v] = e.labels as [string, string | null];
    if (name !== goal.match) continue;
    // NOTE: EVENTS holds both levels: the total (value null) and each value's count.
    if (v === null) {
      if (goal.value === null) n += count(e);
      continue;
    }
    if (goal.value !== null && v !== goal.value) continue;
    if (goal.value !== null) n += count(e);
    const number = numeric(v);
    if (number !== null) value = (value ?? 0) + count(e) * number;
  }
  return { n, value };
}

/** Each goal's figures, in the goals' own order. */
export async function goalStats(read: Reader, target: { green: boolean | "unknown" }, goals: Goal[]): Promise<GoalRow[]> {
  if (goals.length === 0) return [];
  const hasEvents = goals.some((g) => g.kind === "event");
  const [pages, events, hours] = await Promise.all([
    read.periods(PAGES), hasEvents ? read.periods(EVENTS) : Promise.resolve(null), read.now(HOURS),
  ]);
  const visits = total(hours, uniques);
  // NOTE: as Events' co2PerConversion: with no visitor path kept, every page view of the range is
  // counted as leading to the conversion.
  const grams = pageViewGrams(total(pages.now, bytes), target.green);
  return goals.map((goal) => {
    const [now, then] = goal.kind === "page"
      ? [{ n: pageConversions(goal, pages.now), value: null }, { n: pageConversions(goal, pages.then) }]
      : [eventConversions(goal, events!.now), eventConversions(goal, events!.then)];
    return {
      ...goal,
      conversions: now.n,
      rate: visits > 0 ? now.n / visits : 0,
      valueSum: now.value,
      co2PerConversion: now.n > 0 ? grams / now.n : null,
      c: percentChange(now.n, then.n),
    };
  });
}
