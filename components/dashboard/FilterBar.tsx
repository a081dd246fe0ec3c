"use client";
// The filter bar at the foot of the dashboard's header (so it stays in view when the header sticks):
// the Filter menu, the Segments menu on the owner's page, and the filters on, each a chip in words
// with its remove button, then "Clear all". With filters on it says "Filtered" first, so a
// number read anywhere below is known to be a slice.
import type { Filter, FilterDimension, FilterOperator } from "../../src/shared/filters";
import { FilterMenu } from "./FilterMenu";
import { SegmentsMenu } from "./Segments";
import { addFilter, filterWords, goalRows, type Answers } from "./filter-values";

type Props = {
  filters: Filter[];
  answers: Answers;
  onChange: (filters: Filter[]) => void;
  /** The domain whose segments the owner keeps; absent where there are none (public, demo). */
  segments?: string;
};

export function FilterBar({ filters, answers, onChange, segments }: Props) {
  const add = (op: FilterOperator, dim: FilterDimension, value: string) => onChange(addFilter(filters, op, dim, value));
  const goals = goalRows(answers.goals);
  return (
    <div className="relative flex w-full flex-wrap items-center gap-2" data-testid="filter-bar">
      <FilterMenu answers={answers} onAdd={add} />
      {segments && <SegmentsMenu domain={segments} filters={filters} goals={goals} onApply={onChange} />}
      {filters.length > 0 && (
        <>
          <span className="text-xs font-semibold tracking-wide text-blue-800 uppercase dark:text-blue-300" data-testid="filtered">Filtered</span>
          <ul className="contents" aria-label="Filters">
            {filters.map((f, i) => {
              const words = filterWords(f, goals);
              return (
                <li key={`${i}:${words}`} className="flex max-w-full min-w-0 items-center gap-1 rounded-full bg-blue-50 py-0.5 pr-1 pl-3 text-sm text-blue-900 ring-1 ring-blue-200 dark:bg-blue-500/15 dark:text-blue-100 dark:ring-blue-500/40" data-testid="filter-chip">
                  <span className="min-w-0 truncate" title={words}>{words}</span>
                  <button
                    type="button"
                    aria-label={`Remove filter: ${words}`}
                    onClick={() => onChange(filters.filter((_, j) => j !== i))}
                    className="flex size-6 shrink-0 items-center justify-center rounded-full text-blue-800 hover:bg-blue-100 dark:text-blue-200 dark:hover:bg-blue-500/25"
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" onClick={() => onChange([])} className="rounded-md px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-blue-500/10">
            Clear all
          </button>
        </>
      )}
    </div>
  );
}
