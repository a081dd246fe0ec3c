"use client";
// The domain dashboard: holds the range, chart type, list
// limit, auto-refresh and popups; loads SUMMARY then PATH and REF (load.ts drops late answers);
// keyboard `r` reloads and ArrowUp/ArrowDown move between unlocked sections. One component for
// every face: the owner's page, a public dashboard, the demo, and the demo embedded on the home
// page (no side navigation, no sticky header, no global keys there).
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { dayIn } from "../../src/shared/days";
import { chartUnit, hoursAllowed, OPENING_PRESET, presetRange, sameRange, formatRange, type DayRules, type Range } from "./date-rules";
import { Header } from "./Header";
import { useStats, type StatsTarget } from "./load";
import { ExportModal, RowPopupView } from "./RowPopups";
import { Sections, type RowPopup } from "./Sections";
import { anchor, nextLimit, nextSection, type SectionId } from "./section-list";
import { SideNav } from "./SideNav";
import { Summary } from "./Summary";
import { UserMenu } from "../account/UserMenu";
import { Insights } from "./widgets/Insights";
import { isPopupOpen } from "./widgets/Popup";

export type DashboardMode = "owner" | "public" | "demo" | "embed";
type Props = {
  target: StatsTarget;
  mode: DashboardMode;
  /** The name shown before the first answer (the domain, or "Public dashboard"). */
  name: string;
  pathname: string;
  user?: { name: string; pro: boolean; admin: boolean } | null;
  /** Auto-refresh period: 60 s. */
  refreshMs?: number;
};

export const EMPTY_TEXT = "You have not received any visitors for this range yet. Try visiting the site. Hits take around 20s to arrive on the dashboard.";

/** The viewer's today, a first guess until the API tells the domain's own (validated.today). */
const guessToday = () => dayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, Date.now());

const typing = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

