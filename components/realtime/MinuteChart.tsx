"use client";
// The realtime view's chart: page views per minute of the last 30 minutes as columns, drawn with
// victory like the dashboard's time chart, at the measured width in a box of fixed height.
import { VictoryAxis, VictoryBar, VictoryChart, VictoryContainer, VictoryTooltip } from "victory";
import { axisTicks } from "../../src/shared/numbers";
import { formatNumber } from "../dashboard/format";
import { useWidth } from "../dashboard/widgets/use-width";

const HEIGHT = 220;
const PADDING = { top: 12, bottom: 32, left: 40, right: 12 };
const BLUE = "#2563eb";
const AXIS = "#6b7280";
const MINUTE_MS = 60_000;

const clock = (ms: number) => new Date(ms).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

export function MinuteChart({ from, minutes }: { from: number; minutes: number[] }) {
  const [box, width] = useWidth<HTMLDivElement>();
  const points = minutes.map((y, i) => ({ x: i, y, label: `${clock(from + i * MINUTE_MS)}\n${formatNumber(y)} page ${y === 1 ? "view" : "views"}` }));
  const total = minutes.reduce((a, b) => a + b, 0);
  const summary = `Page views per minute, ${formatNumber(total)} in the last 30 minutes`;
  const yTicks = axisTicks(Math.max(1, ...minutes), 4, true);
  const every = width !== null && width < 500 ? 10 : 5;
  return (
    <div ref={box} data-testid="realtime-chart" style={{ height: HEIGHT }}>
      {width !== null && (
        <VictoryChart width={width} height={HEIGHT} padding={PADDING} domain={{ x: [-0.7, minutes.length - 0.3], y: [0, yTicks[yTicks.length - 1]!] }} containerComponent={<VictoryContainer title={summary} desc={summary} responsive={false} />}>
          <VictoryAxis
            tickValues={minutes.map((_, i) => i).filter((i) => (minutes.length - 1 - i) % every === 0)}
            tickFormat={(i: number) => (i === minutes.length - 1 ? "now" : `-${minutes.length - 1 - i} min`)}
            style={{ axis: { stroke: AXIS }, tickLabels: { fill: AXIS, fontSize: 11 } }}
          />
          <VictoryAxis dependentAxis tickValues={yTicks} tickFormat={(y: number) => formatNumber(y)} style={{ axis: { stroke: "none" }, grid: { stroke: AXIS, strokeOpacity: 0.25 }, tickLabels: { fill: AXIS, fontSize: 11 } }} />
          <VictoryBar data={points} barRatio={0.8} style={{ data: { fill: BLUE } }} labelComponent={<VictoryTooltip flyoutStyle={{ fill: "white", stroke: AXIS }} style={{ fontSize: 11 }} />} />
        </VictoryChart>
      )}
    </div>
  );
}
