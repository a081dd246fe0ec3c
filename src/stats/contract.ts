// The stats contract: the query every caller of GET /api/stats sends, as the schemas the server
// validates with, and (re-exported from src/shared/stats) the answers it gets.
import { t, type Static } from "elysia";
import { DAY_KEY } from "../shared/stats";

export * from "../shared/stats";

/** The range and the data wanted. `startKey`/`endKey` decide; `start`/`end` (ms) are accepted for
 * compatibility with older clients and ignored: the local days are the truth, whatever the caller's clock. */
export const DayRange = {
  startKey: t.String({ pattern: DAY_KEY, error: "startKey must be a date as YYYY-MM-DD." }),
  endKey: t.String({ pattern: DAY_KEY, error: "endKey must be a date as YYYY-MM-DD." }),
};
const RangeQuery = {
  ...DayRange,
  start: t.Optional(t.Numeric()),
  end: t.Optional(t.Numeric()),
  // TRICKY: not t.UnionEnum: Elysia fills a missing UnionEnum query value with its first member, so
  // a request without dataType would silently read SUMMARY instead of answering 400.
  dataType: t.Union([t.Literal("SUMMARY"), t.Literal("PATH"), t.Literal("REF")], {
    error: "dataType must be SUMMARY, PATH or REF.",
  }),
};
export const StatsQuery = t.Object({ domain: t.String({ minLength: 1, maxLength: 253 }), ...RangeQuery });
export const PublicStatsQuery = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }), ...RangeQuery });
export type StatsQuery = Static<typeof StatsQuery>;
export type PublicStatsQuery = Static<typeof PublicStatsQuery>;
