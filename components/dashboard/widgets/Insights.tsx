"use client";
// Insights: the computed sentences, on wide screens only (nothing under 1050 px),
// and "No insights yet" when there is nothing to say.
import type { PathStats, RefStats, SummaryStats } from "../../../src/shared/stats";
import { insights } from "./insight-rules";

export function Insights({ summary, path, ref }: { summary?: SummaryStats; path?: PathStats; ref?: RefStats }) {
  const lines = insights(summary, path, ref);
  return (
    <aside aria-labelledby="insights-title" className="hidden rounded-xl border border-gray-200 bg-white p-4 desk:block dark:border-gray-800 dark:bg-gray-900" data-testid="insights">
      <h3 id="insights-title" className="mb-2 flex items-center gap-2 text-[15px] font-semibold text-gray-900 dark:text-white">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-amber-500" fill="currentColor">
          <path d="M10 2a6 6 0 0 0-3.5 10.9V15h7v-2.1A6 6 0 0 0 10 2zM7.5 16.5h5V18h-5z" />
        </svg>
        Insights
      </h3>
      {lines.length === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">No insights yet</p>
      ) : (
        <ul className="flex flex-col gap-1.5 text-sm text-gray-700 dark:text-gray-300">
          {lines.map((l) => (
            <li key={l} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-blue-500" />
              <span className="min-w-0 break-words">{l}</span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
