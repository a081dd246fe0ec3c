// FUNNEL: a funnel's steps (src/shared/funnels.ts, whose module comment is the counting rule) with
// each step's count, its conversion from the step before, the drop-off, the grams of CO2 of its
// counted page views and the change against the previous period. The first step reads PAGES or
// EVENTS as GOALS does; every later one reads STEPS, hits by page and the page before it.
import { percentChange } from "../shared/change";
import { patternSource, type Goal } from "../shared/goals";
import type { FunnelResult, FunnelStepRow } from "../shared/funnels";
import { sumReader, type Reader } from "./grouped";
import type { Groups } from "./groups";
import { eventConversions } from "./goals";
import { pageViewGrams } from "./path";
import { EVENTS, PAGES, STEPS } from "./queries";

const hitsOf = sumReader(STEPS, "hits");
const bytesOf = sumReader(STEPS, "bytes");
const pageViews = sumReader(PAGES, "views");
const pageBytes = sumReader(PAGES, "bytes");

const VIEW = 1;
const LEAVE = 2;
const EVENT = 3;

/** One step's figures in one period; bytes null for an event step. */
type Reached = { count: number; bytes: number | null };

/** A STEPS row's labels. */
type Step = { kind: number; path: string; from: string; name: string | null; value: string | null; hits: number; bytes: number };

const rowsOf = (steps: Groups): Step[] =>
  [...steps.values()].map((g) => {
    const [kind, path, from, name, value] = g.labels as [number, string, string, string | null, string | null];
    return { kind, path, from, name, value, hits: hitsOf(g), bytes: bytesOf(g) };
  });

const pageTest = (goal: Goal) => {
  const re = new RegExp(patternSource(goal.match));
  return (path: string) => re.test(path);
};
const isGoalEvent = (goal: Goal, r: Step) => r.kind === EVENT && r.name === goal.match && (goal.value === null || r.value === goal.value);

function firstStep(goal: Goal, pages: Groups, events: Groups | null): Reached {
  if (goal.kind === "event") return { count: eventConversions(goal, events!).n, bytes: null };
  const test = pageTest(goal);
  let count = 0;
  let bytes = 0;
  for (const [, p] of pages) {
    if (!test(p.labels[0] as string)) continue;
    count += pageViews(p);
    bytes += pageBytes(p);
  }
  return { count, bytes };
}

/** Sums of a figure of `rows` (their hits unless told) by a key of each. */
function byKey(rows: Step[], key: (r: Step) => string, figure: (r: Step) => number = (r) => r.hits): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + figure(r));
  return out;
}

/**
 * A later step reached from a page step: page views of its pages whose page before matched the
 * step before (their leave beacons' bytes with them), or its events sent on such a page or on a
 * page reached from one. Exact.
 */
function fromPage(before: Goal, goal: Goal, rows: Step[]): Reached {
  const wasBefore = pageTest(before);
  if (goal.kind === "event") {
    const count = rows.filter((r) => isGoalEvent(goal, r) && (wasBefore(r.path) || wasBefore(r.from))).reduce((n, r) => n + r.hits, 0);
    return { count, bytes: null };
  }
  const test = pageTest(goal);
  const reached = rows.filter((r) => r.kind !== EVENT && test(r.path) && wasBefore(r.from));
  return {
    count: reached.filter((r) => r.kind === VIEW).reduce((n, r) => n + r.hits, 0),
    bytes: reached.filter((r) => r.kind === VIEW || r.kind === LEAVE).reduce((n, r) => n + r.bytes, 0),
  };
}

/**
 * A later step reached from an event step: on each page the event was sent on, at most as many as
 * those events, of the page views that came from that page (a page step) or of the step's events
 * sent on it (an event step). An estimate: an event and what follows it share no visit.
 */
function fromEvent(before: Goal, goal: Goal, rows: Step[]): Reached {
  const sent = byKey(rows.filter((r) => isGoalEvent(before, r)), (r) => r.path);
  if (goal.kind === "event") {
    const here = byKey(rows.filter((r) => isGoalEvent(goal, r)), (r) => r.path);
    let count = 0;
    for (const [path, n] of here) count += Math.min(n, sent.get(path) ?? 0);
    return { count, bytes: null };
  }
  const test = pageTest(goal);
  const views = byKey(rows.filter((r) => r.kind === VIEW && test(r.path)), (r) => r.from);
  const bytes = byKey(rows.filter((r) => (r.kind === VIEW || r.kind === LEAVE) && test(r.path)), (r) => r.from, (r) => r.bytes);
  let count = 0;
  let total = 0;
  for (const [from, n] of views) {
    const kept = Math.min(n, sent.get(from) ?? 0);
    count += kept;
    total += ((bytes.get(from) ?? 0) * kept) / n;
  }
  return { count, bytes: total };
}

/** Every step's figures in one period, each capped at the step before's count (bytes in proportion). */
function walk(goals: Goal[], pages: Groups, events: Groups | null, steps: Groups): Reached[] {
  const rows = goals.length > 1 ? rowsOf(steps) : [];
  const out: Reached[] = [firstStep(goals[0]!, pages, events)];
  for (let i = 1; i < goals.length; i++) {
    const before = goals[i - 1]!;
    const raw = before.kind === "page" ? fromPage(before, goals[i]!, rows) : fromEvent(before, goals[i]!, rows);
    const cap = out[i - 1]!.count;
    const count = Math.min(raw.count, cap);
    out.push({ count, bytes: raw.bytes === null ? null : raw.count > 0 ? (raw.bytes * count) / raw.count : 0 });
  }
  return out;
}

/** The funnel's answer over the asked period, compared with the previous one. */
export async function funnelStats(
  read: Reader,
  target: { green: boolean | "unknown" },
  funnel: { id: number; name: string; steps: Goal[] },
): Promise<FunnelResult> {
  const goals = funnel.steps;
  const [pages, events, steps] = await Promise.all([
    read.periods(PAGES),
    goals[0]!.kind === "event" ? read.periods(EVENTS) : Promise.resolve(null),
    read.periods(STEPS),
  ]);
  const now = walk(goals, pages.now, events?.now ?? null, steps.now);
  const then = walk(goals, pages.then, events?.then ?? null, steps.then);
  const rows = goals.map((goal, i): FunnelStepRow => {
    const { count, bytes } = now[i]!;
    const before = i > 0 ? now[i - 1]!.count : null;
    return {
      goal: { id: goal.id, name: goal.name, kind: goal.kind, match: goal.match, value: goal.value },
      count,
      conversion: before === null || before === 0 ? null : count / before,
      dropOff: before === null ? null : before - count,
      grams: bytes === null ? null : pageViewGrams(bytes, target.green),
      estimate: goals.slice(0, i).some((g) => g.kind === "event"),
      c: percentChange(count, then[i]!.count),
    };
  });
  const first = rows[0]!.count;
  return { id: funnel.id, name: funnel.name, steps: rows, overall: first > 0 ? rows.at(-1)!.count / first : null };
}
