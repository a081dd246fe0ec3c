"use client";
// The domain dashboard: wires the view kept in the URL (view-state.ts), the loads (load.ts drops
// late answers), auto-refresh and the keyboard (dashboard-hooks.ts) to the header, the summary and
// the sections. The view's filters slice every read, and the filter bar under the header shows
// and changes them. One component for every face: the owner's page, a public dashboard, the demo, and
// the demo embedded on the home page or a public dashboard framed in another site (no side
// navigation, no sticky header, and its view stays out of the URL there; the demo also has no global keys).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { filtersKey } from "../../src/shared/filters";
import type { PathStats, RefStats, SummaryStats } from "../../src/shared/stats";
import { dayIn } from "../../src/shared/days";
import { reportHref } from "../../src/shared/yearly";
import { allows } from "../../src/shared/roles";
import type { DayRules } from "./date-rules";
import { useAutoRefresh, useFilled, useSectionKeys } from "./dashboard-hooks";
import { Header } from "./Header";
import { staleOf, useCampaignPages, useEntryPages, useStats, type EntriesAsked, type StatsSource } from "./load";
import { Content } from "./Content";
import { ExportModal } from "./ExportModal";
import { FilterBar } from "./FilterBar";
import { RowPopupView } from "./RowPopups";
import type { RowPopup } from "./Sections";
import { SideNav } from "./SideNav";
import { UserMenu } from "../account/UserMenu";
import { useDashboardView } from "./view-state";
import { DEFAULT_VIEW, type View } from "./view-url";
import { goalRows } from "./filter-values";
import { preloadChart } from "./widgets/lazy";
import { Title } from "./Title";

export type DashboardMode = "owner" | "public" | "demo" | "embed";
type Props = {
  target: StatsSource;
  mode: DashboardMode;
  /** The name shown before the first answer (the domain, or "Public dashboard"). */
  name: string;
  pathname: string;
  user?: { name: string; pro: boolean; admin: boolean } | null;
  /** The view the page's URL asks for (parsed on the server); the default view when absent. */
  initialView?: View;
  /** The day the first range ends on, decided by the server: the domain's today when it knows it,
   * else its own UTC day, which the first answer's validated.today corrects. NOTE: never guessed in
   * the browser while it renders: its first render must match the page's HTML whatever the
   * viewer's zone, and a guess on both sides differed whenever their days did. */
  today: string;
  /** Auto-refresh period: 60 s. */
  refreshMs?: number;
  /** The product counts its own use (exports send their event). */
  selfTracking?: boolean;
  /** Framed in another site (a public dashboard's ?embed=true): no side navigation, sticky header or account links. */
  framed?: boolean;
};

/** The open popup's row, found in the loaded numbers; none while they load or when the range lacks it. */
function popupRow(popup: View["popup"], path?: PathStats, ref?: RefStats): RowPopup | null {
  if (!popup) return null;
  const row = (popup.kind === "page" ? path?.path : ref?.result)?.find((r) => r.label === popup.label);
  return row ? { kind: popup.kind, row } : null;
}

/** What a row's popup asks REF's entry pages for: its page's referrers, or its referrer's pages. */
const entriesAsked = (popup: RowPopup | null): EntriesAsked | null =>
  popup && (popup.kind === "page" ? { page: popup.row.label } : { referrer: popup.row.label });

/** What the answers tell (nothing before the first): the plan, the names to show, the picker's rules. */
function facts(v: SummaryStats["validated"] | undefined, name: string, mode: DashboardMode) {
  const domain = v?.SK ?? name;
  const rules: (DayRules & { tz: string }) | null = v ? { today: v.today, created: dayIn(v.tz, Date.parse(v.created)), historyDays: v.historyDays, tz: v.tz } : null;
  // NOTE: a public dashboard's answers do not name the domain; "Public dashboard" is no site name.
  return { pro: v?.pro ?? true, domain, site: mode === "public" ? (v?.SK ?? null) : domain, rules };
}

