// The stats contract: the query every caller of GET /api/stats sends, as the schemas the server
// validates with, and (re-exported from src/shared/stats) the answers it gets.
import { t, type Static } from "elysia";
import { DayKey } from "../http/day-key";

export * from "../shared/stats";

/** A time in ms since 1970 that Date can hold. */
const ms = (field: string) => t.Optional(t.Numeric({ minimum: 0, maximum: 8.64e15, error: `${field} must be a time in milliseconds.` }));

// NOTE: a string here, checked by src/shared/filters.ts parseFilters, so a bad filter's 400 names
// the bad part (operator, dimension, values) rather than a schema path.
export const StatsFilters = t.Optional(t.String({
  maxLength: 20_000,
  error: "filters must be a URL-encoded JSON array of [operator, dimension, values] (at most 20,000 characters).",
  description: 'The slice to answer for: a JSON array of [operator, dimension, values], e.g. [["is","source",["search"]],["is_not","country",["FR"]]]. Operators: is, is_not, contains, not_contains; dimensions: page, entry_page, referrer, source, utm_source, utm_medium, utm_campaign, country, language, device, browser, os, screen, event, and goal (ids of the domain goals, is and is_not only: the hits of those goals). Filters combine with AND, the values of one with OR (is, contains) or as none of them (is_not, not_contains).',
}));

/** The range and the data wanted (SPEC §3 date range): `startKey`/`endKey` as local days, or
 * `start`/`end` as times, read as the local days of the domain's time zone they fall on. A key
 * wins over a time: the local days are the truth, whatever the caller's clock. */
const RangeQuery = {
  startKey: t.Optional(DayKey("startKey")),
  endKey: t.Optional(DayKey("endKey")),
  start: ms("start"),
  end: ms("end"),
  // TRICKY: not t.UnionEnum: Elysia fills a missing UnionEnum query value with its first member, so
  // a request without dataType would silently read SUMMARY instead of answering 400.
  dataType: t.Union([t.Literal("SUMMARY"), t.Literal("PATH"), t.Literal("REF"), t.Literal("GOALS"), t.Literal("FUNNEL"), t.Literal("SPEED")], {
    error: "dataType must be SUMMARY, PATH, REF, GOALS, FUNNEL or SPEED.",
  }),
  funnel: t.Optional(t.Numeric({
    minimum: 1, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1,
    error: "funnel must be a funnel's id: a whole number from 1.",
    description: "With dataType=FUNNEL: the funnel's id (GET /api/domains/{domain}/funnels).",
  })),
  // NOTE: REF's entry pages, per referrer (`path`) and per campaign, are its costliest part; a
  // dashboard leaves them out of its first load and asks for one referrer's, one page's or one
  // campaign's when a popup or the campaign's Path tab opens.
  entries: t.Optional(t.Union([t.Literal("all"), t.Literal("none")], { error: "entries must be all or none." })),
  referrer: t.Optional(t.String({ minLength: 1, maxLength: 253, error: "referrer must be a referrer's label (1–253 characters)." })),
  page: t.Optional(t.String({ minLength: 1, maxLength: 2048, error: "page must be a path (1–2048 characters)." })),
  campaign: t.Optional(t.String({ minLength: 1, maxLength: 200, error: "campaign must be a campaign's name (1–200 characters)." })),
  filters: StatsFilters,
};
export const StatsQuery = t.Object({ domain: t.String({ minLength: 1, maxLength: 253 }), ...RangeQuery });
export const PublicStatsQuery = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }), ...RangeQuery });
export type StatsQuery = Static<typeof StatsQuery>;
export type PublicStatsQuery = Static<typeof PublicStatsQuery>;
