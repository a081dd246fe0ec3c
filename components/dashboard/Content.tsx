"use client";
// Below the dashboard's header: the notices (an admin's view, imported days, the demo's redactions),
// then the error (or a public dashboard's password prompt), the loading line, or the summary and the
// sections. While a load for another range or slice is under way, the numbers shown stay, marked as
// stale (`aria-busy`, faded from 300 ms on, so a cached answer lands before anything fades).
import type { Filter, FilterDimension } from "../../src/shared/filters";
import { IMPORTED_DIM_NAMES } from "../../src/shared/imports";
import { chartUnit, hoursAllowed, type Range } from "./date-rules";
import type { FunnelSource } from "./funnel-load";
import type { Loaded, Stale } from "./load";
import { anchor } from "./section-list";
import { Sections, type RowPopup } from "./Sections";
import { Summary } from "./Summary";
import type { View } from "./view-url";
import type { CampaignPages } from "./widgets/Campaigns";
import type { GoalFilter, GoalsManage } from "./widgets/Goals";
import { Insights } from "./widgets/Insights";

export const EMPTY_TEXT = "You have not received any visitors for this range yet. Try visiting the site. Hits take around 20s to arrive on the dashboard.";
/** What a range without page views says; a slice's says so, and where an event goal's events show (its filter keeps them only). */
const emptyText = (filters: Filter[] = []) =>
  filters.length === 0 ? EMPTY_TEXT
  : `No page views match these filters in this range.${filters.some(([, dim]) => dim === "goal") ? " An event goal's filter keeps its events only: they show under Events and Goals." : ""}`;

type ContentProps = {
  data: Loaded;
  /** Which of the numbers shown are of another range or slice than the one asked (load.ts staleOf). */
  stale: Stale;
  view: View;
  range: Range;
  pro: boolean;
  /** The site's name, null on a public dashboard: its answers do not name the domain. */
  site: string | null;
  /** Public dashboards ask for the password the API wants. */
  onPassword?: (password: string) => void;
  onChart: (c: { type?: View["chart"]; hours?: boolean }) => void;
  onDay: (day: string) => void;
  onPopup: (p: RowPopup) => void;
  onFilter: (dim: FilterDimension, value: string) => void;
  goalFilter: GoalFilter;
  /** The chart's annotations: read on the owner's page and the demo, written by the owner. */
  notes?: { domain: string; owner: boolean };
  campaignPages: CampaignPages;
  manageGoals?: GoalsManage;
  funnels: FunnelSource;
};

/** A part of the numbers while a newer load is under way: faded once the wait outlasts a cached answer's. */
const fades = "transition-opacity aria-busy:opacity-50 aria-busy:delay-300";

/** Below the header: the notices, then the error, the loading line or the numbers. */
export function Content({ data, stale, view, range, pro, site, onPassword, onChart, onDay, onPopup, onFilter, goalFilter, notes, campaignPages, manageGoals, funnels }: ContentProps) {
  const summary = data.summary;
  return (
    <>
      {summary?.admin && (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          You are viewing another user&rsquo;s domain as an admin. Back to <a href="/admin/domains" className="font-semibold underline">all domains</a>.
        </p>
      )}
      {summary?.imported && (
        <p role="status" data-testid="imported" className="rounded-lg bg-blue-50 px-4 py-3 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100">
          {summary.imported.days} {summary.imported.days === 1 ? "day" : "days"} of this range are imported history: {summary.imported.lists.length ? `totals and ${summary.imported.lists.map((l) => IMPORTED_DIM_NAMES[l]).join(", ")}` : "totals only"}. Other lists are not in the imported data.
        </p>
      )}
      {summary?.validated.demo && <p role="status" className="rounded-lg bg-blue-50 px-4 py-3 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100">Some URLs are redacted on this demo page to protect our users.</p>}
      {data.error ? (
        onPassword && data.error.status === 401 ? (
          <PasswordPrompt message={data.error.message} onPassword={onPassword} />
        ) : (
          <div role="alert" className="rounded-xl border border-red-200 bg-white p-8 dark:border-red-900 dark:bg-gray-900">
            <h2 className="text-xl font-bold text-red-800 dark:text-red-300">Error</h2>
            <p className="mt-2 text-gray-800 dark:text-gray-200">{data.error.message}</p>
          </div>
        )
      ) : !summary ? (
        <p className="py-24 text-center text-gray-600 dark:text-gray-400" aria-live="polite">Loading the numbers…</p>
      ) : (
        <>
          <section id={anchor("summary")} data-section="summary" aria-label="Summary" tabIndex={-1} aria-busy={stale.summary || undefined} className={`scroll-mt-40 space-y-4 outline-none ${fades}`}>
            {summary.visits.hits === 0 && (
              <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-3 text-sm text-gray-700 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-300">{emptyText(summary.validated.filters)}</p>
            )}
            <Summary summary={summary} path={data.path} chart={{ type: view.chart, hours: view.hours, hoursAllowed: hoursAllowed(range), unit: chartUnit(range, view.hours) }} onChart={onChart} onDay={onDay}
              notes={notes && { domain: notes.domain, owner: notes.owner && !summary.admin }} />
            <Insights summary={summary} path={data.path} ref={data.ref} />
          </section>
          {/* NOTE: the sections show SUMMARY's lists beside PATH's and REF's: stale until all three are the slice asked. */}
          <div aria-busy={stale.summary || stale.lists || undefined} data-testid="sections" className={fades}>
            <Sections summary={summary} path={data.path} refStats={data.ref} goals={data.goals} manageGoals={manageGoals} funnels={funnels} limit={view.limit} pro={pro} domain={site} onPopup={onPopup} onFilter={onFilter} goalFilter={goalFilter} campaignPages={campaignPages} />
          </div>
        </>
      )}
    </>
  );
}

function PasswordPrompt({ message, onPassword }: { message: string; onPassword: (p: string) => void }) {
  return (
    <form
      className="mx-auto max-w-sm rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900"
      onSubmit={(e) => {
        e.preventDefault();
        onPassword(String(new FormData(e.currentTarget).get("password") ?? ""));
      }}
    >
      <h2 className="text-lg font-bold text-gray-900 dark:text-white">Password required</h2>
      <p role="alert" className="mt-1 text-sm text-gray-700 dark:text-gray-300">{message}</p>
      <label htmlFor="dashboard-password" className="mt-4 block text-sm font-medium text-gray-800 dark:text-gray-200">Password</label>
      <input id="dashboard-password" name="password" type="password" required autoComplete="current-password" className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 dark:border-gray-700 dark:bg-gray-950" />
      <button type="submit" className="mt-4 w-full rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">View dashboard</button>
    </form>
  );
}
