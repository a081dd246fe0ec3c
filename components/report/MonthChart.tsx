// The yearly report's CO2 by month as an inline SVG bar chart: twelve slots (months not yet begun
// stay empty), each bar labelled with its mass. Drawn on the server with SVG attributes and classes
// only, so it prints as it shows and needs no script (the CSP allows no inline style either).
import { formatMass } from "../../src/shared/units";
import { monthName, type ReportMonth } from "../../src/shared/yearly";

const WIDTH = 720;
const HEIGHT = 260;
const TOP = 24;
const BOTTOM = 32;
const SLOT = WIDTH / 12;
const BAR = SLOT * 0.62;

export function MonthChart({ year, months }: { year: number; months: ReportMonth[] }) {
  const max = Math.max(0, ...months.map((m) => m.co2Grams));
  const plot = HEIGHT - TOP - BOTTOM;
  const slots = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);
  const summary = months.map((m) => `${monthName(m.month)} ${formatMass(m.co2Grams)}`).join(", ");
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby="co2-chart-title"
      className="h-auto w-full"
      data-testid="report-chart"
    >
      <title id="co2-chart-title">{`CO2 by month in ${year}: ${summary || "no page views"}`}</title>
      <line x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} className="stroke-gray-400" strokeWidth={1} />
      {slots.map((month, i) => {
        const m = months.find((x) => x.month === month);
        const h = m && max > 0 ? (m.co2Grams / max) * plot : 0;
        const x = i * SLOT + (SLOT - BAR) / 2;
        const label = monthName(month).slice(0, 3);
        return (
          <g key={month}>
            {m && <rect x={x} y={TOP + plot - h} width={BAR} height={Math.max(h, m.co2Grams > 0 ? 1 : 0)} rx={2} className="fill-blue-700" />}
            {m && m.co2Grams > 0 && (
              <text x={x + BAR / 2} y={TOP + plot - h - 6} textAnchor="middle" fontSize={11} className="fill-gray-700">
                {formatMass(m.co2Grams)}
              </text>
            )}
            <text x={x + BAR / 2} y={HEIGHT - 10} textAnchor="middle" fontSize={12} className={m ? "fill-gray-800" : "fill-gray-400"}>
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
