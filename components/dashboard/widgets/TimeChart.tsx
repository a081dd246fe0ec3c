"use client";
// The dashboard's time series, drawn with victory: page
// views per local hour or day as a line or columns (plus unique visits by day), an en-GB
// tooltip, at most 10 x ticks, y above 999 as k, and a click on a day in day view. Drawn at the
// measured width in a box of fixed height, so it never shifts the page as it appears.
// victory weighs ~100 KB gzip: the dashboard should load this module through widgets/lazy.tsx.
import { useRef } from "react";
import { VictoryArea, VictoryAxis, VictoryBar, VictoryChart, VictoryLine, VictoryTooltip, VictoryVoronoiContainer } from "victory";
import { shortDay } from "../../../src/shared/days";
import type { Day } from "../../../src/shared/stats";
import { formatCompact, formatNumber } from "../format";
import { axisTicks } from "../../../src/shared/numbers";
import { chartPoints, tickLabel, ticks, tooltipDate, type ChartPoint } from "./chart-data";
import { CHART_HEIGHT } from "./sizes";
import { useWidth } from "./use-width";

const PADDING = { top: 12, bottom: 32, left: 44, right: 12 };

export type TimeChartProps = {
  days: Day[];
  unit: "hour" | "day";
  type: "line" | "column";
  onDayClick?: (stamp: string) => void;
  /** Pixel height of the drawing (default CHART_HEIGHT, 260). */
  height?: number;
  /** Days to mark with a dashed line and a flag (annotations), with the text the flag tells. */
  marks?: { day: string; text: string }[];
};

const BLUE = "#2563eb";
const UNIQUE = "#93c5fd";
const AXIS = "#6b7280";
const GRID = "#e5e7eb";

const tooltipText = (p: ChartPoint) =>
  [tooltipDate(p), `${formatNumber(p.y)} page ${p.y === 1 ? "view" : "views"}`, p.unique === null ? "" : `${formatNumber(p.unique)} unique`]
    .filter(Boolean)
    .join("\n");

