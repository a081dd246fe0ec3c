// Filters: the slice of hits a stats answer is for, written once for the API (a JSON array of
// [operator, dimension, values]), the dashboard's URL (`?f=source:search&f=country!:FR`) and the
// export's first sheet. Browser-safe: the server turns a checked filter into SQL in src/stats/filter.ts.
// A `goal` filter's values are goal ids (src/shared/goals.ts): it keeps the goal's own hits, so the
// server reads the domain's goals to know them.
//
// A filter is a condition on a hit. Every hit of a page view (the view, its leave beacon, its events)
// carries the page view's context, so a slice keeps its page views with their attention and events.
// Several filters combine with AND; several values of one filter with OR (`is`, `contains`) or
// with NOR (`is_not`, `not_contains`: none of them).

import type { Goal } from "./goals";

export const FILTER_OPERATORS = ["is", "is_not", "contains", "not_contains"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** The dimensions whose value is read off a hit (every operator). */
export const HIT_DIMENSIONS = [
  "page", "entry_page", "referrer", "source", "utm_source", "utm_medium", "utm_campaign",
  "country", "language", "device", "browser", "os", "screen", "event",
] as const;
export type HitDimension = (typeof HIT_DIMENSIONS)[number];
export const FILTER_DIMENSIONS = [...HIT_DIMENSIONS, "goal"] as const;
export type FilterDimension = (typeof FILTER_DIMENSIONS)[number];

/** A goal is one of a few, never text: is and is not only. */
const GOAL_OPERATORS: readonly FilterOperator[] = ["is", "is_not"];
/** The operators a dimension takes. */
export const operatorsOf = (dim: FilterDimension): readonly FilterOperator[] => (dim === "goal" ? GOAL_OPERATORS : FILTER_OPERATORS);
const GOAL_ID = /^[1-9][0-9]{0,15}$/;

export type Filter = [FilterOperator, FilterDimension, string[]];

/** At most this many filters at once, this many values in one, each at most this long. */
export const MAX_FILTERS = 10;
const MAX_FILTER_VALUES = 20;
const MAX_FILTER_VALUE_LENGTH = 2048;

/** How the dashboard and the export name each dimension. */
export const DIMENSION_NAMES: Record<FilterDimension, string> = {
  page: "Page", entry_page: "Entry page", referrer: "Referrer", source: "Source", utm_source: "UTM source",
  utm_medium: "UTM medium", utm_campaign: "Campaign", country: "Country", language: "Language", device: "Device",
  browser: "Browser", os: "OS", screen: "Screen size", event: "Event", goal: "Goal",
};

export const OPERATOR_NAMES: Record<FilterOperator, string> = {
  is: "is", is_not: "is not", contains: "contains", not_contains: "does not contain",
};

/**
 * Dimensions whose lists show a missing value as "unknown" (src/stats/queries.ts coalesces them):
 * "unknown" is a value a filter can pick. Elsewhere a hit without a value (an internal page view
 * has no source, no referrer, no entry page) matches only `is_not` and `not_contains`.
 */
export const UNKNOWN_IS_A_VALUE: ReadonlySet<HitDimension> = new Set(["country", "language", "device", "browser", "os", "screen"]);

/**
 * Dimensions only some hits carry: an `event` filter narrows the events and leaves page views and
 * their attention as they are (a page view has no event; goals select converting visits).
 */
export const EVENTS_ONLY: ReadonlySet<HitDimension> = new Set(["event"]);

type FiltersResult = { ok: true; filters: Filter[] } | { ok: false; message: string };

const isOperator = (v: unknown): v is FilterOperator => (FILTER_OPERATORS as readonly unknown[]).includes(v);
const isDimension = (v: unknown): v is FilterDimension => (FILTER_DIMENSIONS as readonly unknown[]).includes(v);

/** Checks a decoded `filters` value, naming the first bad part. */
export function checkFilters(value: unknown): FiltersResult {
  if (!Array.isArray(value)) return { ok: false, message: "filters must be a JSON array of [operator, dimension, values]." };
  if (value.length > MAX_FILTERS) return { ok: false, message: `filters takes at most ${MAX_FILTERS} filters.` };
  const out: Filter[] = [];
  for (const [i, f] of value.entries()) {
    const at = `filters[${i}]`;
    if (!Array.isArray(f) || f.length !== 3) return { ok: false, message: `${at} must be [operator, dimension, values].` };
    const [op, dim, values] = f as unknown[];
    if (!isOperator(op)) return { ok: false, message: `${at}: unknown operator ${JSON.stringify(op)}; use ${FILTER_OPERATORS.join(", ")}.` };
    if (!isDimension(dim)) return { ok: false, message: `${at}: unknown dimension ${JSON.stringify(dim)}; use ${FILTER_DIMENSIONS.join(", ")}.` };
    if (!Array.isArray(values) || values.length === 0 || values.length > MAX_FILTER_VALUES)
      return { ok: false, message: `${at}: values must be an array of 1–${MAX_FILTER_VALUES} strings.` };
    for (const v of values) {
      if (typeof v !== "string" || v.length === 0 || v.length > MAX_FILTER_VALUE_LENGTH)
        return { ok: false, message: `${at}: each value must be a string of 1–${MAX_FILTER_VALUE_LENGTH} characters.` };
    }
    if (dim === "goal") {
      if (!GOAL_OPERATORS.includes(op)) return { ok: false, message: `${at}: a goal filter takes is or is_not, not ${op}.` };
      const bad = (values as string[]).find((v) => !GOAL_ID.test(v));
      if (bad !== undefined) return { ok: false, message: `${at}: a goal filter's values are goal ids (whole numbers from 1), not ${JSON.stringify(bad)}.` };
    }
    out.push([op, dim, [...new Set(values as string[])]]);
  }
  return { ok: true, filters: out };
}

/** Parses the API's `filters` parameter (URL-decoded JSON); an empty or missing one is no filter. */
export function parseFilters(raw: string | undefined): FiltersResult {
  if (raw === undefined || raw.trim() === "") return { ok: true, filters: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: "filters is not valid JSON: send a URL-encoded JSON array such as [[\"is\",\"source\",[\"search\"]]]." };
  }
  return checkFilters(value);
}

