// Funnels: ordered steps, each one of the domain's goals (./goals.ts), counted with no visitor
// identifier. Every hit knows its page and the page before it in the same tab (`from_path`: a
// same-site referrer, or the route before a client-side navigation). A step after the first counts
// the hits that reached it straight from the step before: a page step, the page views of its pages
// that came from a page of the step before; an event step, its events sent on a page of the step
// before or on a page reached from one. That link is exact between consecutive steps; a step never
// counts more than the step before it (further back, nothing ties a visit together). After an event
// step, which has no page of its own, the link goes through the pages its events were sent on and
// is an estimate (`estimate`). Written once for the API, the stats read and the dashboard.
// Browser-safe.
import type { Goal } from "./goals";

export const FUNNEL_MIN_STEPS = 2;
export const FUNNEL_MAX_STEPS = 8;
export const FUNNEL_NAME_MAX_LENGTH = 60;
/** At most this many funnels per domain. */
export const MAX_FUNNELS = 20;

/** A funnel as the API answers it: its steps are goal ids, in order. */
export type Funnel = { id: number; name: string; steps: number[]; createdAt: string };

/** One step of a funnel's answer (GET /api/stats?dataType=FUNNEL). */
export type FunnelStepRow = {
  goal: Pick<Goal, "id" | "name" | "kind" | "match" | "value">;
  /** The first step: all its page views or events; a later one: those reached from the step before. */
  count: number;
  /** count ÷ the step before's count (null for the first step, and after a step of 0). */
  conversion: number | null;
  /** The step before's count minus this one's (null for the first step). */
  dropOff: number | null;
  /** Grams of CO2 of the step's counted page views, their leave beacons' bytes included (null for an event step). */
  grams: number | null;
  /** The count is an estimate: the step comes after an event step (see the module's rule). */
  estimate: boolean;
  /** Change of count in % against the previous period; null when it had none. */
  c: number | null;
};

export type FunnelResult = {
  id: number;
  name: string;
  steps: FunnelStepRow[];
  /** The last step's count ÷ the first's (null when the first is 0). */
  overall: number | null;
};

/** The counting rule as the funnel view and the docs state it. */
export const FUNNEL_RULE =
  "A step counts the page views or events that came to it straight from the step before, in the same tab, and never more than the step before. " +
  "No visitor is followed: each step looks one page back, so the funnel is exact between consecutive steps and an approximation across several. " +
  "After an event step the link goes through the pages the event was sent on, so those counts are estimates (≈).";

/** A funnel's steps' problem in words, or null when they are fine: 2 to 8 goals, no goal twice in a row. */
export function stepsProblem(steps: readonly number[]): string | null {
  if (steps.length < FUNNEL_MIN_STEPS || steps.length > FUNNEL_MAX_STEPS) {
    return `A funnel has ${FUNNEL_MIN_STEPS} to ${FUNNEL_MAX_STEPS} steps.`;
  }
  if (steps.some((s, i) => i > 0 && steps[i - 1] === s)) return "A step cannot be the same goal as the step before it.";
  return null;
}
