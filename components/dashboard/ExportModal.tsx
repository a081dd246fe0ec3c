"use client";
// The Export modal: the current range as an XLSX workbook or a ZIP of CSV files, the dashboard's
// five tables or all of them, from GET /api/export. The file is fetched here (not by a link) so the
// modal can show its progress while the server builds and streams it, and an error in words; it
// is then handed to the browser's download. Each export is one of the product's own events
// ("export xlsx (dashboard)", "export csv (dashboard)"). Free accounts outside beta see the promo.
// A public dashboard whose owner offers downloads exports by its id (and password), without the
// owner's annotations.
import { useState } from "react";
import { productEvent } from "../product-event";
import { ProPromo } from "../pricing/ProPromo";
import type { Filter } from "../../src/shared/filters";
import type { Goal } from "../../src/shared/goals";
import { filterWords } from "./filter-values";
import { formatBytes } from "./format";
import { formatRange, type Range } from "./date-rules";
import { sliceQuery, sourceOf, type StatsSource } from "./load";
import { Popup } from "./widgets/Popup";

type ExportFormat = "xlsx" | "csv";
type Tables = "quick" | "all";
type Progress = { state: "idle" } | { state: "building"; format: ExportFormat; bytes: number } | { state: "failed"; message: string };

/** `owners`: what only the owner's export adds. */
const TABLE_CHOICES: { id: Tables; label: string; note: string; owners?: string }[] = [
  { id: "quick", label: "Dashboard summary", note: "Summary, Devices, Desktop Screen Sizes, Sources, Energy & Carbon" },
  { id: "all", label: "All tables", note: "Adds Top Pages, Referrals, Countries, Languages, Browsers, OS, Attention, Speed, Events, Campaigns, the Energy & Carbon Summary", owners: " and your Annotations" },
];

/** The file name the server gives in Content-Disposition. */
const fileNameOf = (res: Response, fallback: string) => /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallback;

/** Fetches the export, reporting bytes as they arrive, and saves it through the browser. */
async function downloadExport(url: string, headers: Record<string, string>, fallbackName: string, onBytes: (n: number) => void): Promise<string | null> {
  const res = await fetch(url, { headers }).catch(() => null);
  if (!res) return "We could not reach Bothy. Check your connection and try again.";
  if (!res.ok || !res.body) {
    const json = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    return typeof json?.error?.message === "string" ? json.error.message : `Something went wrong (HTTP ${res.status}).`;
  }
  const parts: Uint8Array[] = [];
  let bytes = 0;
  const reader = res.body.getReader();
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      parts.push(r.value);
      onBytes((bytes += r.value.byteLength));
    }
  } catch {
    return "The download broke off. Please try again.";
  }
  const link = Object.assign(document.createElement("a"), {
    href: URL.createObjectURL(new Blob(parts as BlobPart[], { type: res.headers.get("content-type") ?? "application/octet-stream" })),
    download: fileNameOf(res, fallbackName),
  });
  document.body.append(link);
  link.click();
  link.remove();
  // NOTE: the browser has taken the file once click() returns; the URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
  return null;
}

/** `target`: the owner's domain, or a public dashboard's id and password. */
/** `goals`: the domain's goals, so a goal filter is said by its goal's name. */
type Props = { target: StatsSource; range: Range; filters: Filter[]; goals?: readonly Goal[]; allowed: boolean; track: boolean; onClose: () => void };

export function ExportModal({ target, range, filters, goals = [], allowed, track, onClose }: Props) {
  const owner = "domain" in target;
  const [tables, setTables] = useState<Tables>("quick");
  const [progress, setProgress] = useState<Progress>({ state: "idle" });
  const building = progress.state === "building";

  const start = async (format: ExportFormat) => {
    setProgress({ state: "building", format, bytes: 0 });
    if (track) productEvent(`export ${format} (dashboard)`, tables, "/dashboard");
    const { headers } = sourceOf(target);
    const q = sliceQuery(target, range, filters, { format, tables });
    const name = `${"domain" in target ? target.domain : "dashboard"}_${range.startKey}_${range.endKey}.${format === "xlsx" ? "xlsx" : "zip"}`;
    const failed = await downloadExport(`/api/export?${q}`, headers, name, (bytes) => setProgress({ state: "building", format, bytes }));
    setProgress(failed ? { state: "failed", message: failed } : { state: "idle" });
  };

  const button = "rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <Popup title="Export" onClose={onClose}>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Export the current date range ({formatRange(range)}){filters.length > 0 && <>, filtered: {filters.map((f) => filterWords(f, goals)).join("; ")}</>}, as a spreadsheet.
      </p>
      {!allowed ? (
        <div className="mt-4">
          <ProPromo />
        </div>
      ) : (
        <>
          <fieldset className="mt-4 space-y-2" disabled={building}>
            <legend className="text-sm font-semibold text-gray-900 dark:text-white">Tables</legend>
            {TABLE_CHOICES.map((c) => (
              <label key={c.id} className="flex items-start gap-2 text-sm text-gray-800 dark:text-gray-200">
                <input type="radio" name="export-tables" value={c.id} checked={tables === c.id} onChange={() => setTables(c.id)} className="mt-1" />
                <span>
                  {c.label}
                  <span className="block text-xs text-gray-600 dark:text-gray-400">{c.note}{owner && c.owners}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="mt-4 flex gap-3">
            {(["xlsx", "csv"] as const).map((format) => (
              <button
                key={format}
                type="button"
                disabled={building}
                onClick={() => void start(format)}
                className={button}
              >
                {format === "xlsx" ? "XLSX" : "CSV (ZIP)"}
              </button>
            ))}
          </div>
          <div className="mt-3 min-h-5 text-xs text-gray-700 dark:text-gray-300" role="status" aria-live="polite">
            {progress.state === "building" && (
              <span className="flex items-center gap-2">
                <progress className="h-1.5 w-24" aria-label="Building the file" />
                Building the {progress.format === "xlsx" ? "XLSX" : "ZIP"} file… {progress.bytes > 0 && `${formatBytes(progress.bytes)} received`}
              </span>
            )}
            {progress.state === "failed" && <span className="text-red-700 dark:text-red-400">{progress.message}</span>}
          </div>
        </>
      )}
    </Popup>
  );
}
