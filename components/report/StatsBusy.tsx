// What the report page shows when the stats were too busy to read the year: that it is a moment's
// wait, a link to try again and the way back to the dashboard.
import type { Filter } from "../../src/shared/filters";
import { reportHref } from "../../src/shared/yearly";

export function StatsBusy({ domain, year, filters, dashboardHref }: { domain: string; year: number; filters: Filter[]; dashboardHref: string }) {
  return (
    <section className="mx-auto max-w-xl px-6 py-16 text-gray-900" data-testid="report-busy">
      <a href={dashboardHref} className="text-sm text-blue-700 underline">← Back to the dashboard</a>
      <h1 className="mt-6 text-2xl font-bold">
        {domain} in {year}
      </h1>
      <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3">
        <p className="font-semibold">The stats are busy right now</p>
        <p className="mt-1 text-sm text-gray-700">
          Many dashboards are being read at once, so the year&apos;s figures could not be read this time. Nothing is lost: try again in a moment.
        </p>
        <p className="mt-3">
          <a href={reportHref(domain, year, filters)} className="rounded-lg bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800">
            Try again
          </a>
        </p>
      </div>
    </section>
  );
}