export function Dashboard({ target: initialTarget, mode, name, pathname, user, initialView = DEFAULT_VIEW, today, refreshMs = 60_000, selfTracking = false, framed }: Props) {
  const [target, setTarget] = useState(initialTarget);
  const { data, load, loadGoals } = useStats(target);
  const { view, range, setToday, setRange, setChart, cycleLimit, setPopup, setFilters, filterBy, toggleBy } = useDashboardView(initialView, !embedded(mode, framed), today);
  // NOTE: the filters as their key: a view restored or rewritten with the same filters loads nothing.
  const filterKey = filtersKey(view.filters);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key holds the filters
  const filters = useMemo(() => view.filters, [filterKey]);
  const [tick, setTick] = useState(0);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  // NOTE: the chart's code loads while the first answers are on their way, not after them, so the
  // chart draws as its numbers land (widgets/lazy.tsx). The map's waits until its box nears the
  // viewport.
  useEffect(preloadChart, []);
  // NOTE: every answer tells the domain's today; a preset range moves with it (the first one was
  // resolved on the viewer's clock), a custom range stays.
  useEffect(() => {
    void load(range, filters).then((summary) => summary && setToday(summary.validated.today));
  }, [load, range, filters, tick, setToday]);

  const autoRefresh = useAutoRefresh(reload, refreshMs);
  const v = data.summary?.validated;
  const { pro, domain, site, rules } = facts(v, name, mode);
  const exports = exportsOf(mode, v, user);
  const edits = editsOf(mode, v);
  const { current, go } = useSectionKeys({ enabled: mode !== "embed", pro, paused: pickerOpen, reload });

  const root = useRef<HTMLDivElement>(null);
  const loaded = useFilled(root, !!(data.summary && data.path && data.ref && !data.busy));
  const stale = staleOf(data, range, filters);
  const popup = popupRow(view.popup, data.path, data.ref);
  const entries = useEntryPages(target, range, entriesAsked(popup), filters);
  const [campaignAsked, setCampaignAsked] = useState<string | null>(null);
  const campaignRows = useCampaignPages(target, range, campaignAsked, filters);
  // NOTE: the handlers and campaignPages keep their identity across renders, so the memoised chart
  // (Summary) and sections (Sections) skip the renders that change nothing of theirs: the busy flag,
  // the filled flag, a popup opening.
  const campaignPages = useMemo(() => ({ ask: setCampaignAsked, rows: campaignRows }), [campaignRows]);
  const onDay = useCallback((day: string) => setRange({ startKey: day, endKey: day }), [setRange]);
  const onPopup = useCallback((p: RowPopup) => setPopup({ kind: p.kind, label: p.row.label }), [setPopup]);
  // NOTE: a change of goals reads GOALS again alone.
  const manageGoals = useMemo(() => (edits ? { domain, onChanged: () => void loadGoals(range, filters) } : undefined), [edits, domain, loadGoals, range, filters]);
  // NOTE: the Funnels section reads FUNNEL as the other sections read theirs: same source, range and filters.
  const funnelSource = useMemo(() => ({ target, range, filters }), [target, range, filters]);
  // NOTE: a goal's name toggles its `is` goal filter; the Goals section marks the goals it holds.
  const goalFilter = useMemo(() => ({ on: filters.find(([op, dim]) => op === "is" && dim === "goal")?.[2] ?? [], toggle: (id: string) => toggleBy("goal", id) }), [filters, toggleBy]);
  const embed = embedded(mode, framed);

  return (
    <div ref={root} data-testid="dashboard" data-loaded={loaded || undefined} data-busy={data.busy || undefined} className={embed ? "overflow-hidden rounded-xl border border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-950" : "min-h-screen bg-gray-50 dark:bg-gray-950"}>
      {!embed && <SideNav pro={pro} current={current} onGo={go} />}
      <div className={embed ? "" : "desk:pl-60"}>
        <Header
          title={<Title domain={domain} mode={mode} tz={v?.tz} live={liveOf(mode, embed, v, target, pathname)} />}
          range={range}
          rules={rules}
          tz={rules?.tz ?? null}
          busy={data.busy}
          loading={stale.summary || stale.lists}
          onRange={setRange}
          onReload={reload}
          // NOTE: the report of the year the range ends in (a look back at last December reports on last
          // year), for the same slice.
          menu={mode === "owner" ? { settingsHref: `/dashboard/${encodeURIComponent(domain)}/settings`, reportHref: reportHref(domain, range.endKey.slice(0, 4), filters), limit: view.limit, onLimit: cycleLimit, autoRefresh: autoRefresh.on, onAutoRefresh: autoRefresh.toggle, onExport: () => setExporting(true) } : undefined}
          account={<Account framed={framed} mode={mode} domain={domain} pathname={pathname} user={user} onExport={exports.offered ? () => setExporting(true) : undefined} />}
          sticky={!embed}
          pickerOpen={pickerOpen}
          onPicker={setPickerOpen}
          filters={<FilterBar filters={filters} answers={data} onChange={setFilters} segments={edits ? domain : undefined} />}
        />
        <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 desk:px-8">
          <Content
            data={data}
            stale={stale}
            view={view}
            range={range}
            pro={pro}
            site={site}
            onPassword={mode === "public" && "id" in target ? (password) => setTarget({ id: target.id, password }) : undefined}
            onChart={setChart}
            onDay={onDay}
            onPopup={onPopup}
            onFilter={filterBy}
            goalFilter={goalFilter}
            notes={notesOf(mode, domain, edits)}
            campaignPages={campaignPages}
            manageGoals={manageGoals}
            funnels={funnelSource}
          />
        </div>
      </div>
      {popup && <RowPopupView popup={popup} entries={entries} limit={view.limit} site={site} onClose={() => setPopup(null)} onFilter={filterBy} />}
      {exporting && <ExportModal target={target} range={range} filters={filters} goals={goalRows(data.goals)} allowed={exports.allowed} track={selfTracking} onClose={() => setExporting(false)} />}
    </div>
  );
}

