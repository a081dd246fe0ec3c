// The schema of a day key in a request (YYYY-MM-DD): every route that takes one validates it with
// DayKey, which runs the shared dayKeyProblem, so "2026-02-30", "0000-00-00" or "2026-13-01"
// answer 400 at the edge on every route alike, before a handler or the database sees them.
import { t } from "elysia";
import { FormatRegistry } from "elysia/type-system";
import { dayKeyProblem, FIRST_YEAR, LAST_YEAR } from "../shared/days";

const FORMAT = "bothy-day-key";
if (!FormatRegistry.Has(FORMAT)) FormatRegistry.Set(FORMAT, (value) => dayKeyProblem(value) === null);

/** A required day key named `field` in a query or body. */
export const DayKey = (field: string) =>
  t.String({ format: FORMAT, error: `${field} must be a day of the calendar from ${FIRST_YEAR} to ${LAST_YEAR} as YYYY-MM-DD.` });

/** A range of local days, both ends required (the export's and the annotations' queries). */
export const DayRange = {
  startKey: DayKey("startKey"),
  endKey: DayKey("endKey"),
};
