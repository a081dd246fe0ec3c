"use client";
// The dashboard's header and toolbar: the preset tabs (all five from
// 1050 px, Today/Yesterday/7d below), the custom range opening the date picker, the reload tab,
// the dots menu (Domain settings, List items, Auto-refresh, Export XLSX/CSV, the yearly report),
// the user menu, and the filter bar under them; a bar sweeps along its foot while the numbers shown
// are of another range or slice than the one asked.
// It sticks to the top once the page has scrolled 150 px past the dashboard's top (use-sticky.ts).
import { useCallback, useRef, useState, type ReactNode } from "react";
import { useDismiss } from "../use-dismiss";
import { useSticky } from "../use-sticky";
import { DatePicker } from "./DatePicker";
import { DASHBOARD_PRESETS, MOBILE_PRESETS, PRESETS, formatRange, matchPreset, presetRange, type DayRules, type Range } from "./date-rules";

type Props = {
  title: ReactNode;
  range: Range;
  rules: DayRules | null;
  tz: string | null;
  busy: boolean;
  /** The numbers below are stale: a load for another range or slice is under way (load.ts staleOf). */
  loading: boolean;
  onRange: (r: Range) => void;
  onReload: () => void;
  /** The dots menu; absent on read-only dashboards. */
  menu?: { settingsHref: string; reportHref: string; limit: number; onLimit: () => void; autoRefresh: boolean; onAutoRefresh: () => void; onExport: () => void };
  /** The user menu, or a sign-up button on public dashboards. */
  account?: ReactNode;
  /** The filter bar (FilterBar.tsx), last in the header so it stays in view when it sticks. */
  filters?: ReactNode;
  /** Embedded dashboards (the home page demo) never stick. */
  sticky: boolean;
  pickerOpen: boolean;
  onPicker: (open: boolean) => void;
};

const tab =
  "whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 aria-pressed:bg-blue-700 aria-pressed:text-white dark:text-gray-200 dark:hover:bg-gray-800";

export function Header(p: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  // NOTE: how far the page has scrolled past the dashboard's top; the placeholder keeps the header's height.
  const scrolledPast = useCallback(() => -(box.current?.parentElement?.getBoundingClientRect().top ?? 0), []);
  const measure = useCallback(() => box.current && setHeight(box.current.offsetHeight), []);
  const stuck = useSticky(scrolledPast, !!p.sticky, measure);

  const today = p.rules?.today ?? null;
  const active = today ? matchPreset(p.range, today) : null;
  const { onPicker } = p;
  const closePicker = useCallback(() => onPicker(false), [onPicker]);
  const pickerBox = useDismiss<HTMLDivElement>(p.pickerOpen, closePicker);

  return (
    <div style={stuck ? { height } : undefined}>
      <div
        ref={box}
        data-testid="dashboard-header"
        data-sticky={stuck || undefined}
        // TRICKY: positioned in both states: backdrop-blur makes the header a stacking context, and
        // unpositioned it would paint at z-index 0 among the page's, under the chart drawn after it.
        className={`z-30 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95 ${stuck ? "fixed inset-x-0 top-0 shadow-sm desk:left-60" : "relative"}`}
      >
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 desk:px-8">
          <div className="min-w-0 flex-1">{p.title}</div>
          <div className="flex items-center gap-2">
            {p.menu && <DotsMenu {...p.menu} />}
            {p.account}
          </div>
          <div className="flex w-full flex-wrap items-center gap-1" role="toolbar" aria-label="Date range">
            {DASHBOARD_PRESETS.map((id) => {
              const preset = PRESETS.find((x) => x.id === id)!;
              const mobile = MOBILE_PRESETS.includes(id);
              return (
                <button
                  key={id}
                  type="button"
                  aria-pressed={active === id}
                  disabled={!today}
                  onClick={() => today && p.onRange(presetRange(id, today))}
                  className={`${tab} ${mobile ? "" : "hidden desk:inline-block"}`}
                >
                  {preset.short === preset.label ? preset.label : <><span className="desk:hidden">{preset.short}</span><span className="hidden desk:inline">{preset.label}</span></>}
                </button>
              );
            })}
            {/* NOTE: below 1050 px the picker is placed against the header, not its button, so it fits a phone. */}
            <div ref={pickerBox} className="desk:relative">
              <button
                type="button"
                aria-expanded={p.pickerOpen}
                aria-pressed={!active}
                aria-label={`Date range: ${formatRange(p.range)}. Choose dates`}
                data-testid="range-display"
                disabled={!p.rules}
                onClick={() => p.onPicker(!p.pickerOpen)}
                className={`${tab} flex items-center gap-2 tabular-nums`}
              >
                <CalendarIcon />
                {formatRange(p.range)}
              </button>
              {p.pickerOpen && p.rules && p.tz && (
                <DatePicker range={p.range} rules={p.rules} tz={p.tz} presets={DASHBOARD_PRESETS} onChange={p.onRange} onClose={closePicker} />
              )}
            </div>
            <button type="button" onClick={p.onReload} className={`${tab} flex items-center gap-1`} aria-label="Reload the numbers">
              <span aria-hidden="true" className={p.busy ? "inline-block animate-spin" : undefined}>↻</span>
              <span className="hidden desk:inline">Reload</span>
            </button>
          </div>
          {p.filters}
        </div>
        {p.loading && <LoadingBar />}
      </div>
    </div>
  );
}

