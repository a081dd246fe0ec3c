// The yearly report's CO2 by month as inline SVG bar charts: twelve slots (months not yet begun
// stay empty), each bar labelled with its mass. Wide screens and print get upright bars; a phone
// gets one row per month, since twelve upright labels scaled to 390 px shrink to a few pixels.
// Drawn on the server with SVG attributes and classes only, so it prints as it shows and needs no
// script (the CSP allows no inline style either).
import { formatMass } from "../../src/shared/units";
import { monthName, type ReportMonth } from "../../src/shared/yearly";

type Slot = { month: string; label: string; m: ReportMonth | undefined; share: number };

/** The year's twelve months, each with its figures (if begun) and its share of the largest. */
function slotsOf(year: number, months: ReportMonth[]): Slot[] {
  const max = Math.max(0, ...months.map((m) => m.co2Grams));
  return Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, "0")}`;
    const m = months.find((x) => x.month === month);
    return { month, label: monthName(month).slice(0, 3), m, share: m && max > 0 ? m.co2Grams / max : 0 };
  });
}

const WIDTH = 720;
const HEIGHT = 260;
const TOP = 24;
const BOTTOM = 32;
const SLOT = WIDTH / 12;
const BAR = SLOT * 0.62;

function UprightChart({ slots, titleId, title }: { slots: Slot[]; titleId: string; title: string }) {
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} className="hidden h-auto w-full sm:block print:block">
      <title id={titleId}>{title}</title>
      <line x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} className="stroke-gray-400" strokeWidth={1} />
      {slots.map(({ month, label, m, share }, i) => {
        const h = share * plot;
        const x = i * SLOT + (SLOT - BAR) / 2;
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

// NOTE: drawn about as wide as a phone's column, so its 12-unit text shows near 12 px.
const ROW_WIDTH = 340;
const ROW = 24;
const LABEL = 34;
const VALUE = 68;

function RowChart({ slots, titleId, title }: { slots: Slot[]; titleId: string; title: string }) {
  const track = ROW_WIDTH - LABEL - VALUE;
  return (
    <svg viewBox={`0 0 ${ROW_WIDTH} ${ROW * 12}`} role="img" aria-labelledby={titleId} className="h-auto w-full sm:hidden print:hidden">
      <title id={titleId}>{title}</title>
      <line x1={LABEL} x2={LABEL} y1={0} y2={ROW * 12} className="stroke-gray-400" strokeWidth={1} />
      {slots.map(({ month, label, m, share }, i) => {
        const y = i * ROW;
        const w = share * track;
        return (
          <g key={month}>
            <text x={0} y={y + ROW / 2 + 4} fontSize={12} className={m ? "fill-gray-800" : "fill-gray-400"}>
              {label}
            </text>
            {m && <rect x={LABEL} y={y + 5} width={Math.max(w, m.co2Grams > 0 ? 1 : 0)} height={ROW - 10} rx={2} className="fill-blue-700" />}
            {m && (
              <text x={LABEL + w + 6} y={y + ROW / 2 + 4} fontSize={12} className="fill-gray-700">
                {formatMass(m.co2Grams)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

export function MonthChart({ year, months }: { year: number; months: ReportMonth[] }) {
  const slots = slotsOf(year, months);
  const summary = months.map((m) => `${monthName(m.month)} ${formatMass(m.co2Grams)}`).join(", ");
  const title = `CO2 by month in ${year}: ${summary || "no page views"}`;
  return (
    <div data-testid="report-chart">
      <UprightChart slots={slots} titleId="co2-chart-title" title={title} />
      <RowChart slots={slots} titleId="co2-chart-rows-title" title={title} />
    </div>
  );
}
