"use client";
// A website's past imports (GET /api/imports?domain=), newest first: the tool, the range of days,
// the rows and lists it filled, or why it failed; each can be deleted (after a confirmation), which
// takes exactly what it added out of the dashboard.
import { useEffect, useState } from "react";
import { api } from "../forms/api";
import { IMPORT_TOOLS, type ImportJob } from "../../src/shared/import-jobs";
import type { ImportedDim } from "../../src/shared/imports";

const LISTS: Record<ImportedDim, string> = {
  total: "totals", page: "pages", entry: "entry pages", referrer: "referrers", campaign: "campaigns", utm_source: "sources",
  utm_medium: "mediums", country: "countries", language: "languages", device: "devices", browser: "browsers", os: "systems",
  screen: "screens", event: "events",
};

/** The lists an import filled, in words. */
export const whatFilled = (dims: ImportedDim[]) => (dims.length ? dims.map((d) => LISTS[d] ?? d).join(", ") : "nothing");

const STATUS: Record<ImportJob["status"], { text: string; className: string }> = {
  queued: { text: "Waiting", className: "text-gray-700 dark:text-gray-300" },
  running: { text: "Importing", className: "text-blue-800 dark:text-blue-300" },
  done: { text: "Done", className: "text-green-800 dark:text-green-300" },
  failed: { text: "Failed", className: "text-red-800 dark:text-red-300" },
  cancelled: { text: "Cancelled", className: "text-gray-700 dark:text-gray-300" },
};

/** The line under an import's name: what it stored or why it failed, and when it came. */
function details(job: ImportJob): string {
  const what = job.status === "done" ? `${job.rows.toLocaleString("en")} rows · ${whatFilled(job.dims)}` : job.status === "failed" ? job.error : null;
  return [what, `uploaded ${job.createdAt.slice(0, 10)}`].filter(Boolean).join(" · ");
}

type Props = { domain: string; /** Changes when the list should load again. */ version: number; onChange(): void };

export function ImportList({ domain, version, onChange }: Props) {
  const [rows, setRows] = useState<ImportJob[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api<{ imports: ImportJob[] }>("GET", `/api/imports?domain=${encodeURIComponent(domain)}`).then((r) => {
      setError(r.ok ? null : r.message);
      setRows(r.ok ? r.data.imports : []);
    });
  }, [domain, version]);

  const remove = async (job: ImportJob) => {
    const what = job.firstDay ? `the import of ${job.firstDay} to ${job.lastDay}` : "this import";
    if (!confirm(`Delete ${what}? Its numbers leave the dashboard.`)) return;
    const r = await api("DELETE", `/api/imports/${job.id}`);
    if (!r.ok) setError(r.message);
    onChange();
  };

  return (
    <section aria-labelledby="past-imports" className="mt-10">
      <h2 id="past-imports" className="text-lg font-semibold">Imports of {domain}</h2>
      {error && <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">{error}</p>}
      {rows === null && <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">Loading…</p>}
      {rows?.length === 0 && !error && <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">Nothing imported yet.</p>}
      {rows && rows.length > 0 && (
        <ul aria-label="Past imports" className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
          {rows.map((job) => (
            <li key={job.id} data-testid="import-row" className="flex flex-col gap-2 p-4 desk:flex-row desk:items-start desk:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-gray-900 dark:text-white">
                  {IMPORT_TOOLS[job.format]?.name ?? job.format}
                  {job.firstDay && <span className="font-normal"> · {job.firstDay} to {job.lastDay}</span>}
                  {" · "}<span className={STATUS[job.status].className}>{STATUS[job.status].text}</span>
                </p>
                <p className="break-words text-sm text-gray-600 dark:text-gray-400">{details(job)}</p>
              </div>
              <button type="button" onClick={() => void remove(job)} aria-label={`Delete the ${IMPORT_TOOLS[job.format]?.name ?? job.format} import ${job.id}`}
                className="self-start rounded px-2 py-1 text-sm text-red-700 underline hover:bg-red-100 dark:text-red-400 dark:hover:bg-red-950">
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
