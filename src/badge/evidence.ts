// The earned badge's figures: the last full calendar month of a domain in its own time zone, read
// through the stats room's PATH answer (the code path of /api/stats, as the dashboard's Energy &
// Carbon shows that month), with the model they rest on. A month without a visit earns nothing.
import { SWD_MODEL } from "../carbon";
import type { Site } from "../domains";
import { addDays, localTime } from "../shared/days";
import { LOCKED, type CarbonTotals, type RatingLetter, type Stats } from "../shared/stats";
import type { ReportModel } from "../shared/yearly";

/** The stats room's answer for a range of the domain, as its owner reads it. */
type Read = (q: { startKey: string; endKey: string; dataType: "PATH" }) => Promise<Stats>;

/** A month's figures behind the badge. `rating` is null when the month had no visit: the badge is withdrawn. */
export type BadgeEvidence = {
  domain: string;
  /** YYYY-MM, the last calendar month that has ended in `tz`. */
  month: string;
  startKey: string;
  endKey: string;
  tz: string;
  visits: number;
  transferredBytes: number;
  bytesPerVisit: number;
  co2Grams: number;
  gramsPerVisit: number;
  rating: RatingLetter | null;
  green: CarbonTotals["green"];
  model: ReportModel;
};

/** The last calendar month that has ended on `today` (a day key): its YYYY-MM and its first and last days. */
export function lastFullMonth(today: string): { month: string; startKey: string; endKey: string } {
  const endKey = addDays(`${today.slice(0, 7)}-01`, -1);
  const month = endKey.slice(0, 7);
  return { month, startKey: `${month}-01`, endKey };
}

/** The domain's badge figures for its last full month, or null when its plan keeps Energy & Carbon locked. */
export async function readEvidence(read: Read, domain: Site, now = Date.now()): Promise<BadgeEvidence | null> {
  const range = lastFullMonth(localTime(domain.tz, now).day);
  const stats = await read({ startKey: range.startKey, endKey: range.endKey, dataType: "PATH" });
  if (stats.dataType !== "PATH") throw new Error(`stats answered ${stats.dataType} for PATH`);
  if (stats.carbonTotals === LOCKED) return null;
  const t = stats.carbonTotals;
  const earned = t.visits > 0;
  return {
    domain: domain.name,
    ...range,
    tz: domain.tz,
    visits: t.visits,
    transferredBytes: t.transferredBytes,
    bytesPerVisit: earned ? t.transferredBytes / t.visits : 0,
    co2Grams: t.co2Grams,
    gramsPerVisit: t.avgCo2Grams,
    rating: earned ? t.rating : null,
    green: t.green,
    model: SWD_MODEL,
  };
}
