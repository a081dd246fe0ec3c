// Shared pieces of the stats stages: the WHERE every aggregate read uses, and the shaping of
// (label, now, then) figures into SPEC §3 list rows (pc share, c change, order, 1000-row cap).
import type { Queryable } from "../db";
import type { ListRow } from "./contract";
import type { Range } from "./range";

/** Lists are returned whole up to this many rows; the UI pages and searches them. */
export const LIST_LIMIT = 1000;

/** A figure of the asked period and of the one before it. */
export type Pair = { now: number; then: number };

/** Change in % of `now` against `then`; null when `then` is 0 (no base to compare with). */
export const change = (now: number, then: number): number | null => (then === 0 ? null : ((now - then) / then) * 100);

/** Share of `part` in `total` (0–1); 0 for an empty total. */
export const share = (part: number, total: number): number => (total === 0 ? 0 : part / total);

/** Value desc, then label (code-point order), so equal values have a stable order everywhere. */
export const byValueThenLabel = (a: { label: string; value: number }, b: { label: string; value: number }) =>
  b.value - a.value || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);

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
  return items
    .filter((i) => i.now > 0)
    .map((i) => ({ label: i.label, value: i.now, pc: share(i.now, total), c: change(i.now, i.then), ...(extra?.(i) as X) }))
    .sort(byValueThenLabel)
    .slice(0, limit);
}

/**
 * The WHERE of every aggregate read: the site, the local days of both periods, and the UTC bucket
 * window. TRICKY: the aggregates are hypertables partitioned by `bucket`; the local-day filter alone
 * would visit every chunk, the bucket bounds let TimescaleDB exclude the ones outside the range.
 */
export const inRange = (sql: Queryable, siteId: number, r: Range) => sql`
  site_id = ${siteId} AND local_day BETWEEN ${r.thenStart}::date AND ${r.endKey}::date
  AND bucket >= ${r.bucketFrom} AND bucket < ${r.bucketTo}`;

/**
 * Several lists from one read of an aggregate: GROUPING SETS with one set per column, each row
 * telling its list (`dim`, the column name) and its label (NULL read as "unknown"). Column names
 * are constants of this module's callers, never input.
 */
export function dimensions(sql: Queryable, cols: readonly string[]) {
  const expr = (c: string) => `coalesce(${c}::text, 'unknown')`;
  const which = (then: (c: string) => string) => `CASE ${cols.map((c) => `WHEN GROUPING(${expr(c)}) = 0 THEN ${then(c)}`).join(" ")} END`;
  return {
    dim: sql.unsafe(which((c) => `'${c}'`)),
    label: sql.unsafe(which(expr)),
    sets: sql.unsafe(`GROUPING SETS (${cols.map((c) => `(${expr(c)})`).join(", ")})`),
  };
}

/** `sum(col) FILTER (local day in now)` and the same for then, as float8 (exact below 2^53). */
export const nowSum = (sql: Queryable, r: Range, col: string) =>
  sql`coalesce(sum(${sql(col)}) FILTER (WHERE local_day >= ${r.startKey}::date), 0)::float8`;
export const thenSum = (sql: Queryable, r: Range, col: string) =>
  sql`coalesce(sum(${sql(col)}) FILTER (WHERE local_day < ${r.startKey}::date), 0)::float8`;
