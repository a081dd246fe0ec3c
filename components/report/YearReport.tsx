// The yearly sustainability report as one printable page: the year's page views, data, energy and
// CO2, the rating letter, CO2 by month (chart and table), the heaviest pages, the pages' speed
// (./SpeedPage.tsx), the VSME-shaped split of energy and CO2e (./VsmePage.tsx), and what the figures rest on (./ReportNotes.tsx). Every number is a field of
// the report the server read from the stats room; each sits in a <data> element whose value is the
// unrounded figure. A report of a slice (the dashboard's filters) says so under its title, on
// screen and on paper.
import type { ReactNode } from "react";
import { formatBytes, formatMass } from "../../src/shared/units";
import { describeFilter } from "../../src/shared/filters";
import { formatNumber } from "../../src/shared/numbers";
import { formatKwh, longDay, monthName, reportPdfHref, type YearReport as Report } from "../../src/shared/yearly";
import { MonthChart } from "./MonthChart";
import { Assumptions, HeaviestPages, RatingCard, Uncertainty } from "./ReportNotes";
import { SpeedPage } from "./SpeedPage";
import { VsmePage } from "./VsmePage";

/** A figure as written, with its exact value for machines (and the tests that compare it). */
export const DataValue = ({ value, children, testId }: { value: number | string; children: ReactNode; testId?: string }) => (
  <data value={String(value)} data-testid={testId}>
    {children}
  </data>
);

export const sectionTitle = "text-lg font-semibold text-gray-900 break-after-avoid";
/** A table's figure cell, and its row or column label (narrower padding on a phone). */
export const cell = "px-2 py-1.5 text-right whitespace-nowrap tabular-nums sm:px-3";
export const labelCell = "px-2 py-1.5 text-left sm:px-3";

/** A table's box: on a phone, a table wider than the page scrolls inside it, never the page. */
export const TableBox = ({ children }: { children: ReactNode }) => <div className="mt-3 overflow-x-auto print:overflow-visible">{children}</div>;

/** The mark of bytes estimated for imported days (the notes say how). */
const Estimated = () => <span className="ml-1 text-xs font-normal text-amber-800" data-testid="estimated">(estimated)</span>;

function Headline({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-gray-200 px-4 py-3 break-inside-avoid">
      <dt className="text-sm text-gray-600">{label}</dt>
      {/* NOTE: smaller on a phone, where a half-width card must hold "0.00298 kWh" on one line. */}
      <dd className="mt-1 text-xl font-semibold whitespace-nowrap text-gray-900 tabular-nums sm:text-2xl print:text-xl">{children}</dd>
    </div>
  );
}

function MonthTable({ report }: { report: Report }) {
  return (
    <TableBox>
      <table className="w-full border-collapse text-sm" data-testid="report-months">
        <thead>
          <tr className="border-b border-gray-300 text-gray-600">
            <th scope="col" className={`${labelCell} font-medium`}>Month</th>
            <th scope="col" className={`${cell} font-medium`}>Page views</th>
            <th scope="col" className={`${cell} font-medium`}>Data transferred</th>
            <th scope="col" className={`${cell} font-medium`}>Energy</th>
            <th scope="col" className={`${cell} font-medium`}>CO2</th>
          </tr>
        </thead>
        <tbody>
          {report.months.map((m) => (
            <tr key={m.month} data-testid={`month-${m.month}`} className="border-b border-gray-100 break-inside-avoid">
              <th scope="row" className={`${labelCell} font-normal`}>
                {monthName(m.month)}
                {/* NOTE: only the last month of a running year is cut short. */}
                {report.running && m.endKey === report.endKey && <span className="text-gray-500"> (to {longDay(m.endKey)})</span>}
              </th>
              <td className={cell}><DataValue value={m.pageViews}>{formatNumber(m.pageViews)}</DataValue></td>
              <td className={cell}><DataValue value={m.transferredBytes}>{formatBytes(m.transferredBytes)}</DataValue>{m.estimatedBytes > 0 && <Estimated />}</td>
              <td className={cell}><DataValue value={m.kwh}>{formatKwh(m.kwh)}</DataValue></td>
              <td className={cell}><DataValue value={m.co2Grams}>{formatMass(m.co2Grams)}</DataValue></td>
            </tr>
          ))}
          {/* NOTE: a body row, not a <tfoot>: Chromium repeats a footer at the foot of every printed page. */}
          <tr className="border-t border-gray-300 font-semibold">
            <th scope="row" className={labelCell}>{report.running ? "The year so far" : "The year"}</th>
            <td className={cell}>{formatNumber(report.pageViews)}</td>
            <td className={cell}>{formatBytes(report.transferredBytes)}</td>
            <td className={cell}>{formatKwh(report.kwh)}</td>
            <td className={cell}>{formatMass(report.co2Grams)}</td>
          </tr>
        </tbody>
      </table>
    </TableBox>
  );
}

