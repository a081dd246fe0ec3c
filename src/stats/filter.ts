// Filters as SQL: the condition a filtered stats read puts on raw hits (grouped.ts), one expression
// per dimension, the same labels the lists show (queries.ts): a value clicked in a list filters
// exactly the hits counted in its row. A goal filter is its goals' own hits, the goals read by the
// caller. Column expressions are constants of this module; values and patterns are always parameters.
import type { Fragment } from "postgres";
import type { Queryable } from "../db";
import { EVENTS_ONLY, UNKNOWN_IS_A_VALUE, type Filter, type FilterOperator, type HitDimension } from "../shared/filters";
import { postgresPattern, type Goal } from "../shared/goals";

/**
 * The dimensions whose value is not their column's: page and event name their columns; an entry
 * page and a referrer exist only on an arrival (a page view with a source), whose leave beacon and
 * events carry the same source and so stay with it.
 */
const DERIVED: Partial<Record<HitDimension, string>> = {
  page: "path",
  entry_page: "CASE WHEN source IS NOT NULL THEN path END",
  referrer: "CASE WHEN source IS NULL THEN NULL WHEN source = 'direct' THEN 'direct' ELSE coalesce(referrer_host, 'unknown') END",
  event: "event_name",
};

/** Each dimension's value on a hit, as its list labels it; NULL where the hit has none. Column names are constants. */
const expression = (dim: HitDimension): string =>
  UNKNOWN_IS_A_VALUE.has(dim) ? `coalesce(${dim}, 'unknown')` : (DERIVED[dim] ?? dim);

/**
 * Case-insensitive "contains any of": strpos, not LIKE, so % and _ in a value are plain characters.
 * NOTE: one strpos per value, ORed: a subquery over the values' array ran once per hit and made a
 * page `contains` slice of a month at 1M hits cost more than a device one.
 */
function containsAny(sql: Queryable, expr: Fragment, values: string[]): Fragment {
  const each = values.map((v) => sql`strpos(lower(${expr}), ${v.toLowerCase()}) > 0`);
  return sql`(${each.reduce((any, c) => sql`${any} OR ${c}`)})`;
}

/**
 * A goal's own hits: a page goal's are every hit of its pages (the page views, their leave beacons,
 * the events sent from them, as a page filter keeps them); an event goal's are its events.
 */
function goalHits(sql: Queryable, goal: Goal): Fragment {
  if (goal.kind === "page") return sql`path ~ ${postgresPattern(goal.match)}`;
  const value = goal.value === null ? sql`` : sql`AND event_value = ${goal.value}`;
  return sql`(kind = 3 AND event_name = ${goal.match} ${value})`;
}

function goalCondition(sql: Queryable, op: FilterOperator, ids: string[], goals: readonly Goal[]): Fragment {
  const any = ids
    .map((id) => {
      const goal = goals.find((g) => String(g.id) === id);
      // NOTE: the caller refused a goal the domain does not have (goalsNamed) before any read.
      if (!goal) throw new Error(`goal ${id} was not handed to the read`);
      return goalHits(sql, goal);
    })
    .reduce((all, c) => sql`${all} OR ${c}`);
  // NOTE: an event without a value compares NULL: it is not the goal's, so it stays out of is and in is not.
  return op === "is" ? sql`coalesce(${any}, false)` : sql`NOT coalesce(${any}, false)`;
}

/** The goals the filters name, in their order, once each; or which id is none of the domain's `goals`. */
export function goalsNamed(filters: Filter[], goals: readonly Goal[]): { ok: true; goals: Goal[] } | { ok: false; message: string } {
  const ids = [...new Set(filters.flatMap(([, dim, values]) => (dim === "goal" ? values : [])))];
  const out: Goal[] = [];
  for (const id of ids) {
    const goal = goals.find((g) => String(g.id) === id);
    if (!goal) return { ok: false, message: `No goal ${id} on this domain.` };
    out.push(goal);
  }
  return { ok: true, goals: out };
}

/**
 * `is` and `is not` with "unknown" among the values, on a dimension whose missing value reads
 * "unknown": the bare column, with its NULLs counted as that value.
 */
function unknownAsked(sql: Queryable, op: "is" | "is_not", dim: HitDimension, values: string[]): Fragment {
  const column = sql.unsafe(dim);
  return op === "is" ? sql`(${column} IS NULL OR ${column} = ANY(${values}::text[]))` : sql`(${column} IS NOT NULL AND NOT (${column} = ANY(${values}::text[])))`;
}

function condition(sql: Queryable, [op, dim, values]: Filter, goals: readonly Goal[]): Fragment {
  if (dim === "goal") return goalCondition(sql, op, values, goals);
  // NOTE: `is` and `is not` test the bare column, exactly as its `coalesce(…, 'unknown')` would:
  // TimescaleDB tests a compressed chunk's rows on a column's own values before it decompresses
  // their other columns, but never through a function such as coalesce (a week of the device slice
  // at 10M hits on a server: 2.34 s through coalesce, 2.10 s on the column).
  const bare = UNKNOWN_IS_A_VALUE.has(dim) && (op === "is" || op === "is_not");
  if (bare && values.includes("unknown")) return unknownAsked(sql, op, dim, values);
  const expr = sql.unsafe(bare ? dim : expression(dim));
  const test =
    op === "is" ? sql`${expr} = ANY(${values}::text[])`
    : op === "is_not" ? sql`(${expr} IS NULL OR NOT (${expr} = ANY(${values}::text[])))`
    : op === "contains" ? sql`(${expr} IS NOT NULL AND ${containsAny(sql, expr, values)})`
    : sql`(${expr} IS NULL OR NOT ${containsAny(sql, expr, values)})`;
  return EVENTS_ONLY.has(dim) ? sql`(kind <> 3 OR ${test})` : test;
}

/** The AND of every filter's condition on a row of `hits`; null for no filter. `goals`: those the goal filters name (goalsNamed). */
export function filterCondition(sql: Queryable, filters: Filter[], goals: readonly Goal[] = []): Fragment | null {
  if (filters.length === 0) return null;
  return filters.map((f) => condition(sql, f, goals)).reduce((all, c) => sql`${all} AND ${c}`);
}
