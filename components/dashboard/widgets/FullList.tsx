"use client";
// The "View all" popup of a list: up to 1000 rows with their own search. A long
// list shows its first 50 rows at once and the rest 300 ms later, so the popup opens without
// waiting for a thousand rows to render.
import { useEffect, useState } from "react";
import type { ListRow } from "../../../src/shared/stats";
import { filterRows, formatNumber } from "../format";
import { ColumnHeader, ListRows, type RowsProps } from "./ListRows";
import { Popup } from "./Popup";

export const FULL_LIST_MAX = 1000;
export const FIRST_ROWS = 50;
export const REST_DELAY_MS = 300;

type Props = Omit<RowsProps, "rows" | "max" | "percent"> & {
  title: string;
  rows: ListRow[];
  /** Rows of the whole list, the ones the answer left out included. */
  total?: number;
  columns: [string, string];
  percent: boolean;
  onTogglePercent: () => void;
  onClose: () => void;
};

export function FullList({ title, rows, total: whole, columns, percent, onTogglePercent, onClose, ...rowProps }: Props) {
  const [query, setQuery] = useState("");
  const [all, setAll] = useState(rows.length <= FIRST_ROWS);
  useEffect(() => {
    if (all) return;
    const t = setTimeout(() => setAll(true), REST_DELAY_MS);
    return () => clearTimeout(t);
  }, [all]);
  const capped = rows.slice(0, FULL_LIST_MAX);
  const shown = filterRows(capped, query);
  const max = Math.max(0, ...capped.map((r) => r.value));
  const total = Math.max(whole ?? 0, rows.length);
  return (
    <Popup title={title} onClose={onClose}>
      <label className="mb-3 block">
        <span className="sr-only">Search {title}</span>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search"
          className="w-full rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-950 dark:text-white"
        />
      </label>
      <ColumnHeader columns={columns} percent={percent} onToggle={onTogglePercent} />
      {shown.length === 0 ? (
        <p className="px-2 py-6 text-center text-sm text-gray-500 dark:text-gray-400">No matching rows</p>
      ) : (
        <ListRows {...rowProps} rows={all ? shown : shown.slice(0, FIRST_ROWS)} max={max} percent={percent} />
      )}
      <p className="mt-3 px-2 text-xs text-gray-500 dark:text-gray-400">
        {capped.length < total ? `The first ${formatNumber(capped.length)} of ${formatNumber(total)} rows` : `${formatNumber(total)} rows`}
      </p>
    </Popup>
  );
}
