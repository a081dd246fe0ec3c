// Filters as SQL: the condition a filtered stats read puts on raw hits (grouped.ts), one expression
// per dimension, the same labels the lists show (queries.ts): a value clicked in a list filters
// exactly the hits counted in its row. Column expressions are constants of this module; values are
// always parameters.
import type { Fragment } from "postgres";
import type { Queryable } from "../db";
import { EVENTS_ONLY, UNKNOWN_IS_A_VALUE, type Filter, type FilterDimension } from "../shared/filters";

/**
 * The dimensions whose value is not their column's: page and event name their columns; an entry
 * page and a referrer exist only on an arrival (a page view with a source), whose leave beacon and
 * events carry the same source and so stay with it.
 */
const DERIVED: Partial<Record<FilterDimension, string>> = {
  page: "path",
  entry_page: "CASE WHEN source IS NOT NULL THEN path END",
  referrer: "CASE WHEN source IS NULL THEN NULL WHEN source = 'direct' THEN 'direct' ELSE coalesce(referrer_host, 'unknown') END",
  event: "event_name",
};

/** Each dimension's value on a hit, as its list labels it; NULL where the hit has none. Column names are constants. */
const expression = (dim: FilterDimension): string =>
  UNKNOWN_IS_A_VALUE.has(dim) ? `coalesce(${dim}, 'unknown')` : (DERIVED[dim] ?? dim);

/** Case-insensitive "contains any of": strpos, not LIKE, so % and _ in a value are plain characters. */
function containsAny(sql: Queryable, expr: Fragment, values: string[]): Fragment {
  const lower = values.map((v) => v.toLowerCase());
  return sql`EXISTS (SELECT 1 FROM unnest(${lower}::text[]) v WHERE strpos(lower(${expr}), v) > 0)`;
}

function condition(sql: Queryable, [op, dim, values]: Filter): Fragment {
  const expr = sql.unsafe(expression(dim));
  const test =
    op === "is" ? sql`${expr} = ANY(${values}::text[])`
    : op === "is_not" ? sql`(${expr} IS NULL OR NOT (${expr} = ANY(${values}::text[])))`
    : op === "contains" ? sql`(${expr} IS NOT NULL AND ${containsAny(sql, expr, values)})`
    : sql`(${expr} IS NULL OR NOT ${containsAny(sql, expr, values)})`;
  return EVENTS_ONLY.has(dim) ? sql`(kind <> 3 OR ${test})` : test;
}

/** The AND of every filter's condition on a row of `hits`; null for no filter. */
export function filterCondition(sql: Queryable, filters: Filter[]): Fragment | null {
  if (filters.length === 0) return null;
  return filters.map((f) => condition(sql, f)).reduce((all, c) => sql`${all} AND ${c}`);
}
