// Goals: what a domain's owner counts as a conversion, written once for the API, the stats read and
// the dashboard. A page goal is a path pattern (`*` any characters but "/", `**` any characters,
// a trailing "/" ignored, the query string never part of a stored path); an event goal is an event
// name, optionally with one value. Browser-safe.

export const GOAL_KINDS = ["page", "event"] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

/** A goal as the API answers it. `value` only for event goals: the event's value that converts (null: any). */
export type Goal = { id: number; name: string; kind: GoalKind; match: string; value: string | null; createdAt: string };

export const GOAL_NAME_MAX_LENGTH = 60;
export const GOAL_MATCH_MAX_LENGTH = 1024;
/** At most this many goals per domain: the Goals section and GOALS read stay small. */
export const MAX_GOALS = 50;

/** A goal's figures for a range (GET /api/stats?dataType=GOALS). */
export type GoalRow = Goal & {
  /** Page goals: page views of a matching page; event goals: matching events. */
  conversions: number;
  /** conversions ÷ the range's unique visits (0 when there are none); above 1 when a visit converts twice. */
  rate: number;
  /** Event goals: the sum of the matching events' numeric values (count × value); null when none is
   * a number, and for page goals. NOTE: not `value`, which stays the goal's own (the event value that converts). */
  valueSum: number | null;
  /** Grams of CO2 of the range's page views over conversions; null for no conversion. */
  co2PerConversion: number | null;
  /** Change of conversions in % against the previous period; null when it had none. */
  c: number | null;
};

const escapeRegExp = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** The pattern as an anchored regex whose `**` is `any`: `*` any but "/", an optional trailing "/". */
function anchored(pattern: string, any: string): string {
  const trimmed = pattern.length > 1 ? pattern.replace(/\/+$/, "") : pattern;
  const body = trimmed
    .split("**")
    .map((part) => part.split("*").map(escapeRegExp).join("[^/]*"))
    .join(any);
  return `^${body}/?$`;
}

/** A page pattern as an anchored RegExp source: `**` any characters, `*` any but "/", an optional trailing "/". */
export const patternSource = (pattern: string): string => anchored(pattern, ".*");

/**
 * The same pattern as a PostgreSQL regex (`path ~ …`) that matches exactly the paths
 * patternSource does. TRICKY: the escapes, `[^/]`, `^` and `$` read the same in both; JS's `.`
 * stops at line terminators and PostgreSQL's does not, so `**` is spelt as JS's `.` there.
 */
export const postgresPattern = (pattern: string): string => anchored(pattern, "[^\\n\\r\\u2028\\u2029]*");

/** Whether a stored path (no query string) is a page goal's page. */
export function matchesPage(pattern: string, path: string): boolean {
  return new RegExp(patternSource(pattern)).test(path);
}

/** A page pattern's problem in words, or null when it is one; `whose` names what it is for (budgets share the patterns). */
export function patternProblem(pattern: string, whose = "A page goal's pattern"): string | null {
  if (!pattern.startsWith("/")) return `${whose} starts with /, e.g. /thanks or /blog/**.`;
  if (pattern.length > GOAL_MATCH_MAX_LENGTH) return `${whose} has at most ${GOAL_MATCH_MAX_LENGTH} characters.`;
  if (/\*{3,}/.test(pattern)) return "Use * for any characters but /, and ** for any characters: not ***.";
  return null;
}
