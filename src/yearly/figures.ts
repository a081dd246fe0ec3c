// The yearly report's figures, every one read through the stats room's own answer (the code path
// of /api/stats): PATH for the year's range, PATH once per month that has begun, and SPEED for the
// year's range (the speed page), each for the report's slice (its filters). Nothing here counts anything; it picks the answers' fields and adds
// the energy SWD v4 gives their bytes.
import { SWD_MODEL } from "../carbon";
import type { Site } from "../domains";
import { addDays, localTime } from "../shared/days";
import type { Filter } from "../shared/filters";
import { LOCKED, type CarbonTotals, type PathStats, type SpeedStats, type Stats } from "../shared/stats";
import { energyKwh } from "../shared/units";
import type { ReportMonth, ReportSpeed, YearReport } from "../shared/yearly";

/** The stats room's answer for a range and a slice (`filters`, as /api/stats takes them: JSON), as its owner (or an admin) gets it from /api/stats. */
type Read = (q: { startKey: string; endKey: string; dataType: "PATH" | "SPEED"; filters: string }) => Promise<Stats>;

const HEAVIEST = 10;
const SLOWEST = 10;

/** The range a year's report reads: all of it, or up to today while it runs in the domain's zone. */
export function yearRange(year: number, today: string): { startKey: string; endKey: string; running: boolean } {
  const last = `${year}-12-31`;
  const running = today <= last;
  return { startKey: `${year}-01-01`, endKey: running ? today : last, running };
}

/** The months of a range within one year, each cut at the range's end. */
export function monthsOf(range: { startKey: string; endKey: string }): { month: string; startKey: string; endKey: string }[] {
  const year = range.startKey.slice(0, 4);
  const out: { month: string; startKey: string; endKey: string }[] = [];
  for (let m = 1; m <= 12; m++) {
    const month = `${year}-${String(m).padStart(2, "0")}`;
    const startKey = `${month}-01`;
    if (startKey > range.endKey) break;
    const next = m === 12 ? `${Number(year) + 1}-01-01` : `${year}-${String(m + 1).padStart(2, "0")}-01`;
    const last = addDays(next, -1);
    out.push({ month, startKey, endKey: last < range.endKey ? last : range.endKey });
  }
  return out;
}

/** The PATH answer's carbon totals, or null when the plan keeps them locked. */
async function totalsOf(read: Read, q: { startKey: string; endKey: string; filters: string }): Promise<{ path: PathStats; totals: CarbonTotals } | null> {
  const stats = await read({ ...q, dataType: "PATH" });
  if (stats.dataType !== "PATH") throw new Error(`stats answered ${stats.dataType} for PATH`);
  return stats.carbonTotals === LOCKED ? null : { path: stats, totals: stats.carbonTotals };
}

/** The year's vitals: the site's, and the pages with an LCP, slowest first (most measured first on a tie). */
async function speedOf(read: Read, q: { startKey: string; endKey: string; filters: string }): Promise<ReportSpeed> {
  const stats = await read({ ...q, dataType: "SPEED" });
  if (stats.dataType !== "SPEED") throw new Error(`stats answered ${stats.dataType} for SPEED`);
  const slowest = (stats as SpeedStats).speed.filter((r) => r.lcp.p75 !== null).sort((a, b) => b.lcp.p75! - a.lcp.p75! || b.samples - a.samples);
  return { site: stats.site, slowest: slowest.slice(0, SLOWEST) };
}

/**
 * The report of `year` for `domain` and the slice of `filters` (none: the whole site), or null when
 * its plan keeps Energy & Carbon locked.
 * NOTE: the year's own answer gives the totals and the rating, so they are /api/stats's figures
 * for that range exactly, not the sum of the months (equal up to rounding: SWD v4 is linear).
 */
export async function readYear(read: Read, domain: Site, year: number, filters: Filter[], now = Date.now()): Promise<YearReport | null> {
  const range = yearRange(year, localTime(domain.tz, now).day);
  const slice = JSON.stringify(filters);
  // NOTE: asked at once; the embedded database answers them in turn, and sealed months come from the stats cache.
  const [speed, whole, ...parts] = await Promise.all([
    speedOf(read, { ...range, filters: slice }),
    totalsOf(read, { ...range, filters: slice }),
    ...monthsOf(range).map((m) => totalsOf(read, { ...m, filters: slice })),
  ]);
  if (!whole || parts.some((p) => p === null)) return null;
  const months: ReportMonth[] = monthsOf(range).map((m, i) => {
    const t = parts[i]!.totals;
    return { ...m, pageViews: t.visits, transferredBytes: t.transferredBytes, estimatedBytes: t.estimatedBytes, kwh: energyKwh(t.transferredBytes), co2Grams: t.co2Grams };
  });
  const t = whole.totals;
  const energy = whole.path.energy === LOCKED ? [] : whole.path.energy;
  return {
    domain: domain.name,
    year,
    ...range,
    tz: domain.tz,
    pageViews: t.visits,
    transferredBytes: t.transferredBytes,
    estimatedBytes: t.estimatedBytes,
    kwh: energyKwh(t.transferredBytes),
    co2Grams: t.co2Grams,
    avgCo2Grams: t.avgCo2Grams,
    rating: t.rating,
    ratingScale: t.ratingScale,
    green: t.green,
    visitorGrid: t.visitorGrid,
    months,
    heaviest: energy.slice(0, HEAVIEST),
    assumptions: SWD_MODEL,
    speed,
    filters,
  };
}