/** Who exports: the owner on Pro (or an admin); a team member when the owner's plan has exports (the
 * answer's `pro`); a public dashboard's visitors when its answers say the owner offers downloads
 * (`offered`: its Export button). */
const exportsOf = (mode: DashboardMode, v: SummaryStats["validated"] | undefined, user: Props["user"]) =>
  mode === "public"
    ? { offered: !!v?.downloads, allowed: true }
    : { offered: false, allowed: v?.role !== undefined && v.role !== "owner" ? v.pro : !!user && (user.pro || user.admin) };

/** The live badge's stream and link: none when framed, nor on a public dashboard whose answers do not
 * say its owner shows realtime there. */
// NOTE: the stream opens once the first answer proved the caller may read the domain: before it, a
// domain the caller cannot read (or none at all) was a refused stream beside the stats' error.
const liveOf = (mode: DashboardMode, embed: boolean, v: SummaryStats["validated"] | undefined, target: StatsSource, pathname: string) =>
  embed || !v || (mode === "public" && !v.realtime) ? undefined : { target: "id" in target ? { id: target.id } : target, href: `${pathname}/realtime` };

/** The owner, an admin on their page and a team's editors change goals, segments and notes; a viewer
 * reads. Known from the first answer, which carries the caller's role. */
const editsOf = (mode: DashboardMode, v: SummaryStats["validated"] | undefined): boolean =>
  mode === "owner" && !!v && (v.role === undefined || allows(v.role, "editor"));

/** Annotations show on the owner's page and the demo; those who edit (`edits`) write them. */
const notesOf = (mode: DashboardMode, domain: string, edits: boolean) => (mode === "owner" || mode === "demo" ? { domain, owner: edits } : undefined);

/** The home page's demo and a framed public dashboard: no side navigation, no sticky header, and
 * the view kept out of the address (the frame's own query, ?embed=true&theme=…, stays). */
const embedded = (mode: DashboardMode, framed: boolean | undefined) => mode === "embed" || framed === true;

type AccountProps = { mode: DashboardMode; domain: string; pathname: string; user: Props["user"]; onExport?: () => void; framed?: boolean };

function Account({ mode, domain, pathname, user, onExport, framed }: AccountProps): ReactNode {
  if (framed) return null;
  if (mode === "embed") {
    return <a href={`/dashboard/${encodeURIComponent(domain)}`} className="rounded-md px-3 py-1.5 text-sm font-semibold text-blue-700 hover:bg-blue-50 dark:text-blue-300">Open full dashboard →</a>;
  }
  if (user && mode !== "public") return <UserMenu name={user.name} pathname={pathname} pro={user.pro} admin={user.admin} />;
  return (
    <>
      {onExport && (
        // NOTE: an icon below desk width, where the title needs the room.
        <button type="button" onClick={onExport} aria-label="Export" title="Export" className="rounded-md border border-gray-300 px-2.5 py-1.5 text-sm font-semibold text-gray-800 hover:bg-gray-100 desk:px-3 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 desk:hidden" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <path d="M10 3v10m-4-4 4 4 4-4M4 14v3h12v-3" />
          </svg>
          <span className="hidden desk:inline">Export</span>
        </button>
      )}
      <a href="/signup" className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800">Get started free →</a>
    </>
  );
}