/**
 * One key per set of filters, the same whatever their order or their values' order: the cache's
 * and the read gate's key, and what tells two sets apart. "" for none. With `goals`, a goal filter's
 * value is keyed by what its goal matches, so a goal changed is another slice.
 */
export function filtersKey(filters: Filter[], goals: readonly Goal[] = []): string {
  if (filters.length === 0) return "";
  const goalKey = (id: string) => {
    const g = goals.find((x) => String(x.id) === id);
    return g ? JSON.stringify([id, g.kind, g.match, g.value]) : id;
  };
  const each = filters.map(([op, dim, values]) => JSON.stringify([op, dim, (dim === "goal" ? values.map(goalKey) : [...values]).sort()]));
  return `[${each.sort().join(",")}]`;
}

// The URL form: `f=<dimension><mark>:<value>|<value>…`, where the mark is "" (is), "!" (is not),
// "~" (contains) or "!~" (does not contain). A "|" or "\" inside a value is escaped with "\".
const MARKS: Record<FilterOperator, string> = { is: "", is_not: "!", contains: "~", not_contains: "!~" };
const BY_MARK = new Map(Object.entries(MARKS).map(([op, mark]) => [mark, op as FilterOperator]));

const escapeValue = (v: string) => v.replace(/[\\|]/g, (c) => `\\${c}`);

function splitValues(s: string): string[] {
  const out: string[] = [];
  let cur = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\" && i + 1 < s.length) cur += s[++i];
    else if (c === "|") {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** A filter as the value of one `f` URL parameter. */
export const filterParam = ([op, dim, values]: Filter): string => `${dim}${MARKS[op]}:${values.map(escapeValue).join("|")}`;

/** The filters of a URL's `f` parameters; a bad one is left out (a link typed by hand must still open). */
export function filtersFromParams(params: URLSearchParams): Filter[] {
  const found: unknown[] = [];
  for (const p of params.getAll("f")) {
    const m = /^([a-z_]+)(!~|!|~|):(.*)$/s.exec(p);
    if (m) found.push([BY_MARK.get(m[2]!), m[1], splitValues(m[3]!)]);
  }
  const out: Filter[] = [];
  for (const f of found) {
    const one = checkFilters([f]);
    if (one.ok && out.length < MAX_FILTERS) out.push(one.filters[0]!);
  }
  return out;
}

/** `params` with its `f` parameters replaced by `filters`' (none left when there are none). */
export function withFilterParams(params: URLSearchParams, filters: Filter[]): URLSearchParams {
  const out = new URLSearchParams(params);
  out.delete("f");
  for (const f of filters) out.append("f", filterParam(f));
  return out;
}

/**
 * A filter in words, as a chip and the export's first sheet say it: "Country is not FR nor DE";
 * a goal by its name among `goals` ("Goal is Signed up"), by its id when it is not one of them.
 */
export function describeFilter([op, dim, values]: Filter, goals: readonly Pick<Goal, "id" | "name">[] = []): string {
  const joiner = op === "is" || op === "contains" ? " or " : " nor ";
  const named = dim === "goal" ? values.map((v) => goals.find((g) => String(g.id) === v)?.name ?? `#${v}`) : values;
  return `${DIMENSION_NAMES[dim]} ${OPERATOR_NAMES[op]} ${named.join(joiner)}`;
}

/**
 * `filters` with `is <value>` on `dim` added: into the dimension's existing `is` filter when there
 * is one (OR within), else as a new filter (AND across). A value already there changes nothing.
 */
export function addIs(filters: Filter[], dim: FilterDimension, value: string): Filter[] {
  const at = filters.findIndex(([op, d]) => op === "is" && d === dim);
  if (at < 0) return filters.length >= MAX_FILTERS ? filters : [...filters, ["is", dim, [value]]];
  const [, , values] = filters[at]!;
  if (values.includes(value) || values.length >= MAX_FILTER_VALUES) return filters;
  return filters.map((f, i) => (i === at ? ["is", dim, [...values, value]] : f));
}

/** `filters` with `value` taken out of `dim`'s `is` filter when it is there (the filter gone with its last value), else added (addIs). */
export function toggleIs(filters: Filter[], dim: FilterDimension, value: string): Filter[] {
  const at = filters.findIndex(([op, d, values]) => op === "is" && d === dim && values.includes(value));
  if (at < 0) return addIs(filters, dim, value);
  const rest = filters[at]![2].filter((v) => v !== value);
  return rest.length === 0 ? filters.filter((_, i) => i !== at) : filters.map((f, i) => (i === at ? ["is", dim, rest] : f));
}
