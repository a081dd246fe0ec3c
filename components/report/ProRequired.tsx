// What the report page shows when the domain's plan does not include the yearly report: that it
// is a Pro feature, what it holds, and the way to upgrade.
export function ProRequired({ domain, upgradeHref, dashboardHref }: { domain: string; upgradeHref: string; dashboardHref: string }) {
  return (
    <section data-testid="report-pro-required" className="mx-auto max-w-xl px-6 py-16">
      <p className="flex items-center gap-2 font-semibold text-gray-900">
        <span className="rounded-full bg-blue-600 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white">PRO</span>
        <span>The yearly sustainability report is a Pro feature</span>
      </p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">A year of {domain}, on paper</h1>
      <p className="mt-3 text-gray-700">
        On Pro, every website gets a printable report of its year: page views, data transferred, energy and CO2 by month, its rating
        letter, its heaviest pages and the assumptions behind each figure, as a page and as a PDF.
      </p>
      <p className="mt-6 flex flex-wrap items-center gap-4">
        <a href={upgradeHref} className="rounded-lg bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800">
          Upgrade to Pro →
        </a>
        <a href={dashboardHref} className="text-sm text-blue-700 underline">Back to the dashboard</a>
      </p>
    </section>
  );
}
