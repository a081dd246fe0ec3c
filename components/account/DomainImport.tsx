"use client";
// One website's history import (/dashboard/{domain}/import): pick the tool and its exported file,
// upload it (XMLHttpRequest, for the upload's own progress), then follow the job (GET
// /api/imports/:id every second: bytes read of the file's bytes) until it is done or failed; it can
// be cancelled. Below, the website's past imports, each with its range and a Delete.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { api } from "../forms/api";
import { IMPORT_FORMATS, IMPORT_TOOLS, MAX_IMPORT_BYTES, type ImportFormat, type ImportJob } from "../../src/shared/import-jobs";
import { ImportList, whatFilled } from "./ImportList";

const POLL_MS = 1_000;
const button = "rounded bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-50 dark:bg-blue-600 dark:hover:bg-blue-500";
const field = "mt-1 block w-full rounded border border-gray-300 bg-white p-2 text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100";

/** A bar of `share` (0–1) with its label and percentage, for the upload and for the job. */
function Bar({ label, share }: { label: string; share: number }) {
  const pct = Math.round(Math.min(1, Math.max(0, share)) * 100);
  return (
    <div className="mt-3">
      <div className="flex justify-between text-sm text-gray-700 dark:text-gray-300">
        <span>{label}</span>
        <span>{pct}%</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}
        className="mt-1 h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700">
        <div className="h-full rounded-full bg-blue-600 transition-[width] dark:bg-blue-400" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

type Upload = { file: File; format: ImportFormat; keepOwn: boolean };

/** Sends the file as the raw body; `progress` gets the share sent. Answers the import's id or the error's message. */
function send(domain: string, u: Upload, progress: (share: number) => void): Promise<{ id: number } | { error: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const q = new URLSearchParams({ domain, format: u.format, ...(u.keepOwn && { overlap: "own" }) });
    xhr.open("POST", `/api/imports?${q}`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && progress(e.loaded / e.total);
    xhr.onload = () => {
      let json: { id?: number; error?: { message?: string } } | null = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status < 300 && typeof json?.id === "number") resolve({ id: json.id });
      else resolve({ error: json?.error?.message ?? `The upload failed (HTTP ${xhr.status}).` });
    };
    xhr.onerror = () => resolve({ error: "We could not reach Bothy. Check your connection and try again." });
    xhr.send(u.file);
  });
}

export function DomainImport({ domain }: { domain: string }) {
  const id = useId();
  const [format, setFormat] = useState<ImportFormat>("plausible");
  const [keepOwn, setKeepOwn] = useState(false);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [listed, setListed] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const reload = useCallback(() => setListed((n) => n + 1), []);

  const live = job !== null && (job.status === "queued" || job.status === "running");
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      void api<ImportJob>("GET", `/api/imports/${job.id}`).then((r) => {
        if (!r.ok) return;
        setJob(r.data);
        if (r.data.status !== "queued" && r.data.status !== "running") reload();
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [live, job?.id, reload]);

  const start = async (e: React.FormEvent) => {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    setError(null);
    setJob(null);
    if (!file) return setError("Choose the exported file.");
    if (file.size > MAX_IMPORT_BYTES) return setError("The file is larger than 1 GB. Export a shorter period and import each file.");
    setUploaded(0);
    const sent = await send(domain, { file, format, keepOwn }, setUploaded);
    setUploaded(null);
    if ("error" in sent) return setError(sent.error);
    const first = await api<ImportJob>("GET", `/api/imports/${sent.id}`);
    if (first.ok) setJob(first.data);
    reload();
  };

  const cancel = async () => {
    if (!job) return;
    const r = await api("DELETE", `/api/imports/${job.id}`);
    if (!r.ok) return setError(r.message);
    setJob({ ...job, status: "cancelled" });
    reload();
  };

  return (
    <div className="mt-6 max-w-2xl">
      <p className="text-gray-700 dark:text-gray-300">
        Bring this website&apos;s history from the tool you used before. Imported days show in the dashboard beside your own, and
        their carbon is estimated from your own pages&apos; weight. <a href="/docs/imports" className="text-blue-700 underline dark:text-blue-400">How importing works</a>
      </p>
      <form onSubmit={(e) => void start(e)} className="mt-6 space-y-4" aria-describedby={`${id}-tool`}>
        <div>
          <label htmlFor={`${id}-format`} className="font-medium">Tool</label>
          <select id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)} className={field} disabled={live || uploaded !== null}>
            {IMPORT_FORMATS.map((f) => <option key={f} value={f}>{IMPORT_TOOLS[f].name}</option>)}
          </select>
          <p id={`${id}-tool`} className="mt-1 text-sm text-gray-600 dark:text-gray-400">{IMPORT_TOOLS[format].file}</p>
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="font-medium">Exported file</label>
          <input id={`${id}-file`} ref={fileInput} type="file" className={field} disabled={live || uploaded !== null} />
        </div>
        <label className="flex items-start gap-2 text-sm text-gray-800 dark:text-gray-200">
          <input type="checkbox" checked={keepOwn} onChange={(e) => setKeepOwn(e.target.checked)} className="mt-1" />
          <span>Where the file overlaps days this website counted itself, keep the website&apos;s own days (otherwise the file is refused)</span>
        </label>
        <button type="submit" className={button} disabled={live || uploaded !== null}>Import</button>
      </form>
      <div aria-live="polite" className="mt-4">
        {uploaded !== null && <Bar label="Uploading the file" share={uploaded} />}
        {job && live && (
          <>
            <Bar label={job.status === "queued" ? "Waiting to start the import" : "Importing"} share={job.bytes ? job.bytesRead / job.bytes : 0} />
            <button type="button" onClick={() => void cancel()} className="mt-3 rounded border border-gray-400 px-3 py-1 text-sm hover:bg-gray-100 dark:border-gray-500 dark:hover:bg-gray-800">
              Cancel the import
            </button>
          </>
        )}
        {job?.status === "done" && (
          <p role="status" className="rounded border border-green-700 bg-green-50 p-3 text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100">
            Imported {job.firstDay ? `${job.firstDay} to ${job.lastDay}` : "no days"}: {job.rows.toLocaleString("en")} rows. Filled: {whatFilled(job.dims)}.
          </p>
        )}
        {job?.status === "cancelled" && <p role="status" className="text-gray-700 dark:text-gray-300">The import is cancelled; nothing of it was kept.</p>}
        {(error ?? (job?.status === "failed" ? job.error : null)) && (
          <p role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
            {error ?? job?.error}
          </p>
        )}
      </div>
      <ImportList domain={domain} version={listed} onChange={reload} />
    </div>
  );
}