export function TimeChart({ days, unit, type, onDayClick, height = CHART_HEIGHT, marks = [] }: TimeChartProps) {
  const [box, width] = useWidth<HTMLDivElement>();
  // The day under the pointer, so a click anywhere on its column or near its point picks it.
  const active = useRef<string | null>(null);
  const points = chartPoints(days, unit);
  const uniques = unit === "day" ? points.map((p) => ({ x: p.x, y: p.unique ?? 0 })) : [];
  const maxY = Math.max(1, ...points.map((p) => p.y));
  const clickable = unit === "day" && !!onDayClick;
  const total = points.reduce((s, p) => s + p.y, 0);
  const summary = `${unit === "hour" ? "Hourly" : "Daily"} page views, ${formatNumber(total)} in all`;
  // Narrow screens get fewer labels: an axis label needs about 56 px.
  const tickValues = ticks(points.length, Math.max(2, Math.min(10, Math.floor((width ?? 640) / 64))));
  // NOTE: page views are whole: free ticks put 0.25, 0.5, 0.75 under a maximum of 1, read "0 0 1 1".
  const yTicks = axisTicks(maxY, 4, true);
  const xDomain: [number, number] = type === "column" ? [-0.7, points.length - 0.3] : [0, Math.max(1, points.length - 1)];
  // NOTE: the marks are drawn over the chart in HTML, at the x victory gives a point, so each is a
  // real element with its text as a title (and read out), not a shape inside the SVG.
  const xOf = (i: number) => PADDING.left + ((i - xDomain[0]) / (xDomain[1] - xDomain[0])) * ((width ?? 0) - PADDING.left - PADDING.right);
  const marked = unit === "day" ? marks.flatMap((m) => {
    const i = points.findIndex((p) => p.stamp === m.day);
    return i < 0 ? [] : [{ ...m, x: xOf(i) }];
  }) : [];

  return (
    <div
      ref={box}
      className={`relative w-full ${clickable ? "cursor-pointer" : ""}`}
      style={{ height }}
      data-testid="time-chart"
      onClick={() => {
        if (clickable && active.current) onDayClick!(active.current);
      }}
    >
      {/* The figures as a table for screen readers: the drawing itself only says its total.
          NOTE: the wrapper is the sr-only box; a table ignores the 1 px width and widens the page. */}
      <div className="sr-only">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{unit === "hour" ? "Hour" : "Day"}</th>
              <th scope="col">Page views</th>
              {unit === "day" && <th scope="col">Unique visits</th>}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.x}>
                <th scope="row">{tooltipDate(p)}</th>
                <td>{formatNumber(p.y)}</td>
                {p.unique !== null && <td>{formatNumber(p.unique)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {width !== null && points.length > 0 && (
        <VictoryChart
          width={width}
          height={height}
          padding={PADDING}
          // NOTE: an explicit domain makes victory ignore domainPadding, so the room that keeps the
          // first and last columns off the y labels is set here, in x units (one per point).
          domain={{ x: xDomain, y: [0, Math.max(yTicks[yTicks.length - 1]!, maxY * 1.1)] }}
          containerComponent={
            <VictoryVoronoiContainer
              voronoiDimension="x"
              // NOTE: one tooltip per x: the unique-visits line is told in the page-views tooltip.
              voronoiBlacklist={["unique"]}
              title={summary}
              desc={summary}
              responsive={false}
              onActivated={(ps: ChartPoint[]) => {
                active.current = ps.find((p) => p.stamp)?.stamp ?? null;
              }}
              labels={({ datum }: { datum: ChartPoint }) => tooltipText(datum)}
              labelComponent={
                <VictoryTooltip
                  cornerRadius={6}
                  pointerLength={6}
                  flyoutPadding={{ top: 6, bottom: 6, left: 10, right: 10 }}
                  flyoutStyle={{ fill: "#111827", stroke: "none" }}
                  style={{ fill: "#fff", fontSize: 12, fontFamily: "inherit", textAnchor: "start" }}
                />
              }
            />
          }
        >
          <VictoryAxis
            tickValues={tickValues}
            tickFormat={(x: number) => (points[x] ? tickLabel(points[x]) : "")}
            style={{ axis: { stroke: GRID }, ticks: { size: 0 }, tickLabels: { fontSize: 11, fill: AXIS, padding: 8, fontFamily: "inherit" } }}
          />
          <VictoryAxis
            dependentAxis
            // TRICKY: by default the y axis crosses x at 0, which the column view's domain puts in the
            // middle of the first column, so its labels hid behind the bars; pin it to the left padding.
            offsetX={PADDING.left}
            tickValues={yTicks}
            tickFormat={(y: number) => formatCompact(y)}
            style={{ axis: { stroke: "none" }, grid: { stroke: GRID, strokeDasharray: "3 3" }, tickLabels: { fontSize: 11, fill: AXIS, padding: 6, fontFamily: "inherit" } }}
          />
          {type === "column" ? (
            <VictoryBar
              data={points}
              barRatio={0.7}
              cornerRadius={{ top: 2 }}
              style={{ data: { fill: ({ active: a }: { active?: boolean }) => (a ? "#1d4ed8" : BLUE) } }}
            />
          ) : (
            <VictoryArea data={points} interpolation="monotoneX" style={{ data: { fill: "rgba(37, 99, 235, 0.08)", stroke: BLUE, strokeWidth: 2 } }} />
          )}
          {uniques.length > 0 && (
            <VictoryLine name="unique" data={uniques} interpolation={type === "line" ? "monotoneX" : "linear"} style={{ data: { stroke: UNIQUE, strokeWidth: 2, strokeDasharray: type === "column" ? "4 3" : undefined } }} />
          )}
        </VictoryChart>
      )}
      {width !== null &&
        marked.map((m) => (
          <div
            key={`${m.day}${m.text}`}
            className="pointer-events-none absolute border-l border-dashed border-amber-500"
            style={{ left: m.x, top: PADDING.top, bottom: PADDING.bottom }}
            data-testid="chart-mark"
          >
            <span className="pointer-events-auto absolute -left-1.5 -top-1 block size-3 rounded-full bg-amber-500 ring-2 ring-white dark:ring-gray-900" title={`${shortDay(m.day)}: ${m.text}`}>
              <span className="sr-only">{`${shortDay(m.day)}: ${m.text}`}</span>
            </span>
          </div>
        ))}
    </div>
  );
}
