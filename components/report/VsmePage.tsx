// The yearly report's VSME-shaped page: the year's energy and location-based CO2e split
// data centre / network / user device × operational / embodied (src/shared/vsme.ts), the totals,
// which are the report's own figures, the uncertainty range, the method and the grid figure used,
// with links to the same table as a spreadsheet and to the eco-design declaration draft. Printed on
// a page of its own in the PDF.
import { formatMass } from "../../src/shared/units";
import { methodLine, PHASE_NAMES, PHASES, SEGMENT_NAMES, SEGMENTS, vsmeBreakdown, type VsmeCell } from "../../src/shared/vsme";
import { formatKwh, reportDeclarationHref, reportXlsxHref, type YearReport } from "../../src/shared/yearly";
import { cell, DataValue, labelCell, sectionTitle, TableBox } from "./YearReport";

const text = "mt-2 text-sm leading-6 text-gray-700";

function Figures({ value, id }: { value: VsmeCell; id: string }) {
  return (
    <>
      <td className={cell}><DataValue value={value.kwh} testId={`${id}-kwh`}>{formatKwh(value.kwh)}</DataValue></td>
      <td className={cell}><DataValue value={value.co2Grams} testId={`${id}-co2`}>{formatMass(value.co2Grams)}</DataValue></td>
    </>
  );
}

export function VsmePage({ report }: { report: YearReport }) {
  const b = vsmeBreakdown(report);
  const link = "text-blue-700 underline";
  return (
    <section aria-labelledby="vsme" data-testid="report-vsme" className="print:break-before-page">
      <h2 id="vsme" className={sectionTitle}>Energy and CO2e for a VSME report</h2>
      <p className={text}>
        The year&apos;s figures split as the model splits them, for the environmental part of a sustainability report such as the EU&apos;s
        voluntary standard for small and medium-sized companies (VSME). CO2e is location-based: every segment at the world average grid. The totals are the figures above.
      </p>
      <TableBox>
        <table className="w-full border-collapse text-sm" data-testid="vsme-table">
          <thead>
            <tr className="border-b border-gray-300 text-gray-600">
              <th scope="col" className={`${labelCell} font-medium`}>Segment and phase</th>
              <th scope="col" className={`${cell} font-medium`}>Energy</th>
              <th scope="col" className={`${cell} font-medium`}>CO2e</th>
            </tr>
          </thead>
          <tbody>
            {SEGMENTS.flatMap((s) =>
              PHASES.map((p) => (
                <tr key={`${s}-${p}`} className="border-b border-gray-100 break-inside-avoid">
                  {/* NOTE: one label column, the phase under the segment on a phone, so the figures fit 390 px without scrolling. */}
                  <th scope="row" className={`${labelCell} font-normal`}>
                    {SEGMENT_NAMES[s]}
                    <span className="block text-gray-600 sm:inline print:inline"><span className="hidden sm:inline print:inline">, </span>{PHASE_NAMES[p].toLowerCase()}</span>
                  </th>
                  <Figures value={b.cells[s][p]} id={`vsme-${s}-${p}`} />
                </tr>
              )),
            )}
            <tr className="border-t border-gray-300 font-semibold">
              <th scope="row" className={labelCell}>Total</th>
              <Figures value={b.total} id="vsme-total" />
            </tr>
            <tr className="text-gray-700">
              <th scope="row" className={`${labelCell} font-normal`}>Uncertainty, low</th>
              <Figures value={b.low} id="vsme-low" />
            </tr>
            <tr className="text-gray-700">
              <th scope="row" className={`${labelCell} font-normal`}>Uncertainty, high</th>
              <Figures value={b.high} id="vsme-high" />
            </tr>
          </tbody>
        </table>
      </TableBox>
      <p className={text} data-testid="vsme-method">
        Method: {methodLine(report.assumptions)}.{" "}
        {b.greenHosting ? "The data centre's operational energy counts as renewable (green hosting), so its CO2e is zero. " : ""}
        The range is a bound, not a confidence interval: the energy per gigabyte halved and doubled, the grid intensity ±15 % and the
        bytes up to 10 % more (see the documentation, /docs/vsme).
      </p>
      <p className="mt-3 flex flex-wrap gap-4 text-sm print:hidden">
        <a href={reportXlsxHref(report.domain, report.year, report.filters)} download data-testid="report-xlsx" className={link}>Download the sheet (XLSX)</a>
        <a href={reportDeclarationHref(report.domain, report.year, report.filters)} download data-testid="report-declaration" className={link}>Eco-design declaration draft (Markdown)</a>
      </p>
    </section>
  );
}
