// Energy and page size of the inspected page over its runs, drawn with
// victory; each energy point is labelled with its run's SWD rating letter. Loaded with import() from InspectResult, so its weight lands only on visitors who
// see two or more runs, never on the other pages.
import { VictoryAxis, VictoryChart, VictoryContainer, VictoryLabel, VictoryLine, VictoryScatter } from "victory";
import type { HistoryEntry } from "../../src/inspect/client";
import { axisTicks } from "../../src/shared/numbers";
import { historySeries, type ChartPoint } from "./format";

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short" });
const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });

/** Short x labels: the time when every run was on one day, else the date. */
const tickFormatOf = (points: ChartPoint[]) => {
  const first = points[0]!.x;
  const last = points[points.length - 1]!.x;
  const sameDay = first.toDateString() === last.toDateString();
  return (t: Date | number) => (sameDay ? time : day).format(new Date(t));
};

// Y values above 999 show as k.
const yTick = (v: number) => (Math.abs(v) > 999 ? `${Math.round(v / 100) / 10}k` : String(Number(v.toPrecision(3))));

function Chart({ id, title, unit, points, colour }: { id: string; title: string; unit: string; points: ChartPoint[]; colour: string }) {
  const rated = points[points.length - 1]!.label;
  const yTicks = axisTicks(Math.max(...points.map((p) => p.y)));
  const desc = `${title}, ${points.length} runs, from ${points[0]!.y.toPrecision(3)} to ${points[points.length - 1]!.y.toPrecision(3)} ${unit}${rated ? `, rated ${rated} last` : ""}`;
  return (
    <figure className="rounded-xl border border-gray-200 p-4 dark:border-gray-800" data-testid={id}>
      <figcaption className="font-medium text-gray-900 dark:text-white">
        {title} <span className="text-sm font-normal text-gray-700 dark:text-gray-300">({unit})</span>
      </figcaption>
      <VictoryChart
        scale={{ x: "time" }}
        height={220}
        width={460}
        padding={{ top: 24, bottom: 40, left: 56, right: 24 }}
        // NOTE: from zero, so a change of a few bytes does not look like a cliff (nor a flat run like
        // noise), to a round top tick: the axis ends at a label, above every point.
        domain={{ y: [0, yTicks[yTicks.length - 1]!] }}
        containerComponent={<VictoryContainer title={title} desc={desc} />}
      >
        <VictoryAxis tickCount={Math.min(10, points.length)} tickFormat={tickFormatOf(points)} style={{ tickLabels: { fontSize: 11, fill: "#4b5563" } }} />
        <VictoryAxis dependentAxis tickValues={yTicks} tickFormat={yTick} style={{ tickLabels: { fontSize: 11, fill: "#4b5563" }, grid: { stroke: "#e5e7eb" } }} />
        {/* NOTE: the line without the labels, which victory would draw a second time. */}
        <VictoryLine data={points.map(({ x, y }) => ({ x, y }))} style={{ data: { stroke: colour, strokeWidth: 2 } }} />
        <VictoryScatter
          data={points}
          size={3}
          style={{ data: { fill: colour }, labels: { fontSize: 11, fontWeight: 700, fill: colour } }}
          // NOTE: the energy points carry their run's rating letter; victory draws a point's `label`.
          labelComponent={rated ? <VictoryLabel dy={-4} /> : undefined}
        />
      </VictoryChart>
    </figure>
  );
}

export default function HistoryCharts({ history }: { history: HistoryEntry[] }) {
  const { energy, size } = historySeries(history);
  return (
    <div className="mt-4 grid gap-6 desk:grid-cols-2">
      <Chart id="chart-energy" title="Energy per visit" unit="Wh" points={energy} colour="#15803d" />
      <Chart id="chart-size" title="Page size" unit="kB" points={size} colour="#1d4ed8" />
    </div>
  );
}