/**
 * A stripe sweeping along the header's foot, where it stays in view when the header sticks. It
 * shows from 300 ms on (theme.css `sweep`), so a cached answer lands before it; with reduced
 * motion it is a still line, shown from 300 ms on too.
 */
function LoadingBar() {
  return (
    <div role="progressbar" aria-label="Loading the numbers for this range and filters" className="pointer-events-none absolute inset-x-0 bottom-0 h-0.5 overflow-hidden">
      <div className="h-full w-1/4 animate-sweep bg-blue-600 motion-reduce:w-full motion-reduce:animate-appear dark:bg-blue-400" />
    </div>
  );
}

function DotsMenu(m: NonNullable<Props["menu"]>) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const box = useDismiss<HTMLDivElement>(open, close);
  const item = "flex w-full items-center justify-between gap-4 px-4 py-2 text-left text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800";
  return (
    <div ref={box} className="relative">
      <button type="button" aria-expanded={open} aria-controls="dashboard-menu" aria-label="Dashboard options" onClick={() => setOpen(!open)} className="rounded-md px-2 py-1.5 text-lg leading-none text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800">
        ⋯
      </button>
      <div id="dashboard-menu" className={`${open ? "block" : "hidden"} absolute right-0 z-50 mt-2 w-60 rounded-lg border border-gray-200 bg-white py-2 shadow-lg dark:border-gray-700 dark:bg-gray-900`}>
        <a className={item} href={m.settingsHref}>Domain settings</a>
        <button type="button" className={item} onClick={m.onLimit}>
          List items <span className="tabular-nums text-gray-500 dark:text-gray-400" data-testid="list-limit">{m.limit}</span>
        </button>
        <button type="button" aria-pressed={m.autoRefresh} className={item} onClick={m.onAutoRefresh}>
          Auto-refresh <span className="text-gray-500 dark:text-gray-400">{m.autoRefresh ? "On" : "Off"}</span>
        </button>
        <hr className="my-2 border-gray-200 dark:border-gray-700" />
        <button type="button" className={item} onClick={() => (setOpen(false), m.onExport())}>Export XLSX</button>
        <button type="button" className={item} onClick={() => (setOpen(false), m.onExport())}>Export CSV</button>
        <a className={item} href={m.reportHref}>Yearly sustainability report</a>
      </div>
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.6">
      <rect x="3" y="4" width="14" height="13" rx="2" />
      <path d="M3 8h14M7 2v4M13 2v4" strokeLinecap="round" />
    </svg>
  );
}