export function Dashboard({ target: initialTarget, mode, name, pathname, user, refreshMs = 60_000 }: Props) {
  const [target, setTarget] = useState(initialTarget);
  const { data, load } = useStats(target);
  const [range, setRange] = useState<Range>(() => presetRange(OPENING_PRESET, guessToday()));
  const [tick, setTick] = useState(0);
  const [chart, setChart] = useState<{ type: "line" | "column"; hours: boolean }>({ type: "column", hours: false });
  const [limit, setLimit] = useState(10);
  const [autoRefresh, setAutoRefresh] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [popup, setPopup] = useState<RowPopup | null>(null);
  const [exporting, setExporting] = useState(false);
  const [current, setCurrent] = useState<SectionId | null>(null);
  const firstLoad = useRef(true);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  // NOTE: the chart and map code load while the first answers are on their way, not after them
  // (widgets/lazy.tsx imports the same modules when they first render).
  useEffect(() => {
    void import("./widgets/TimeChart");
    void import("./widgets/WorldMap");
  }, []);
  useEffect(() => {
    void load(range).then((summary) => {
      // The first range was a guess from the viewer's clock; the domain's today decides.
      if (summary && firstLoad.current) {
        firstLoad.current = false;
        const right = presetRange(OPENING_PRESET, summary.validated.today);
        if (!sameRange(right, range)) setRange(right);
      }
    });
  }, [load, range, tick]);

  useEffect(() => {
    if (!autoRefresh) return;
    const t = setInterval(reload, refreshMs);
    return () => clearInterval(t);
  }, [autoRefresh, refreshMs, reload]);

  const v = data.summary?.validated;
  const pro = v?.pro ?? true;
  const go = useCallback((id: SectionId) => {
    const el = document.getElementById(anchor(id));
    el?.scrollIntoView({ block: "start" });
    el?.focus({ preventScroll: true });
    setCurrent(id);
  }, []);

  useEffect(() => {
    if (mode === "embed") return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || isPopupOpen() || pickerOpen) return;
      if (e.key === "r") reload();
      else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        // NOTE: from the section holding the focus (a click or Tab moved it), else the last one reached.
        const here = document.activeElement?.closest("[data-section]")?.getAttribute("data-section") as SectionId | null | undefined;
        const next = nextSection(here ?? current, e.key === "ArrowDown" ? 1 : -1, pro);
        if (!next) return;
        e.preventDefault();
        go(next);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [mode, current, pro, pickerOpen, reload, go]);

  const changeRange = useCallback((r: Range) => {
    setRange(r);
    setPopup(null);
  }, []);
  const pickDay = useCallback((stamp: string) => changeRange({ startKey: stamp, endKey: stamp }), [changeRange]);
  const rules: DayRules | null = v ? { today: v.today, created: dayIn(v.tz, Date.parse(v.created)), historyDays: v.historyDays } : null;
  const domain = v?.SK ?? name;
  // NOTE: a public dashboard's answers do not name the domain; "Public dashboard" is no site name.
  const site = mode === "public" ? (v?.SK ?? null) : domain;
  const readOnly = mode !== "owner";
  const fetched = !!(data.summary && data.path && data.ref && !data.busy);
  // Filled: the numbers are in and the lazily loaded chart and map are drawn (they stay mounted
  // across later loads). The bench reads the "dashboard-loaded" mark: navigation → all filled.
  const root = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (!fetched || drawn) return;
    let frame = 0;
    const check = () => {
      if (root.current?.querySelector('[data-testid="time-chart"]') && root.current.querySelector('[data-testid="world-map"]')) setDrawn(true);
      else frame = requestAnimationFrame(check);
    };
    check();
    return () => cancelAnimationFrame(frame);
  }, [fetched, drawn]);
  const loaded = fetched && drawn;
  useEffect(() => {
    if (loaded && !performance.getEntriesByName("dashboard-loaded").length) performance.mark("dashboard-loaded");
  }, [loaded]);

  const account: ReactNode =
    mode === "embed" ? (
      <a href={`/dashboard/${encodeURIComponent(domain)}`} className="rounded-md px-3 py-1.5 text-sm font-semibold text-blue-700 hover:bg-blue-50 dark:text-blue-300">Open full dashboard →</a>
    ) : user && mode !== "public" ? (
      <UserMenu name={user.name} pathname={pathname} pro={user.pro} admin={user.admin} />
    ) : (
      <a href="/signup" className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800">Get started free →</a>
    );

  return (
    <div ref={root} data-testid="dashboard" data-loaded={loaded || undefined} data-busy={data.busy || undefined} className={mode === "embed" ? "overflow-hidden rounded-xl border border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-950" : "min-h-screen bg-gray-50 dark:bg-gray-950"}>
      {mode !== "embed" && <SideNav pro={pro} current={current} onGo={go} />}
      <div className={mode === "embed" ? "" : "desk:pl-60"}>
        <Header
          title={<Title domain={domain} mode={mode} tz={v?.tz} />}
          range={range}
          rules={rules}
          tz={v?.tz ?? null}
          busy={data.busy}
          onRange={changeRange}
          onReload={reload}
          menu={readOnly ? undefined : { settingsHref: `/dashboard/${encodeURIComponent(domain)}/settings`, limit, onLimit: () => setLimit(nextLimit), autoRefresh, onAutoRefresh: () => setAutoRefresh((a) => !a), onExport: () => setExporting(true) }}
          account={account}
          sticky={mode !== "embed"}
          pickerOpen={pickerOpen}
          onPicker={setPickerOpen}
        />
        <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 desk:px-8">
          {data.summary?.admin && (
            <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
              You are viewing another user&rsquo;s domain as an admin. Back to <a href="/admin/domains" className="font-semibold underline">all domains</a>.
            </p>
          )}
          {v?.demo && <p role="status" className="rounded-lg bg-blue-50 px-4 py-3 text-sm text-blue-900">Some URLs are redacted on this demo page to protect our users.</p>}
          {data.error ? (
            mode === "public" && data.error.status === 401 ? (
              <PasswordPrompt message={data.error.message} onPassword={(password) => "id" in target && setTarget({ id: target.id, password })} />
            ) : (
              <div role="alert" className="rounded-xl border border-red-200 bg-white p-8 dark:border-red-900 dark:bg-gray-900">
                <h2 className="text-xl font-bold text-red-800 dark:text-red-300">Error</h2>
                <p className="mt-2 text-gray-800 dark:text-gray-200">{data.error.message}</p>
              </div>
            )
          ) : !data.summary ? (
            <p className="py-24 text-center text-gray-600 dark:text-gray-400" aria-live="polite">Loading the numbers…</p>
          ) : (
            <>
              <section id={anchor("summary")} data-section="summary" aria-label="Summary" tabIndex={-1} className="scroll-mt-40 space-y-4 outline-none">
                {data.summary.visits.hits === 0 && (
                  <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-3 text-sm text-gray-700 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-300">{EMPTY_TEXT}</p>
                )}
                <Summary
                  summary={data.summary}
                  path={data.path}
                  chart={{ type: chart.type, hours: chart.hours, hoursAllowed: hoursAllowed(range), unit: chartUnit(range, chart.hours) }}
                  onChart={(c) => setChart((old) => ({ ...old, ...c }))}
                  onDay={pickDay}
                />
                <Insights summary={data.summary} path={data.path} ref={data.ref} />
              </section>
              <Sections summary={data.summary} path={data.path} refStats={data.ref} limit={limit} pro={pro} domain={site} onPopup={setPopup} />
            </>
          )}
        </div>
      </div>
      {popup && <RowPopupView popup={popup} refStats={data.ref} limit={limit} onClose={() => setPopup(null)} />}
      {exporting && <ExportModal range={formatRange(range)} onClose={() => setExporting(false)} />}
    </div>
  );
}

function Title({ domain, mode, tz }: { domain: string; mode: DashboardMode; tz?: string }) {
  const Tag = mode === "embed" ? "h3" : "h1";
  return (
    <div className="min-w-0">
      <Tag className="truncate text-lg font-bold text-gray-900 desk:text-xl dark:text-white">{domain}</Tag>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        {mode === "public" ? "Public dashboard" : mode === "owner" ? "Dashboard" : "Live demo"}
        {tz ? ` · ${tz}` : ""}
      </p>
    </div>
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
