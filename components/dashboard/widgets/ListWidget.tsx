"use client";
// A dashboard list: a card with a title, a Search
// filter that toggles and closes on Escape, "Page X of Y" paging of `limit` rows, a "View all"
// popup with the full list, the # / % toggle, expandable rows and magnified rows. The shell
// owns the limit (10/20/30) and the data; this keeps only view state.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { ChangeMetric } from "../../../src/shared/change";
import type { ListRow } from "../../../src/shared/stats";
import { filterRows, formatNumber, paginate } from "../format";
import { FullList } from "./FullList";
import { ColumnHeader, ListRows } from "./ListRows";
import { ProLock } from "./ProLock";

export type ListWidgetProps = {
  id: string;
  title: string;
  rows: ListRow[];
  /** Rows per page: 10, 20 or 30. */
  limit: number;
  /** Header labels, default ["", "Visits"]. */
  columns?: [string, string];
  format?: (value: number) => string;
  labelFor?: (row: ListRow) => ReactNode;
  /** Rows show an INSPECT label and are clickable. */
  magnify?: boolean;
  onRowClick?: (row: ListRow) => void;
  /** A row's label filters the dashboard by the row (ListRows). */
  onFilter?: (row: ListRow) => void;
  /** Default "No data available". */
  empty?: string;
  locked?: boolean;
  /** Shown under the title, e.g. what the value measures. */
  subtitle?: string;
  /** The list's rows before the API's 1,000-row cap (the answer's `count`), when known. */
  total?: number;
  /** What the values measure, for the colour of their changes (default views). */
  metric?: ChangeMetric;
};

/** What a list shows while its rows are on their way (as `empty`). */
export const LOADING = "Loading…";

const iconButton =
  "rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900 aria-expanded:bg-gray-100 aria-expanded:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white dark:aria-expanded:bg-gray-800";
const pageButton =
  "rounded-md px-2 py-1 text-gray-700 hover:bg-gray-100 disabled:cursor-default disabled:text-gray-300 disabled:hover:bg-transparent dark:text-gray-300 dark:hover:bg-gray-800 dark:disabled:text-gray-700";

export function ListWidget({
  id,
  title,
  rows,
  limit,
  columns = ["", "Visits"],
  format = formatNumber,
  labelFor,
  magnify,
  onRowClick,
  onFilter,
  empty = "No data available",
  locked,
  subtitle,
  total,
  metric,
}: ListWidgetProps) {
  const [searching, setSearching] = useState(false);
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [percent, setPercent] = useState(false);
  const [full, setFull] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const searchId = useId();

  // New data or a new page size starts from the first page.
  // NOTE: keyed on a signature, not on `rows` itself: a parent that maps its data on every render
  // passes a new array each time, and the reader would be thrown back to page 1 on each.
  const signature = `${limit}:${rows.length}:${rows[0]?.label}:${rows[0]?.value}`;
  useEffect(() => setPage(1), [signature]);
  useEffect(() => {
    if (searching) search.current?.focus();
  }, [searching]);

  const closeSearch = () => {
    setSearching(false);
    setQuery("");
    setPage(1);
  };
  const matching = filterRows(rows, query);
  const shown = paginate(matching, page, limit);
  const max = Math.max(0, ...rows.map((r) => r.value));
  const rowProps = { id, format, labelFor, magnify, onRowClick, onFilter, metric };

  return (
    <section aria-labelledby={`${id}-title`} data-testid={id} className="flex min-w-0 flex-col rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <div className="mb-2 flex min-h-8 items-center gap-2">
        <div className="min-w-0 flex-1">
          <h3 id={`${id}-title`} className="truncate text-[15px] font-semibold text-gray-900 dark:text-white">
            {title}
          </h3>
          {subtitle && <p className="text-xs text-gray-500 dark:text-gray-400">{subtitle}</p>}
        </div>
        {!locked && rows.length > 0 && (
          <>
            <button
              type="button"
              className={iconButton}
              aria-label={`Search ${title}`}
              aria-expanded={searching}
              aria-controls={searchId}
              onClick={() => (searching ? closeSearch() : setSearching(true))}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
                <circle cx="8.5" cy="8.5" r="5.5" />
                <path d="M13 13l4 4" />
              </svg>
            </button>
            <button type="button" className="rounded-md px-2 py-1 text-xs font-medium text-blue-700 hover:bg-blue-50 dark:text-blue-400 dark:hover:bg-blue-500/10" onClick={() => setFull(true)}>
              View all
            </button>
          </>
        )}
      </div>
      {locked ? (
        <ProLock feature={title} />
      ) : rows.length === 0 ? (
        <p className="flex flex-1 items-center justify-center py-10 text-sm text-gray-500 dark:text-gray-400">{empty}</p>
      ) : (
        <>
          {searching && (
            <div id={searchId} className="mb-2">
              <label className="sr-only" htmlFor={`${searchId}-input`}>
                Search {title}
              </label>
              <input
                id={`${searchId}-input`}
                ref={search}
                type="search"
                placeholder="Search"
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setPage(1);
                }}
                onKeyDown={(e) => {
                  if (e.key === "Escape") {
                    // NOTE: Escape here closes the filter only, not a popup the list sits in.
                    e.stopPropagation();
                    closeSearch();
                  }
                }}
                className="w-full rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm text-gray-900 placeholder:text-gray-400 dark:border-gray-700 dark:bg-gray-950 dark:text-white"
              />
            </div>
          )}
          <ColumnHeader columns={columns} percent={percent} onToggle={() => setPercent((p) => !p)} />
          {shown.rows.length === 0 ? (
            <p className="px-2 py-6 text-center text-sm text-gray-500 dark:text-gray-400">No matching rows</p>
          ) : (
            <ListRows {...rowProps} rows={shown.rows} max={max} percent={percent} />
          )}
          {shown.pages > 1 && (
            <nav aria-label={`${title} pages`} className="mt-auto flex items-center justify-end gap-1 pt-2 text-xs">
              <button type="button" className={pageButton} disabled={shown.page <= 1} onClick={() => setPage(shown.page - 1)}>
                {/* NOTE: the name "Previous page" starts with the visible "Prev" (axe label-content-name-mismatch). */}
                <span aria-hidden="true">‹ </span>Prev<span className="sr-only">ious page</span>
              </button>
              <span className="px-1 text-gray-600 tabular-nums dark:text-gray-400" aria-live="polite">
                Page {shown.page} of {shown.pages}
              </span>
              <button type="button" className={pageButton} disabled={shown.page >= shown.pages} onClick={() => setPage(shown.page + 1)}>
                Next<span className="sr-only"> page</span>
                <span aria-hidden="true"> ›</span>
              </button>
            </nav>
          )}
        </>
      )}
      {full && (
        <FullList
          {...rowProps}
          // NOTE: a filter picked in the full list closes it: the list behind it is about to change.
          onFilter={onFilter && ((row) => (setFull(false), onFilter(row)))}
          id={`${id}-full`}
          title={title}
          rows={rows}
          total={total}
          columns={columns}
          percent={percent}
          onTogglePercent={() => setPercent((p) => !p)}
          onClose={() => setFull(false)}
        />
      )}
    </section>
  );
}