export function YearReport({ report, dashboardHref }: { report: Report; dashboardHref: string }) {
  const link = "text-blue-700 underline";
  return (
    <article data-testid="year-report" className="mx-auto max-w-4xl space-y-8 px-4 py-8 text-gray-900 sm:px-6 print:max-w-none print:space-y-6 print:px-0 print:py-0">
      <nav className="flex flex-wrap items-center justify-between gap-4 text-sm print:hidden" aria-label="Report">
        <a href={dashboardHref} className={link}>← Back to the dashboard</a>
        {/* NOTE: `download` keeps client navigation off this link: the PDF is a file, not a page. */}
        <a href={reportPdfHref(report.domain, report.year, report.filters)} download data-testid="report-pdf" className="rounded-lg bg-blue-700 px-3 py-1.5 font-semibold text-white hover:bg-blue-800">
          Print / Download PDF
        </a>
      </nav>
      <header>
        <p className="text-sm font-medium tracking-wide text-gray-600 uppercase">Bothy · Sustainability report</p>
        <h1 className="mt-1 text-3xl font-bold">{report.domain} in {report.year}</h1>
        <p className="mt-2 text-gray-700">
          {longDay(report.startKey)} to {longDay(report.endKey)}
          {report.running ? ", the year so far" : ""}, in the website&apos;s time zone ({report.tz}).
        </p>
        {report.filters.length > 0 && (
          <p data-testid="report-slice" className="mt-3 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm break-words text-gray-900">
            <span className="font-semibold">For page views where:</span> {report.filters.map((f) => describeFilter(f)).join(" · ")}
          </p>
        )}
      </header>
      <section aria-labelledby="totals">
        <h2 id="totals" className={sectionTitle}>The year in figures</h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 print:grid-cols-4">
          <Headline label="Page views"><DataValue value={report.pageViews} testId="report-page-views">{formatNumber(report.pageViews)}</DataValue></Headline>
          <Headline label="Data transferred"><DataValue value={report.transferredBytes} testId="report-bytes">{formatBytes(report.transferredBytes)}</DataValue>{report.estimatedBytes > 0 && <Estimated />}</Headline>
          <Headline label="Energy"><DataValue value={report.kwh} testId="report-kwh">{formatKwh(report.kwh)}</DataValue></Headline>
          <Headline label="CO2"><DataValue value={report.co2Grams} testId="report-co2">{formatMass(report.co2Grams)}</DataValue></Headline>
        </dl>
      </section>
      <RatingCard report={report} />
      <section aria-labelledby="by-month">
        <h2 id="by-month" className={sectionTitle}>CO2 by month</h2>
        <div className="mt-3 break-inside-avoid"><MonthChart year={report.year} months={report.months} /></div>
        <MonthTable report={report} />
      </section>
      <HeaviestPages report={report} />
      <SpeedPage report={report} />
      <VsmePage report={report} />
      <Assumptions report={report} />
      <Uncertainty />
      <footer className="border-t border-gray-200 pt-3 text-xs text-gray-600">
        Written by Bothy from the same figures as the dashboard of {report.domain} for this range{report.filters.length > 0 ? " and these filters" : ""}.
      </footer>
    </article>
  );
}
