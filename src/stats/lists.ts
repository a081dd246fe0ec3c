// Shared pieces of the stats stages: the shaping of (label, now, then) figures into the API's list
// rows (pc share, c change, order, 1000-row cap), the pairing of both periods' groups, and what
// each list's labels are.
import { percentChange } from "../shared/change";
import type { Groups, Label } from "./groups";
import type { ListNames, ListRow, ListType } from "./contract";

/** Lists are returned whole up to this many rows; the UI pages and searches them. */
export const LIST_LIMIT = 1000;

/** What each dataType's lists' labels are (the answers' `type`): every list of ListNames has one. */
export const TYPE_OF_LIST = {
  SUMMARY: { country: "country", language: "language", browser: "browser", os: "os", perf: "page" },
  PATH: { path: "page", energy: "page", events: "event" },
  REF: { result: "referrer", campaign: "campaign" },
} as const satisfies { [D in keyof ListNames]: Record<ListNames[D], ListType> };

/** How many rows a list has before the cap: the items with something now. */
export const rowCount = (items: { now: number }[]): number => items.reduce((n, i) => n + (i.now > 0 ? 1 : 0), 0);

/** A figure of the asked period and of the one before it. */
export type Pair = { now: number; then: number };

/** Change in % of `now` against `then`; null when `then` is 0 (no base to compare with). */

/** Share of `part` in `total` (0–1); 0 for an empty total. */
export const share = (part: number, total: number): number => (total === 0 ? 0 : part / total);

/** Value desc, then label (code-point order), so equal values have a stable order everywhere. */
export const byValueThenLabel = (a: { label: string; value: number }, b: { label: string; value: number }) =>
  b.value - a.value || labelOrder(a.label, b.label);

const labelOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * List rows from labelled figures: rows with nothing now are left out, `pc` is the share of the
 * whole list's total (before the cap), `extra` adds a row's own fields.
 */
export function toList<T extends { label: string } & Pair, X extends object = object>(
  items: T[],
  extra?: (item: T) => X,
  limit = LIST_LIMIT,
): (ListRow & X)[] {
  const total = items.reduce((s, i) => s + i.now, 0);
  return top(items, limit).map((i) => ({ label: i.label, value: i.now, pc: share(i.now, total), c: percentChange(i.now, i.then), ...(extra?.(i) as X) }));
}

export const byNowThenLabel = (a: { label: string; now: number }, b: { label: string; now: number }) =>
  b.now - a.now || labelOrder(a.label, b.label);

/**
 * The first `n` items with something now in list order. NOTE: a referrer's ten entry pages come
 * out of thousands; keeping the best ten while passing over them spares sorting them all.
 */
function top<T extends { label: string; now: number }>(items: T[], n: number): T[] {
  if (n > 50 || items.length <= n * 4) return items.filter((i) => i.now > 0).sort(byNowThenLabel).slice(0, n);
  const best: T[] = [];
  for (const i of items) {
    if (i.now <= 0 || (best.length === n && byNowThenLabel(i, best[n - 1]!) >= 0)) continue;
    let at = best.length;
    while (at > 0 && byNowThenLabel(i, best[at - 1]!) < 0) at--;
    best.splice(at, 0, i);
    if (best.length > n) best.pop();
  }
  return best;
}

/** A grouped query summed over both periods of a range. */
export type PeriodGroups = { now: Groups; then: Groups };

/** Every group with something now, its labels and figure `i` of both periods. */
export function paired(p: PeriodGroups, i = 0): { labels: Label[]; now: number; then: number }[] {
  const out: { labels: Label[]; now: number; then: number }[] = [];
  for (const [key, s] of p.now) out.push({ labels: s.labels, now: s.sums[i]!, then: p.then.get(key)?.sums[i] ?? 0 });
  return out;
}

/** Groups whose first label is `dim` (GROUPING SETS reads), labelled by their second label. */
export const dimension = (p: PeriodGroups, dim: string) =>
  paired(p).filter((g) => g.labels[0] === dim).map((g) => ({ label: String(g.labels[1]), now: g.now, then: g.then }));
