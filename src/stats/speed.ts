// SPEED: the range's web vitals (rows of kind 4 in `hits`, src/shared/vitals.ts) per page, for the
// whole site and per local day, each as its 75th percentile and the shares rated good, needs
// improvement and poor; beside each page its bytes and CO2 per visit from PATH's energy rows.
// TRICKY: a percentile of a range is not any sum of its days' percentiles, so these are read from
// the rows themselves (the partial index on kind 4 finds them), never from the aggregates or the
// sealed pieces the other dataTypes add up; the dashboard's filters apply as to every hit.
import type { Fragment } from "postgres";
import { namedQuery, type Queryable } from "../db";
import type { SpeedDay, SpeedRow, SpeedStats, VitalFigure } from "../shared/stats";
import { VITAL_PERCENTILE, VITAL_THRESHOLDS, VITALS, type Vital } from "../shared/vitals";
import type { Reader } from "./grouped";
import { pageEnergy } from "./path";
import type { ReadRange } from "./range";

/** Each vital's column in `hits` (sql/109_vitals.sql): constants, never input. */
const COLUMN: Record<Vital, string> = { lcp: "lcp_ms", inp: "inp_ms", cls: "cls", fcp: "fcp_ms", ttfb: "ttfb_ms" };

/**
 * A vital's p75. NOTE: percentile_disc, not percentile_cont: an observed value, as CrUX's p75 is one
 * of its histogram's, rather than a mix of two views'. TRICKY: CLS is a real, whose 0.12 is
 * 0.1199999973 as a float8; through numeric it is read back as the 0.12 that was sent.
 */
const p75 = (sql: Queryable, v: Vital) =>
  sql`(percentile_disc(${VITAL_PERCENTILE}::float8) WITHIN GROUP (ORDER BY ${sql.unsafe(COLUMN[v])}))::numeric::float8`;

// NOTE: the ratings compare as numeric for the same reason: a CLS of 0.1 sent is good, not a real a
// hair over 0.1. Thresholds are parameters; columns are constants.
const figures = (sql: Queryable): Fragment =>
  VITALS.map((v) => {
    const [good, poor] = VITAL_THRESHOLDS[v];
    const c = sql.unsafe(COLUMN[v]);
    return sql`${p75(sql, v)} AS ${sql(`${v}_p75`)}, count(${c})::int AS ${sql(`${v}_n`)},
      count(*) FILTER (WHERE ${c}::numeric <= ${good}::numeric)::int AS ${sql(`${v}_good`)},
      count(*) FILTER (WHERE ${c}::numeric > ${poor}::numeric)::int AS ${sql(`${v}_poor`)}`;
  }).reduce((all, f) => sql`${all}, ${f}`);

type Scope = { site: number; range: ReadRange; slice: Fragment | null };
type FigureRow = { label: string | null; total: number; samples: number; [figure: string]: number | string | null };

/** The rows of kind 4 of the range's local days; `slice` the filters' condition. */
const vitalRows = (sql: Queryable, { site, range, slice }: Scope) =>
  sql`FROM hits WHERE site_id = ${site} AND kind = 4 AND time >= ${range.bucketFrom} AND time < ${range.bucketTo}
    AND local_day BETWEEN ${range.startKey}::date AND ${range.endKey}::date ${slice ? sql`AND ${slice}` : sql``}`;

/** Per page and, with a NULL label, for the whole site. */
const readPages = namedQuery("stats.speedPages", (sql: Queryable, scope: Scope) =>
  sql<FigureRow[]>`SELECT path AS label, grouping(path) AS total, count(*)::int AS samples, ${figures(sql)}
    ${vitalRows(sql, scope)} GROUP BY GROUPING SETS ((path), ())`,
);

const readDays = namedQuery("stats.speedDays", (sql: Queryable, scope: Scope) =>
  sql<(Record<string, number | null> & { stamp: string })[]>`
    SELECT local_day::text AS stamp, ${VITALS.map((v) => sql`${p75(sql, v)} AS ${sql(v)}`).reduce((all, f) => sql`${all}, ${f}`)}
    ${vitalRows(sql, scope)} GROUP BY local_day ORDER BY local_day`,
);

function figure(row: FigureRow, v: Vital): VitalFigure {
  const at = (k: "p75" | "n" | "good" | "poor") => row[`${v}_${k}`] as number | null;
  const [n, good, poor] = [at("n") ?? 0, at("good") ?? 0, at("poor") ?? 0];
  const share = (k: number) => (n > 0 ? k / n : 0);
  return { p75: at("p75"), samples: n, good: share(good), needsImprovement: share(n - good - poor), poor: share(poor) };
}

const allFigures = (row: FigureRow) => Object.fromEntries(VITALS.map((v) => [v, figure(row, v)])) as Record<Vital, VitalFigure>;

/** `limit` caps the pages (LIST_LIMIT for the API, Infinity for exports); `carbon` whether the plan unlocks Energy & Carbon. */
export async function speedStats(
  sql: Queryable,
  read: Reader,
  scope: Scope,
  target: { pro: boolean; green: boolean | "unknown" },
  limit: number,
): Promise<Pick<SpeedStats, "count" | "site" | "speed" | "days">> {
  const [rows, days, energy] = await Promise.all([readPages(sql, scope), readDays(sql, scope), target.pro ? pageEnergy(read, target.green) : null]);
  const perVisit = new Map(energy?.map((e) => [e.label, e]));
  const total = rows.find((r) => r.total) ?? { label: null, total: 1, samples: 0 };
  const speed: SpeedRow[] = rows
    .filter((r) => !r.total)
    .map((r) => {
      const e = perVisit.get(r.label!);
      return { label: r.label!, samples: r.samples, bytesAvg: e?.bytesAvg ?? null, co2PerVisit: e?.value ?? null, ...allFigures(r) };
    })
    .sort((a, b) => b.samples - a.samples || (a.label < b.label ? -1 : 1));
  return {
    count: { speed: speed.length },
    site: { samples: total.samples, ...allFigures(total) },
    speed: speed.slice(0, limit),
    days: days.map((d): SpeedDay => ({ stamp: d.stamp, ...(Object.fromEntries(VITALS.map((v) => [v, d[v] ?? null])) as Record<Vital, number | null>) })),
  };
}
