"use client";
// The admin area's charts, drawn with victory: page views per day (bars) and a time series
// (a line) for the monitoring page's rates and depths.
// TRICKY: drawn only once hydrated: victory's SVG carries style attributes, which the page's CSP
// (style-src 'self') refuses in server-rendered HTML but allows when React sets them in the browser.
import { useEffect, useState, type ReactNode } from "react";
import { VictoryAxis, VictoryBar, VictoryChart, VictoryContainer, VictoryLine } from "victory";
import { axisTicks } from "../../src/shared/numbers";

type Point = { x: string; y: number };

const axis = { tickLabels: { fontSize: 10, fill: "#4b5563" } };
/** The value axis: from 0 to a round top tick at or above the largest value, so no bar rises past it. */
const valueAxis = (points: Point[]) => {
  const ticks = axisTicks(Math.max(...points.map((p) => p.y)));
  return { ticks, domain: [0, ticks[ticks.length - 1]!] as [number, number] };
};
const yTick = (v: number) => (Math.abs(v) > 999 ? `${Math.round(v / 100) / 10}k` : String(Number(v.toPrecision(3))));

function Frame({ title, points, children }: { title: string; points: Point[]; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <figure className="rounded-xl border border-gray-200 p-4 dark:border-gray-800" data-testid="admin-chart">
      <figcaption className="font-medium text-gray-900 dark:text-white">{title}</figcaption>
      {points.length === 0 ? <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">No data yet.</p> : hydrated ? children : <div className="h-48" />}
    </figure>
  );
}

export function BarChart({ title, points }: { title: string; points: Point[] }) {
  const y = valueAxis(points);
  return (
    <Frame title={title} points={points}>
      <VictoryChart height={240} width={900} domainPadding={{ x: 12 }} padding={{ top: 16, bottom: 48, left: 56, right: 16 }} domain={{ y: y.domain }}
        containerComponent={<VictoryContainer title={title} desc={`${title}: ${points.length} days`} />}>
        <VictoryAxis style={axis} tickFormat={(t: string) => t.slice(5)} fixLabelOverlap />
        <VictoryAxis dependentAxis style={{ ...axis, grid: { stroke: "#e5e7eb" } }} tickValues={y.ticks} tickFormat={yTick} />
        <VictoryBar data={points} style={{ data: { fill: "#1d4ed8" } }} />
      </VictoryChart>
    </Frame>
  );
}

export function LineChart({ title, points }: { title: string; points: Point[] }) {
  const data = points.map((p) => ({ x: new Date(p.x), y: p.y }));
  const y = valueAxis(points);
  return (
    <Frame title={title} points={points}>
      <VictoryChart scale={{ x: "time" }} height={200} width={440} padding={{ top: 16, bottom: 40, left: 56, right: 16 }}
        domain={{ y: y.domain }}
        containerComponent={<VictoryContainer title={title} desc={`${title}: ${points.length} samples`} />}>
        <VictoryAxis style={axis} tickCount={4} tickFormat={(t: Date) => new Date(t).toISOString().slice(11, 16)} />
        <VictoryAxis dependentAxis style={{ ...axis, grid: { stroke: "#e5e7eb" } }} tickValues={y.ticks} tickFormat={yTick} />
        <VictoryLine data={data} style={{ data: { stroke: "#047857", strokeWidth: 2 } }} />
      </VictoryChart>
    </Frame>
  );
}
