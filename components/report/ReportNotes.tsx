// The yearly report's parts around the totals: the rating letter and its scale, the ten heaviest
// pages, the assumptions the figures rest on (model, library version, grid intensity, hosting
// verdict), and how far to trust them.
import { formatMass } from "../../src/shared/units";
import { formatPercent } from "../dashboard/format";
import { formatNumber } from "../../src/shared/numbers";
import { formatGramsPerView, type YearReport } from "../../src/shared/yearly";
import { cell, DataValue, labelCell, sectionTitle, TableBox } from "./YearReport";

const text = "mt-2 text-sm leading-6 text-gray-700";

export function RatingCard({ report }: { report: YearReport }) {
  return (
    <section aria-labelledby="rating" className="flex flex-wrap items-center gap-6 rounded-lg border border-gray-200 px-5 py-4 break-inside-avoid">
      <p className="text-5xl font-bold text-blue-800" data-testid="report-rating">{report.rating}</p>
      <div className="min-w-0 flex-1">
        <h2 id="rating" className={sectionTitle}>Rating</h2>
        <p className={text}>
          <DataValue value={report.avgCo2Grams} testId="report-grams-per-view">{formatGramsPerView(report.avgCo2Grams)}</DataValue> of CO2 per page view
          on average, graded {report.rating} on the Sustainable Web Design v4 scale that CO2.js grades with:{" "}
          {report.ratingScale.map((s) => (s.upTo === null ? `${s.rating} above` : `${s.rating} up to ${s.upTo} g`)).join(", ")}.
        </p>
      </div>
    </section>
  );
}

export function HeaviestPages({ report }: { report: YearReport }) {
  return (
    <section aria-labelledby="heaviest">
      <h2 id="heaviest" className={sectionTitle}>The heaviest pages</h2>
      <p className={text}>The {report.heaviest.length === 10 ? "ten pages" : "pages"} that cost the most CO2 per page view this year, by their average transfer.</p>
      {report.heaviest.length === 0 ? (
        <p className={text}>No page was viewed in this range.</p>
      ) : (
        <TableBox>
          <table className="w-full border-collapse text-sm" data-testid="report-heaviest">
            <thead>
              <tr className="border-b border-gray-300 text-gray-600">
                <th scope="col" className={`${labelCell} font-medium`}>Page</th>
                <th scope="col" className={`${cell} font-medium`}>CO2 per view</th>
                <th scope="col" className={`${cell} font-medium`}>Rating</th>
                <th scope="col" className={`${cell} font-medium`}>Page views</th>
                <th scope="col" className={`${cell} font-medium`}>CO2</th>
              </tr>
            </thead>
            <tbody>
              {report.heaviest.map((p) => (
                <tr key={p.label} data-testid="heavy-page" className="border-b border-gray-100 break-inside-avoid">
                  <th scope="row" title={p.label} className={`${labelCell} max-w-40 truncate font-normal break-all sm:max-w-xs print:whitespace-normal`}>{p.label}</th>
                  <td className={cell}><DataValue value={p.value}>{formatGramsPerView(p.value)}</DataValue></td>
                  <td className={cell}>{p.rating}</td>
                  <td className={cell}><DataValue value={p.visits}>{formatNumber(p.visits)}</DataValue></td>
                  <td className={cell}><DataValue value={p.co2Grams}>{formatMass(p.co2Grams)}</DataValue></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}

const HOSTING: Record<"true" | "false" | "unknown", (domain: string) => string> = {
  true: (d) => `Green. The Green Web Foundation lists the host of ${d} as running on renewable energy, so the data centres' operating energy is counted at zero CO2, as SWD v4 does for green hosting; networks, devices and embodied energy still count at the grid average.`,
  false: (d) => `Not green. The Green Web Foundation does not list the host of ${d} as green, so every part is counted at the grid average.`,
  unknown: (d) => `Unknown. The Green Web Foundation gave no verdict on the host of ${d}, so it is counted like hosting that is not green.`,
};

export function Assumptions({ report }: { report: YearReport }) {
  const a = report.assumptions;
  const row = "grid gap-1 py-2 sm:grid-cols-[12rem_1fr] print:grid-cols-[12rem_1fr] break-inside-avoid";
  return (
    <section aria-labelledby="assumptions">
      <h2 id="assumptions" className={sectionTitle}>What the figures rest on</h2>
      <dl className="mt-2 divide-y divide-gray-100 text-sm leading-6" data-testid="report-assumptions">
        <div className={row}>
          <dt className="font-medium">Model</dt>
          <dd className="text-gray-700">{a.model}, computed with CO2.js ({a.library} {a.version}).</dd>
        </div>
        <div className={row}>
          <dt className="font-medium">Energy per gigabyte</dt>
          <dd className="text-gray-700">{a.kwhPerGb} kWh for every GB transferred: data centres, networks and visitors&apos; devices, operating and embodied energy, as SWD v4 counts them.</dd>
        </div>
        <div className={row}>
          <dt className="font-medium">Grid intensity</dt>
          <dd className="text-gray-700">
            {a.gridIntensity} g CO2e per kWh, the global average SWD v4 applies to every part of the system: the figures above use it.
            On your visitors&apos; own grids (each country&apos;s annual average from CO2.js for their devices and networks, the
            country read from the browser&apos;s time zone) the year&apos;s CO2 is{" "}
            <strong data-testid="report-visitor-grid">{formatMass(report.visitorGrid.co2Grams)}</strong>, {formatGramsPerView(report.visitorGrid.avgCo2Grams)} per
            page view (rated {report.visitorGrid.rating}); {formatPercent(report.visitorGrid.knownShare)} of the bytes came from visits whose country is known.
          </dd>
        </div>
        {report.estimatedBytes > 0 && (
          <div className={row}>
            <dt className="font-medium">Imported days</dt>
            <dd className="text-gray-700" data-testid="report-estimated">
              {formatPercent(report.estimatedBytes / report.transferredBytes)} of the bytes are estimated: page views imported from another
              tool carry no bytes, so each is weighed as the median of this site&apos;s own page views of that path (else of all its pages).
              Months marked &ldquo;estimated&rdquo; hold some.
            </dd>
          </div>
        )}
        <div className={row}>
          <dt className="font-medium">Hosting</dt>
          <dd className="text-gray-700" data-testid="report-green">{HOSTING[String(report.green) as "true" | "false" | "unknown"](report.domain)} The verdict is today&apos;s, applied to the whole year.</dd>
        </div>
        <div className={row}>
          <dt className="font-medium">Visits</dt>
          <dd className="text-gray-700">Every page view counts as a first visit: all of its bytes are transferred, none come from a cache.</dd>
        </div>
      </dl>
    </section>
  );
}

export function Uncertainty() {
  return (
    <section aria-labelledby="uncertainty" className="break-inside-avoid">
      <h2 id="uncertainty" className={sectionTitle}>How sure these figures are</h2>
      <p className={text}>
        These are estimates, good for comparing one year, page or change with another, not an audited carbon account. SWD v4 turns bytes into
        energy with averages for the whole internet; the real energy of a page view depends on the visitor&apos;s device, network and grid,
        and on the hour, none of which Bothy knows or records. Published estimates of the energy per gigabyte differ widely between studies.
      </p>
      <p className={text}>
        The bytes are measured in visitors&apos; browsers. Some files from other sites report no size, so the figures can fall short of what
        was sent; cached files are counted as if they were sent again. Visits from people who block the script, or who opted out, are not
        counted at all.
      </p>
    </section>
  );
}
