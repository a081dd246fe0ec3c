// The yearly report's speed page: the year's web vitals as the dashboard's Speed section reads them
// (SPEED for the report's range and slice), the site's p75 of each vital with its rating in words
// and colour and the shares of page views rated good, needs improvement and poor, then the slowest
// pages by p75 LCP beside their data per visit. A year without vitals says how to collect them.
import { formatBytes } from "../../src/shared/units";
import { formatNumber } from "../../src/shared/numbers";
import { formatVital, rateVital, VITAL_NAMES, VITAL_RATING_NAMES, VITALS, type Vital, type VitalRating } from "../../src/shared/vitals";
import type { VitalFigure } from "../../src/shared/stats";
import type { YearReport } from "../../src/shared/yearly";
import { formatPercent } from "../dashboard/format";
import { cell, DataValue, labelCell, sectionTitle, TableBox } from "./YearReport";

const text = "mt-2 text-sm leading-6 text-gray-700";
// NOTE: slower is worse: good green, needs improvement amber, poor red; the word says it on paper too.
const RATING_CLASS: Record<VitalRating, string> = { good: "text-green-800", "needs-improvement": "text-amber-800", poor: "text-red-800" };
const WHAT: Record<Vital, string> = {
  lcp: "Largest Contentful Paint: when the main content showed",
  inp: "Interaction to Next Paint: how fast the page answered a tap or a key",
  cls: "Cumulative Layout Shift: how much the page moved as it loaded",
  fcp: "First Contentful Paint: when anything showed",
  ttfb: "Time to First Byte: when the server began to answer",
};

/** A p75 as written, in its rating's colour and words; "—" without any measure. */
function Rated({ vital, p75 }: { vital: Vital; p75: number | null }) {
  if (p75 === null) return <span className="text-gray-500">—</span>;
  const rating = rateVital(vital, p75);
  return (
    <span className={RATING_CLASS[rating]} data-rating={rating}>
      <DataValue value={p75}>{formatVital(vital, p75)}</DataValue>
      {/* NOTE: the word under the figure, so a table of three rated columns fits the page's width. */}
      <span className="block text-xs">{VITAL_RATING_NAMES[rating]}</span>
    </span>
  );
}

function SiteTable({ site }: { site: Record<Vital, VitalFigure> }) {
  return (
    <TableBox>
      <table className="w-full border-collapse text-sm" data-testid="report-vitals">
        <thead>
          <tr className="border-b border-gray-300 text-gray-600">
            <th scope="col" className={`${labelCell} font-medium`}>Vital</th>
            <th scope="col" className={`${cell} font-medium`}>p75</th>
            <th scope="col" className={`${cell} font-medium`}>Good</th>
            <th scope="col" className={`${cell} font-medium`}>Needs improvement</th>
            <th scope="col" className={`${cell} font-medium`}>Poor</th>
            <th scope="col" className={`${cell} font-medium`}>Page views</th>
          </tr>
        </thead>
        <tbody>
          {VITALS.map((v) => (
            <tr key={v} data-testid={`vital-${v}`} className="border-b border-gray-100 break-inside-avoid">
              <th scope="row" className={`${labelCell} font-normal`} title={WHAT[v]}>{VITAL_NAMES[v]}</th>
              <td className={cell}><Rated vital={v} p75={site[v].p75} /></td>
              <td className={cell}><DataValue value={site[v].good}>{formatPercent(site[v].good)}</DataValue></td>
              <td className={cell}><DataValue value={site[v].needsImprovement}>{formatPercent(site[v].needsImprovement)}</DataValue></td>
              <td className={cell}><DataValue value={site[v].poor}>{formatPercent(site[v].poor)}</DataValue></td>
              <td className={cell}><DataValue value={site[v].samples}>{formatNumber(site[v].samples)}</DataValue></td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

export function SpeedPage({ report }: { report: YearReport }) {
  const { site, slowest } = report.speed;
  return (
    <section aria-labelledby="speed" className="print:break-before-page">
      <h2 id="speed" className={sectionTitle}>Speed</h2>
      {site.samples === 0 ? (
        <p className={text} data-testid="report-no-vitals">
          No page view of this range sent its web vitals. Add <code>data-vitals</code> to the Bothy script tag to measure how fast each page loads and
          answers (LCP, INP, CLS, FCP and TTFB), with the same privacy: no cookie, nothing that identifies a visitor.
        </p>
      ) : (
        <>
          <p className={text}>
            How fast the pages were for their visitors, from {formatNumber(site.samples)} page views that sent their web vitals: the 75th percentile
            of each, as Google&apos;s Chrome UX Report measures it, rated by Google&apos;s thresholds (e.g. LCP good up to 2.5 s, poor over 4 s).
            Lighter pages tend to load faster: the slowest pages sit beside their data per visit.
          </p>
          <SiteTable site={site} />
          <h3 className="mt-6 text-base font-semibold text-gray-900 break-after-avoid">The slowest pages</h3>
          <TableBox>
            <table className="w-full border-collapse text-sm" data-testid="report-slowest">
              <thead>
                <tr className="border-b border-gray-300 text-gray-600">
                  <th scope="col" className={`${labelCell} font-medium`}>Page</th>
                  <th scope="col" className={`${cell} font-medium`}>LCP p75</th>
                  <th scope="col" className={`${cell} font-medium`}>INP p75</th>
                  <th scope="col" className={`${cell} font-medium`}>CLS p75</th>
                  <th scope="col" className={`${cell} font-medium`}>Data per visit</th>
                </tr>
              </thead>
              <tbody>
                {slowest.map((p) => (
                  <tr key={p.label} data-testid="slow-page" className="border-b border-gray-100 break-inside-avoid">
                    <th scope="row" title={p.label} className={`${labelCell} max-w-40 truncate font-normal break-all sm:max-w-52 print:whitespace-normal`}>{p.label}</th>
                    <td className={cell}><Rated vital="lcp" p75={p.lcp.p75} /></td>
                    <td className={cell}><Rated vital="inp" p75={p.inp.p75} /></td>
                    <td className={cell}><Rated vital="cls" p75={p.cls.p75} /></td>
                    <td className={cell}>{p.bytesAvg === null ? "—" : <DataValue value={p.bytesAvg}>{formatBytes(p.bytesAvg)}</DataValue>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        </>
      )}
    </section>
  );
}
