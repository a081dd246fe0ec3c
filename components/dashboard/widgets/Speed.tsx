"use client";
// The Speed section: the range's web vitals (SPEED, read through the dashboard's own stats read so
// the range and the filters apply) as a table of pages sortable by each column, every p75 coloured
// by its rating (src/shared/vitals.ts), beside the page's bytes and CO2 per visit; a scatter of each
// page's LCP against its bytes; and the site's p75 by day. Without any vitals it tells how to send
// them (data-vitals). victory weighs ~100 KB gzip: the dashboard loads this module through lazy.tsx.
import { useEffect, useState } from "react";
import { VictoryAxis, VictoryChart, VictoryLegend, VictoryLine, VictoryScatter, VictoryTooltip, VictoryVoronoiContainer } from "victory";
import { shortDay } from "../../../src/shared/days";
import type { SpeedRow, SpeedStats } from "../../../src/shared/stats";
import { formatVital, rateVital, VITAL_NAMES, VITAL_RATING_NAMES, type Vital, type VitalRating } from "../../../src/shared/vitals";
import { formatGrams } from "../../inspect/format";
import type { FunnelSource } from "../funnel-load";
import { formatBytes, formatNumber, formatPercent } from "../format";
import { fetchStats, type StatsFailure } from "../load";
import { LOADING } from "./ListWidget";
import { useWidth } from "./use-width";

export type SpeedProps = { source: FunnelSource; tick: unknown };

const CARD = "min-w-0 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900";
// NOTE: more time is worse: good green, needs improvement amber, poor red, in both themes.
const RATING_CLASS: Record<VitalRating, string> = {
  good: "bg-green-50 text-green-800 dark:bg-green-500/15 dark:text-green-300",
  "needs-improvement": "bg-amber-50 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200",
  poor: "bg-red-50 text-red-800 dark:bg-red-500/15 dark:text-red-300",
};
const RATING_COLOR: Record<VitalRating, string> = { good: "#16a34a", "needs-improvement": "#d97706", poor: "#dc2626" };

type Loaded = { stats: SpeedStats } | { error: StatsFailure };

/** The SPEED answer for the dashboard's slice, read again whenever `tick` (PATH's answer) changes. */
function useSpeed(source: FunnelSource, tick: unknown): Loaded | undefined {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    let current = true;
    void fetchStats<SpeedStats>(source.target, source.range, source.filters, "SPEED").then(
      (a) => current && setLoaded(a.ok ? { stats: a.data } : { error: { status: a.status, message: a.message } }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the tick changes with every load of the source's slice
  }, [tick]);
  return loaded;
}

function VitalCell({ vital, row }: { vital: Vital; row: SpeedRow }) {
  const f = row[vital];
  if (f.p75 === null) return <td className="px-2 py-1.5 text-right text-gray-500 dark:text-gray-400">–</td>;
  const rating = rateVital(vital, f.p75);
  const shares = `${formatPercent(f.good)} good, ${formatPercent(f.needsImprovement)} needs improvement, ${formatPercent(f.poor)} poor of ${formatNumber(f.samples)}`;
  return (
    <td className="px-2 py-1.5 text-right" data-rating={rating} title={shares}>
      <span className={`inline-block rounded px-1.5 py-0.5 font-medium tabular-nums ${RATING_CLASS[rating]}`}>
        {formatVital(vital, f.p75)}
        <span className="sr-only"> ({VITAL_RATING_NAMES[rating]})</span>
      </span>
    </td>
  );
}

type SortKey = "label" | "samples" | "lcp" | "inp" | "cls" | "bytesAvg" | "co2PerVisit";
const COLUMNS: { key: SortKey; title: string }[] = [
  { key: "label", title: "Page" }, { key: "samples", title: "Views measured" }, { key: "lcp", title: "LCP p75" }, { key: "inp", title: "INP p75" },
  { key: "cls", title: "CLS p75" }, { key: "bytesAvg", title: "Bytes / visit" }, { key: "co2PerVisit", title: "CO2 / visit" },
];
const sortValue = (r: SpeedRow, k: SortKey): number | string | null =>
  k === "label" ? r.label : k === "lcp" || k === "inp" || k === "cls" ? r[k].p75 : r[k];

