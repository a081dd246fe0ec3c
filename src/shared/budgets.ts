// Carbon budgets: a domain's limits on what one page view may cost, in grams of CO2 and/or bytes,
// as a default and per page pattern (the goals' patterns: `*` any characters but "/", `**` any).
// The API checks them, the dashboard marks the pages over theirs, and the weekly alert check tells
// when a page crosses its own. Browser-safe.
import { matchesPage } from "./goals";

/** One budget: `pattern` null is the default, for pages no pattern matches. A limit left null is not checked. */
export type Budget = { pattern: string | null; grams: number | null; bytes: number | null };

/** At most this many budgets per domain, the default included. */
export const MAX_BUDGETS = 20;

/** The budget a page answers to: the first pattern (in the owner's order) that matches it, else the default. */
export function budgetFor(budgets: readonly Budget[], path: string): Budget | null {
  return budgets.find((b) => b.pattern !== null && matchesPage(b.pattern, path)) ?? budgets.find((b) => b.pattern === null) ?? null;
}

/** A page's figures per view (null: not known, e.g. Energy & Carbon locked). */
type PerView = { grams: number | null; bytes: number | null };

/** What a page is over: each limit of its budget its figure per view exceeds; empty when within. */
export function overBudget(budget: Budget | null, page: PerView): ("grams" | "bytes")[] {
  if (!budget) return [];
  const over: ("grams" | "bytes")[] = [];
  if (budget.grams !== null && page.grams !== null && page.grams > budget.grams) over.push("grams");
  if (budget.bytes !== null && page.bytes !== null && page.bytes > budget.bytes) over.push("bytes");
  return over;
}
