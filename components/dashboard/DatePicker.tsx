"use client";
// The date-range picker: one month at a time,
// Monday first, the domain's time zone under the grid, preset shortcuts and Done. The rules live
// in date-rules.ts; this file draws them. A free user's fully locked month is covered by the
// "Unlock Historical Data" overlay.
import { useEffect, useState } from "react";
import {
  IDLE,
  PRESETS,
  dayState,
  dayStyle,
  formatDayLabel,
  formatMonth,
  monthGrid,
  monthLocked,
  monthOf,
  openingPreset,
  pick,
  presetRange,
  shiftMonth,
  shownRange,
  type DayRules,
  type PickEvent,
  type PresetId,
  type Range,
} from "./date-rules";

type Props = {
  range: Range;
  rules: DayRules;
  tz: string;
  presets: readonly PresetId[];
  onChange: (r: Range) => void;
  onClose: () => void;
};

const WEEKDAYS = ["M", "T", "W", "T", "F", "S", "S"];
const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const STYLE: Record<string, string> = {
  single: "bg-blue-700 text-white rounded-md",
  first: "bg-blue-700 text-white rounded-l-md",
  last: "bg-blue-700 text-white rounded-r-md",
  "in-range": "bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100",
};
const PREVIEW: Record<string, string> = {
  single: "bg-blue-200 text-blue-900 rounded-md ring-1 ring-blue-700",
  first: "bg-blue-200 text-blue-900 rounded-l-md ring-1 ring-blue-700",
  last: "bg-blue-200 text-blue-900 rounded-r-md ring-1 ring-blue-700",
  "in-range": "bg-blue-50 text-blue-900 dark:bg-blue-900/20 dark:text-blue-100",
};

export function DatePicker({ range, rules, tz, presets, onChange, onClose }: Props) {
  const [month, setMonth] = useState(monthOf(range.endKey));
  const [state, setState] = useState(IDLE);
  const [preset, setPreset] = useState<PresetId>(() => openingPreset(range, rules.created, presets));
  const send = (e: PickEvent) => {
    const r = pick(state, e);
    setState(r.state);
    if (r.emit) onChange(r.emit);
  };
  // A range changed from outside moves to the month of its end and resets to idle.
  useEffect(() => {
    setMonth(monthOf(range.endKey));
    setState(IDLE);
  }, [range.startKey, range.endKey]);

  const close = () => {
    setState(pick(state, { type: "close" }).state);
    onClose();
  };
  const shown = shownRange(state, range);
  const locked = monthLocked(month, rules);
  const canNext = month < monthOf(rules.today);

  return (
    <div
      role="dialog"
      aria-label="Choose a date range"
      data-testid="date-picker"
      className="absolute left-3 z-40 mt-2 flex w-[min(calc(100%-1.5rem),30rem)] flex-col desk:left-auto desk:right-0 desk:w-[30rem] gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-xl sm:flex-row dark:border-gray-700 dark:bg-gray-900"
      onKeyDown={(e) => e.key === "Escape" && close()}
    >
      <ul aria-label="Presets" className="flex flex-wrap gap-1 sm:w-32 sm:flex-col">
        {presets.map((id) => (
          <li key={id}>
            <button
              type="button"
              aria-pressed={preset === id}
              onClick={() => {
                setPreset(id);
                onChange(presetRange(id, rules.today));
              }}
              className="w-full rounded-md px-2 py-1.5 text-left text-sm text-gray-700 hover:bg-gray-100 aria-pressed:bg-blue-50 aria-pressed:font-semibold aria-pressed:text-blue-800 dark:text-gray-200 dark:hover:bg-gray-800 dark:aria-pressed:bg-blue-900/40 dark:aria-pressed:text-blue-200"
            >
              {PRESETS.find((p) => p.id === id)!.label}
            </button>
          </li>
        ))}
      </ul>
      <div className="relative min-w-0 flex-1">
        <div className="mb-2 flex items-center justify-between">
          <button type="button" aria-label="Previous month" onClick={() => setMonth(shiftMonth(month, -1))} className="rounded-md px-2 py-1 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800">
            ‹
          </button>
          <p aria-live="polite" className="text-sm font-semibold text-gray-900 dark:text-white" data-testid="picker-month">
            {formatMonth(month)}
          </p>
          <button type="button" aria-label="Next month" disabled={!canNext} onClick={() => setMonth(shiftMonth(month, 1))} className="rounded-md px-2 py-1 text-gray-700 hover:bg-gray-100 disabled:opacity-30 dark:text-gray-200 dark:hover:bg-gray-800">
            ›
          </button>
        </div>
        <table className="w-full table-fixed border-collapse text-center text-sm" onMouseLeave={() => send({ type: "hover", day: null })}>
          <thead>
            <tr>
              {WEEKDAYS.map((d, i) => (
                <th key={i} scope="col" className="pb-1 text-xs font-medium text-gray-600 dark:text-gray-400">
                  <abbr title={WEEKDAY_NAMES[i]} className="no-underline">{d}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(month).map((week, w) => (
              <tr key={w}>
                {week.map((day, i) => {
                  if (!day) return <td key={i} />;
                  const why = dayState(day, rules);
                  const style = dayStyle(day, shown.range);
                  const look = style ? (shown.preview ? PREVIEW : STYLE)[style] : "rounded-md hover:bg-gray-100 dark:hover:bg-gray-800";
                  return (
                    <td key={i} className="p-0">
                      <button
                        type="button"
                        data-day={day}
                        data-style={style ?? undefined}
                        data-preview={shown.preview || undefined}
                        disabled={why !== "ok"}
                        aria-label={formatDayLabel(day)}
                        aria-pressed={!!style}
                        onClick={() => send({ type: "click", day })}
                        onMouseEnter={() => send({ type: "hover", day })}
                        onFocus={() => send({ type: "hover", day })}
                        className={`h-9 w-full text-sm tabular-nums text-gray-900 disabled:cursor-not-allowed disabled:bg-transparent disabled:text-gray-400 dark:text-gray-100 dark:disabled:text-gray-600 ${look}`}
                      >
                        {+day.slice(8)}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {locked && (
          <div data-testid="upgrade-overlay" className="absolute inset-x-0 top-10 bottom-12 flex flex-col items-center justify-center gap-2 rounded-lg bg-white/95 p-4 text-center dark:bg-gray-900/95">
            <p className="font-semibold text-gray-900 dark:text-white">Unlock Historical Data</p>
            <ul className="text-sm text-gray-700 dark:text-gray-300">
              <li>View unlimited historical data</li>
              <li>Export unlimited reports</li>
            </ul>
            <a href="/settings/profile" className="mt-1 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800">
              Upgrade now →
            </a>
          </div>
        )}
        <div className="mt-3 flex items-center justify-between gap-2">
          <p className="text-xs text-gray-600 dark:text-gray-400">
            <span title="You can change the time zone in the domain settings." data-testid="picker-tz">
              {tz}
            </span>
          </p>
          <button type="button" onClick={close} className="rounded-md bg-blue-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-blue-800">
            Done
          </button>
        </div>
      </div>
    </div>
  );
}