function sorted(rows: SpeedRow[], key: SortKey, down: boolean): SpeedRow[] {
  // NOTE: a page without the figure goes last whichever way the column is sorted.
  return [...rows].sort((a, b) => {
    const [x, y] = [sortValue(a, key), sortValue(b, key)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === "string" ? x.localeCompare(y as string) : x - (y as number);
    return down ? -order : order;
  });
}

function SpeedTable({ rows }: { rows: SpeedRow[] }) {
  const [sort, setSort] = useState<{ key: SortKey; down: boolean }>({ key: "samples", down: true });
  return (
    // NOTE: min-w-0, or the grid cell grows to the table's width and the page scrolls sideways on a phone.
    <div className="min-w-0 overflow-x-auto">
      <table className="w-full min-w-[36rem] text-sm">
        <thead>
          <tr className="border-b border-gray-200 text-xs text-gray-600 dark:border-gray-800 dark:text-gray-400">
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" aria-sort={sort.key === c.key ? (sort.down ? "descending" : "ascending") : undefined} className={`px-2 py-1.5 font-medium ${c.key === "label" ? "text-left" : "text-right"}`}>
                <button type="button" className="hover:text-gray-900 dark:hover:text-white" onClick={() => setSort((s) => ({ key: c.key, down: s.key === c.key ? !s.down : c.key !== "label" }))}>
                  {c.title}{sort.key === c.key ? (sort.down ? " ↓" : " ↑") : ""}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted(rows, sort.key, sort.down).map((r) => (
            <tr key={r.label} className="border-b border-gray-100 last:border-0 dark:border-gray-800/60">
              <th scope="row" className="max-w-56 truncate px-2 py-1.5 text-left font-normal text-gray-900 dark:text-gray-100" title={r.label}>{r.label}</th>
              <td className="px-2 py-1.5 text-right text-gray-700 tabular-nums dark:text-gray-300">{formatNumber(r.samples)}</td>
              <VitalCell vital="lcp" row={r} />
              <VitalCell vital="inp" row={r} />
              <VitalCell vital="cls" row={r} />
              <td className="px-2 py-1.5 text-right text-gray-700 tabular-nums dark:text-gray-300">{r.bytesAvg === null ? "–" : formatBytes(r.bytesAvg)}</td>
              <td className="px-2 py-1.5 text-right text-gray-700 tabular-nums dark:text-gray-300">{r.co2PerVisit === null ? "–" : formatGrams(r.co2PerVisit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const AXIS = { axis: { stroke: "#9ca3af" }, tickLabels: { fill: "#6b7280", fontSize: 11 }, grid: { stroke: "#9ca3af33" } };
const HEIGHT = 240;

/** Each page's LCP p75 against its bytes per visit: heavier pages that load slower sit top right. */
function Scatter({ rows }: { rows: SpeedRow[] }) {
  const [box, width] = useWidth<HTMLDivElement>();
  // NOTE: the page goes as `page`: victory takes a datum's `label` for a label of its own.
  const points = rows.flatMap((r) => (r.bytesAvg === null || r.lcp.p75 === null ? [] : [{ x: r.bytesAvg, y: r.lcp.p75, page: r.label, rating: rateVital("lcp", r.lcp.p75) }]));
  return (
    <figure ref={box} className="min-w-0" style={{ height: HEIGHT + 24 }}>
      <figcaption className="text-xs text-gray-600 dark:text-gray-400">LCP p75 against bytes per visit, by page</figcaption>
      {width && points.length > 0 ? (
        <VictoryChart width={width} height={HEIGHT} padding={{ top: 12, bottom: 32, left: 52, right: 16 }} domainPadding={12}
          containerComponent={<VictoryVoronoiContainer labels={({ datum }) => `${datum.page}\n${formatVital("lcp", datum.y)} · ${formatBytes(datum.x)}`} labelComponent={<VictoryTooltip />} />}>
          <VictoryAxis style={AXIS} tickFormat={(x: number) => formatBytes(x)} tickCount={Math.max(2, Math.floor(width / 110))} />
          <VictoryAxis dependentAxis style={AXIS} tickFormat={(y: number) => formatVital("lcp", y)} />
          <VictoryScatter data={points} size={5} style={{ data: { fill: ({ datum }) => RATING_COLOR[datum.rating as VitalRating] } }} />
        </VictoryChart>
      ) : width ? <p className="mt-6 text-sm text-gray-600 dark:text-gray-400">No page has both its vitals and its bytes in this range.</p> : null}
    </figure>
  );
}

const LINES: { vital: Vital; color: string }[] = [{ vital: "lcp", color: "#2563eb" }, { vital: "fcp", color: "#0d9488" }, { vital: "ttfb", color: "#9333ea" }, { vital: "inp", color: "#ea580c" }];

/** The site's p75 of each timed vital by day. */
function Trend({ days }: { days: SpeedStats["days"] }) {
  const [box, width] = useWidth<HTMLDivElement>();
  const lines = LINES.map((l) => ({ ...l, data: days.flatMap((d, i) => (d[l.vital] === null ? [] : [{ x: i, y: d[l.vital]!, stamp: d.stamp }])) })).filter((l) => l.data.length);
  return (
    <figure ref={box} className="min-w-0" style={{ height: HEIGHT + 24 }}>
      <figcaption className="text-xs text-gray-600 dark:text-gray-400">The site's p75 by day</figcaption>
      {width && (
        <VictoryChart width={width} height={HEIGHT} padding={{ top: 36, bottom: 32, left: 52, right: 28 }} domain={{ x: [0, Math.max(1, days.length - 1)] }}>
          <VictoryLegend x={52} y={4} orientation="horizontal" gutter={14} style={{ labels: { fill: "#6b7280", fontSize: 11 } }}
            data={lines.map((l) => ({ name: VITAL_NAMES[l.vital], symbol: { fill: l.color } }))} />
          <VictoryAxis style={AXIS} tickValues={days.map((_, i) => i)} tickFormat={(i: number) => shortDay(days[i]?.stamp ?? "")}
            tickCount={Math.max(2, Math.min(days.length, Math.floor(width / 70)))} />
          <VictoryAxis dependentAxis style={AXIS} tickFormat={(y: number) => formatVital("lcp", y)} />
          {lines.map((l) => (
            l.data.length > 1
              ? <VictoryLine key={l.vital} data={l.data} style={{ data: { stroke: l.color, strokeWidth: 2 } }} />
              : <VictoryScatter key={l.vital} data={l.data} size={4} style={{ data: { fill: l.color } }} />
          ))}
        </VictoryChart>
      )}
    </figure>
  );
}

function EmptyState() {
  return (
    <div data-testid="speed-empty" className="text-sm text-gray-700 dark:text-gray-300">
      <p>No web vitals in this range. Add <code className="rounded bg-gray-100 px-1 dark:bg-gray-800">data-vitals</code> to your script tag and the script measures each page view's loading (LCP, FCP, TTFB), responsiveness (INP) and layout shifts (CLS), with the same privacy as the rest: no cookie, nothing that identifies a visitor.</p>
      <pre className="mt-3 overflow-x-auto rounded-lg bg-gray-100 p-3 text-xs whitespace-pre-wrap break-all dark:bg-gray-800"><code>{'<script defer src="…/script.js" data-domain="example.com" data-vitals></script>'}</code></pre>
      <p className="mt-2"><a className="text-blue-700 underline dark:text-blue-400" href="/docs/install">How to measure speed</a></p>
    </div>
  );
}

export function Speed({ source, tick }: SpeedProps) {
  const loaded = useSpeed(source, tick);
  const stats = loaded && "stats" in loaded ? loaded.stats : null;
  return (
    <div className={CARD} data-testid="speed">
      <h3 className="text-base font-semibold text-gray-900 dark:text-white">Speed</h3>
      <p className="mb-3 text-xs text-gray-600 dark:text-gray-400">Core Web Vitals at the 75th percentile, rated good, needs improvement or poor as Google rates them.</p>
      {!loaded ? <p className="text-sm text-gray-500">{LOADING}</p>
        : "error" in loaded ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{loaded.error.message}</p>
        : stats!.site.samples === 0 ? <EmptyState />
        : (
          <div className="grid gap-4">
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
              {(["lcp", "inp", "cls", "fcp", "ttfb"] as const).map((v) => {
                const p = stats!.site[v].p75;
                const rating = p === null ? null : rateVital(v, p);
                return (
                  <div key={v} data-vital={v} data-rating={rating ?? undefined} className={`rounded-lg px-3 py-2 ${rating ? RATING_CLASS[rating] : "bg-gray-50 text-gray-700 dark:bg-gray-800/60 dark:text-gray-300"}`}>
                    <dt className="text-xs">{VITAL_NAMES[v]} p75</dt>
                    <dd className="text-lg font-semibold tabular-nums">{p === null ? "–" : formatVital(v, p)}{rating && <span className="sr-only"> ({VITAL_RATING_NAMES[rating]})</span>}</dd>
                  </div>
                );
              })}
            </dl>
            <SpeedTable rows={stats!.speed} />
            <div className="grid gap-4 desk:grid-cols-2">
              <Scatter rows={stats!.speed} />
              <Trend days={stats!.days} />
            </div>
          </div>
        )}
    </div>
  );
}
