// Filters as SQL: the condition a filtered stats read puts on raw hits (grouped.ts), one expression
// per dimension, the same labels the lists show (queries.ts): a value clicked in a list filters
// exactly the hits counted in its row. Column expressions are constants of this module; values are
// always parameters.
import type { Fragment } from "postgres";
import type { Queryable } from "../db";
import { EVENTS_ONLY, type Filter, type FilterDimension } from "../shared/filters";

/** Each dimension's value on a hit, as its list labels it; NULL where the hit has none. */
const EXPRESSION: Record<FilterDimension, string> = {
  page: "path",
  // NOTE: an entry is an arrival (a page view with a source); its leave beacon and events carry the
  // same source, so they stay with it.
  entry_page: "CASE WHEN source IS NOT NULL THEN path END",
  referrer: "CASE WHEN source IS NULL THEN NULL WHEN source = 'direct' THEN 'direct' ELSE coalesce(referrer_host, 'unknown') END",
  source: "source",
  utm_source: "utm_source",
  utm_medium: "utm_medium",
  utm_campaign: "utm_campaign",
  country: "coalesce(country, 'unknown')",
  language: "coalesce(language, 'unknown')",
  device: "coalesce(device, 'unknown')",
  browser: "coalesce(browser, 'unknown')",
  os: "coalesce(os, 'unknown')",
  screen: "coalesce(screen, 'unknown')",
  event: "event_name",
};

/** Case-insensitive "contains any of": strpos, not LIKE, so % and _ in a value are plain characters. */
function containsAny(sql: Queryable, expr: Fragment, values: string[]): Fragment {
  const lower = values.map((v) => v.toLowerCase());
  return sql`EXISTS (SELECT 1 FROM unnest(${lower}::text[]) v WHERE strpos(lower(${expr}), v) > 0)`;
}

function condition(sql: Queryable, [op, dim, values]: Filter): Fragment {
  const expr = sql.unsafe(EXPRESSION[dim]);
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
