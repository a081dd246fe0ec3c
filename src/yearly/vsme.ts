// The yearly report's VSME-shaped files: the breakdown of src/shared/vsme.ts as an XLSX
// sheet, and an RGESN-style eco-design declaration draft in Markdown pre-filled from the report's
// measured facts, with "to complete" placeholders for what only the owner knows. Both are written
// from the same YearReport the page draws, so their figures are the page's.
import ExcelJS from "exceljs";
import { formatNumber } from "../shared/numbers";
import { TRACKER_BUDGET_GZIP } from "../shared/tracker";
import { formatBytes, formatMass } from "../shared/units";
import { methodLine, PHASE_NAMES, PHASES, SEGMENT_NAMES, SEGMENTS, UNCERTAINTY, vsmeBreakdown } from "../shared/vsme";
import { describeFilter } from "../shared/filters";
import { formatGramsPerView, formatKwh, type YearReport } from "../shared/yearly";

const KG = 1000;
const HOSTING: Record<string, string> = { true: "green (The Green Web Foundation's check)", false: "not known to be green", unknown: "unknown" };

/** The sheet's rows: label, then values; numbers stay numbers so a spreadsheet can sum them. */
function vsmeRows(report: YearReport): (string | number)[][] {
  const b = vsmeBreakdown(report);
  const m = report.assumptions;
  const rows: (string | number)[][] = [
    ["Domain", report.domain],
    ["Reporting period", report.startKey, report.endKey],
    ["Time zone", report.tz],
    ...report.filters.map((f) => ["Filter", describeFilter(f)]),
    [],
    ["Segment", "Phase", "Energy (kWh)", "CO2e location-based (kg)"],
    ...SEGMENTS.flatMap((s) => PHASES.map((p) => [SEGMENT_NAMES[s], PHASE_NAMES[p], b.cells[s][p].kwh, b.cells[s][p].co2Grams / KG])),
    ["Total", "", b.total.kwh, b.total.co2Grams / KG],
    ["Uncertainty low", "", b.low.kwh, b.low.co2Grams / KG],
    ["Uncertainty high", "", b.high.kwh, b.high.co2Grams / KG],
    [],
    ["Method", methodLine(m)],
    ["Model", m.model],
    ["Library", `${m.library} ${m.version}`],
    ["Energy intensity (kWh/GB)", m.kwhPerGb],
    ["Grid intensity (g CO2e/kWh)", b.gridIntensity],
    ["Grid", "CO2.js's annual world average, every segment (location-based)"],
    ["Green hosting", HOSTING[String(report.green)]!],
    ["Data transferred (bytes)", report.transferredBytes],
    ["Page views", report.pageViews],
    ["Uncertainty parameters", `energy ×${UNCERTAINTY.energy.low}–×${UNCERTAINTY.energy.high}, grid ×${UNCERTAINTY.grid.low}–×${UNCERTAINTY.grid.high}, bytes ×${UNCERTAINTY.bytes.low}–×${UNCERTAINTY.bytes.high} (bounds, see /docs/vsme)`],
  ];
  return rows;
}

/** The workbook: one sheet "VSME", the labels' column wide enough to read. Small (about 30 rows), so written whole rather than streamed. */
export async function vsmeWorkbook(report: YearReport): Promise<Uint8Array<ArrayBuffer>> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("VSME");
  sheet.columns = [{ width: 30 }, { width: 18 }, { width: 18 }, { width: 26 }];
  for (const r of vsmeRows(report)) {
    const row = sheet.addRow(r);
    // NOTE: the table's header and total in bold, as the page draws them.
    if (r[0] === "Segment" || r[0] === "Total") row.font = { bold: true };
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const TODO = "_To complete._";

/** The declaration draft: measured facts filled in, the rest marked for the owner. */
export function declarationMarkdown(report: YearReport): string {
  const b = vsmeBreakdown(report);
  const avgBytes = report.pageViews ? report.transferredBytes / report.pageViews : 0;
  const heaviest = report.heaviest.slice(0, 5).map((p) => `| ${p.label.replace(/\|/g, "\\|")} | ${formatBytes(p.bytesAvg)} | ${formatGramsPerView(p.value)} |`);
  return [
    `# Eco-design declaration (draft): ${report.domain}`,
    "",
    `A draft in the spirit of the French RGESN (Référentiel général d'écoconception de services numériques), pre-filled by Bothy from measured figures for ${report.startKey} to ${report.endKey}${report.filters.length ? ` (slice: ${report.filters.map((f) => describeFilter(f)).join("; ")})` : ""}. Parts marked "to complete" are for the service's owner.`,
    "",
    "## Service",
    "",
    `- Service: ${report.domain}`,
    `- Owner and contact: ${TODO}`,
    `- Purpose of the service and its users: ${TODO}`,
    `- Date of this declaration: ${TODO}`,
    "",
    "## Measured facts",
    "",
    `- Page views: ${formatNumber(report.pageViews)}`,
    `- Average page weight (data per page view): ${formatBytes(avgBytes)}`,
    `- CO2e per page view: ${formatGramsPerView(report.avgCo2Grams)} (rating ${report.rating})`,
    `- Energy over the period: ${formatKwh(report.kwh)} (range ${formatKwh(b.low.kwh)} to ${formatKwh(b.high.kwh)})`,
    `- CO2e over the period: ${formatMass(report.co2Grams)} (range ${formatMass(b.low.co2Grams)} to ${formatMass(b.high.co2Grams)})`,
    `- Hosting: ${HOSTING[String(report.green)]}`,
    `- Analytics: Bothy, one script of at most ${formatNumber(TRACKER_BUDGET_GZIP)} bytes compressed, no cookies`,
    `- Requests per page: ${TODO} (Bothy does not count requests; the page inspector does)`,
    "",
    "### Heaviest pages",
    "",
    "| Page | Data per visit | CO2e per visit |",
    "|---|---|---|",
    ...(heaviest.length ? heaviest : ["| — | — | — |"]),
    "",
    "## Method",
    "",
    `${methodLine(report.assumptions)}. Every page view counts as a first visit. The range multiplies the energy intensity by ${UNCERTAINTY.energy.low}–${UNCERTAINTY.energy.high}, the grid intensity by ${UNCERTAINTY.grid.low}–${UNCERTAINTY.grid.high} and the bytes by ${UNCERTAINTY.bytes.low}–${UNCERTAINTY.bytes.high}.`,
    "",
    "## Eco-design practices (to complete)",
    "",
    `- Strategy: who decides on eco-design, and the objectives set: ${TODO}`,
    `- Specifications: features removed or not built for their footprint: ${TODO}`,
    `- Content: image and video formats, compression, lazy loading: ${TODO}`,
    `- Front end: caching, fonts, third-party scripts kept: ${TODO}`,
    `- Back end and hosting: location, renewable energy contracts, data kept and for how long: ${TODO}`,
    `- Targets for next year (page weight, CO2e per page view): ${TODO}`,
    "",
  ].join("\n");
}
