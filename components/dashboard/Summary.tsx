"use client";
// The Summary section: page views, unique visits, bounce rate (clamped 0–100, "n/a" without the
// figures to compute it) and average time on page, each with its change against the previous
// period; then the time chart with its hours tab and line/column toggle.
import { useMemo } from "react";
import { averageTimeOnPage, visitsBounceRate, type PathStats, type SummaryStats } from "../../src/shared/stats";
import { formatPoints } from "../../src/shared/numbers";
import { CHANGE_TONE_CLASS, formatChange, formatDuration, formatNumber } from "./format";
import { changeTone, percentChange, type ChangeMetric } from "../../src/shared/change";
import { Annotations, useAnnotations } from "./widgets/Annotations";
import { TimeChartLazy } from "./widgets/lazy";

type Props = {
  summary: SummaryStats;
  path?: PathStats;
  chart: { unit: "hour" | "day"; type: "line" | "column"; hoursAllowed: boolean; hours: boolean };
  onChart: (c: { type?: "line" | "column"; hours?: boolean }) => void;
  onDay: (stamp: string) => void;
  /** The range's annotations and who may change them; absent on a public dashboard. */
  notes?: { domain: string; owner: boolean };
};

export function Summary({ summary, path, chart, onChart, onDay, notes }: Props) {
  const { startKey, endKey } = summary.periods.now;
  const annotations = useAnnotations(notes?.domain ?? null, startKey, endKey);
  const { visits, previous } = summary;
  const rate = visitsBounceRate(visits);
  const before = visitsBounceRate(previous);
  const avg = averageTimeOnPage(path);
  // NOTE: kept across PATH/REF arrivals: victory lays the chart out again on every render.
  const drawn = useMemo(
    () => <TimeChartLazy days={summary.days} unit={chart.unit} type={chart.type} onDayClick={chart.unit === "day" ? onDay : undefined} marks={annotations.list} />,
    [summary.days, chart.unit, chart.type, onDay, annotations.list],
  );
  const figures: { key: string; label: string; value: string; c: number | null; metric: ChangeMetric }[] = [
    { key: "visits", label: "Page views", value: formatNumber(visits.hits), c: percentChange(visits.hits, previous.hits), metric: "views" },
    { key: "unique", label: "Unique visits", value: formatNumber(visits.unique), c: percentChange(visits.unique, previous.unique), metric: "unique" },
    // NOTE: for the bounce rate the change is in points.
    { key: "bounce", label: "Bounce rate", value: rate === null ? "n/a" : `${Math.round(rate * 100)}%`, c: rate !== null && before !== null ? Math.round((rate - before) * 100) : null, metric: "bounce" },
    { key: "time", label: "Avg. time on page", value: avg === null ? (path ? "n/a" : "…") : formatDuration(avg), c: null, metric: "timeOnPage" },
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-xl border border-gray-200 bg-gray-200 desk:grid-cols-4 dark:border-gray-800 dark:bg-gray-800">
        {figures.map((f) => (
          <div key={f.key} className="bg-white p-4 desk:p-5 dark:bg-gray-900" data-figure={f.key}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">{f.label}</dt>
            <dd className="mt-1 flex flex-wrap items-baseline gap-x-2">
              <span className="text-2xl font-bold tabular-nums text-gray-900 desk:text-3xl dark:text-white" data-value>{f.value}</span>
              {f.c !== null && (
                <span className={`text-sm font-medium tabular-nums ${CHANGE_TONE_CLASS[changeTone(f.metric, f.c)]}`} data-tone={changeTone(f.metric, f.c)}>
                  {f.key === "bounce" ? formatPoints(f.c) : formatChange(f.c)}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-gray-900 dark:text-white">Page views by {chart.unit}</h3>
          <div className="flex gap-1" role="group" aria-label="Chart">
            <button type="button" aria-pressed={chart.hours && chart.hoursAllowed} disabled={!chart.hoursAllowed} onClick={() => onChart({ hours: !chart.hours })} className={toggle} title={chart.hoursAllowed ? undefined : "Hours are shown for ranges of 7 days or less"}>
              Hours
            </button>
            <button type="button" aria-pressed={chart.type === "line"} onClick={() => onChart({ type: "line" })} className={toggle}>Line</button>
            <button type="button" aria-pressed={chart.type === "column"} onClick={() => onChart({ type: "column" })} className={toggle}>Columns</button>
          </div>
        </div>
        {drawn}
        {notes && (
          <Annotations domain={notes.domain} list={annotations.list} owner={notes.owner} defaultDay={endKey > summary.validated.today ? summary.validated.today : endKey} onChange={annotations.reload} />
        )}
      </div>
    </>
  );
}

const toggle =
  "rounded-md border border-gray-200 px-2.5 py-1 text-xs font-medium text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:border-blue-700 aria-pressed:bg-blue-50 aria-pressed:text-blue-800 dark:border-gray-700 dark:text-gray-200 dark:aria-pressed:bg-blue-900/40 dark:aria-pressed:text-blue-200";
