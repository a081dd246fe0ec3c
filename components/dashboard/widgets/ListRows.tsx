"use client";
// The rows of a list, shared by the widget and its
// full-list popup: a bar behind each row proportional to its value, the value or its share,
// the change against the previous period, rows with children that expand one at a time, and
// magnified rows that carry an INSPECT label and open a popup. In a list that filters, the label is
// its own button (it adds the row to the filters) and the popup and the expansion move to buttons
// of their own beside it.
import { useState, type ReactNode } from "react";
import type { ListRow } from "../../../src/shared/stats";
import { changeTone, type ChangeMetric } from "../../../src/shared/change";
import { CHANGE_TONE_CLASS, formatChange, formatPercent } from "../format";

export type RowsProps = {
  id: string;
  rows: ListRow[];
  /** Largest value of the whole list, so bars keep their scale from page to page. */
  max: number;
  percent: boolean;
  format: (value: number) => string;
  labelFor?: (row: ListRow) => ReactNode;
  magnify?: boolean;
  onRowClick?: (row: ListRow) => void;
  /** A click on a row's label filters the dashboard by it. */
  onFilter?: (row: ListRow) => void;
  /** What the values measure, so a change is coloured by its meaning (default: views, more is good). */
  metric?: ChangeMetric;
};

/** A row's change against the previous period, coloured by its meaning for `metric`. */
export function Change({ c, metric }: { c: number | null; metric: ChangeMetric }) {
  const text = formatChange(c);
  if (!text) return null;
  const tone = changeTone(metric, c!);
  return (
    <span className={`w-12 shrink-0 text-right text-[11px] font-medium tabular-nums ${CHANGE_TONE_CLASS[tone]}`} data-tone={tone} title="Change against the previous period">
      {text}
    </span>
  );
}

const rowKey = (r: ListRow, i: number) => `${i}:${r.label}`;

const Chevron = ({ open }: { open: boolean }) => (
  <svg aria-hidden="true" viewBox="0 0 12 12" className={`size-3 shrink-0 text-gray-400 transition-transform ${open ? "rotate-90" : ""}`}>
    <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
  </svg>
);

export function ListRows({ id, rows, max, percent, format, labelFor, magnify, onRowClick, onFilter, metric = "views" }: RowsProps) {
  // Opening one row closes the others.
  const [open, setOpen] = useState<string | null>(null);
  const showValue = (r: ListRow) => (percent ? formatPercent(r.pc) : format(r.value));
  return (
    <ul className="flex flex-col gap-0.5" data-testid={`${id}-rows`}>
      {rows.map((r, i) => {
        const key = rowKey(r, i);
        const expandable = (r.children?.length ?? 0) > 0;
        const isOpen = open === key;
        const width = max > 0 ? Math.max(0.5, (r.value / max) * 100) : 0;
        const label = labelFor ? labelFor(r) : r.label;
        const bar = <span aria-hidden="true" className="absolute inset-y-0 left-0 rounded-md bg-blue-50 transition-[width] dark:bg-blue-500/10" style={{ width: `${width}%` }} />;
        const value = (
          <span className="relative flex shrink-0 items-baseline gap-2">
            <Change c={r.c} metric={metric} />
            <span className="min-w-14 text-right font-medium text-gray-900 tabular-nums dark:text-white">{showValue(r)}</span>
          </span>
        );
        const body = (
          <>
            {bar}
            <span className="relative flex min-w-0 flex-1 items-center gap-1.5 truncate text-gray-800 dark:text-gray-200" title={r.label}>
              {expandable && <Chevron open={isOpen} />}
              <span className="truncate">{label}</span>
              {magnify && (
                <span className="ml-1 hidden shrink-0 rounded bg-blue-600 px-1.5 py-px text-[10px] font-semibold tracking-wide text-white group-hover:inline group-focus-visible:inline">
                  INSPECT
                </span>
              )}
            </span>
            {value}
          </>
        );
        const rowClass =
          "group relative flex w-full items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-gray-50 dark:hover:bg-gray-800/60";
        const panelId = `${id}-row-${i}`;
        return (
          <li key={key}>
            {onFilter ? (
              <div className={`${rowClass} gap-1.5`}>
                {bar}
                {expandable && (
                  <button type="button" className="relative -ml-1 shrink-0 rounded p-1 hover:bg-gray-200 dark:hover:bg-gray-700" aria-expanded={isOpen} aria-controls={panelId} aria-label={`Values of ${r.label}`} onClick={() => setOpen(isOpen ? null : key)}>
                    <Chevron open={isOpen} />
                  </button>
                )}
                {/* NOTE: "Filter by" as hidden text: the name must contain what the row shows (axe label-content-name-mismatch). */}
                <button type="button" className="relative flex min-w-0 flex-1 rounded text-left hover:underline focus-visible:underline" title={`Filter by ${r.label}`} onClick={() => onFilter(r)}>
                  <span className="sr-only">Filter by </span>
                  <span className="flex min-w-0 flex-1 items-center truncate text-gray-800 dark:text-gray-200">
                    <span className="truncate">{label}</span>
                  </span>
                </button>
                {magnify && onRowClick && (
                  <button type="button" className="relative shrink-0 rounded px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-blue-700 uppercase ring-1 ring-blue-200 hover:bg-blue-600 hover:text-white pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:focus-visible:opacity-100 dark:text-blue-300 dark:ring-blue-500/40" onClick={() => onRowClick(r)}>
                    Inspect<span className="sr-only"> {r.label}</span>
                  </button>
                )}
                {value}
              </div>
            ) : expandable ? (
              <button type="button" className={rowClass} aria-expanded={isOpen} aria-controls={panelId} onClick={() => setOpen(isOpen ? null : key)}>
                {body}
              </button>
            ) : magnify && onRowClick ? (
              // NOTE: "Inspect" as hidden text, not an aria-label: the name must contain what the row shows (axe label-content-name-mismatch).
              <button type="button" className={rowClass} onClick={() => onRowClick(r)}>
                <span className="sr-only">Inspect </span>
                {body}
              </button>
            ) : (
              <div className={rowClass}>{body}</div>
            )}
            {expandable && isOpen && (
              <div id={panelId} className="row-expand mb-1 ml-5 mt-0.5 border-l-2 border-blue-100 pl-3 dark:border-blue-500/30" data-testid="row-expand">
                <ListRows id={panelId} rows={r.children!} max={Math.max(...r.children!.map((c) => c.value))} percent={percent} format={format} metric={metric} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The column labels; the last one is the # / % toggle (it flips between # and %). */
export function ColumnHeader({ columns, percent, onToggle }: { columns: [string, string]; percent: boolean; onToggle: () => void }) {
  return (
    <div className="flex items-center justify-between px-2 pb-1 text-xs font-medium text-gray-500 dark:text-gray-400">
      <span>{columns[0]}</span>
      <span className="flex items-center gap-2">
        <span>{columns[1]}</span>
        <button
          type="button"
          aria-pressed={percent}
          aria-label="Show percentages"
          onClick={onToggle}
          className="flex overflow-hidden rounded-md border border-gray-200 text-[11px] leading-none dark:border-gray-700"
        >
          <span className={`px-1.5 py-1 ${percent ? "" : "bg-gray-900 text-white dark:bg-white dark:text-gray-900"}`}>#</span>
          <span className={`px-1.5 py-1 ${percent ? "bg-gray-900 text-white dark:bg-white dark:text-gray-900" : ""}`}>%</span>
        </button>
      </span>
    </div>
  );
}
