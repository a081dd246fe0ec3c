// Imports as the API answers them and the import page shows them: the tools whose files Bothy
// reads (and which file of each to upload), an import's answer, and the upload's size cap. Browser-safe.
import type { ImportedDim } from "./imports";

/** The format names of POST /api/imports. */
export const IMPORT_FORMATS = ["plausible", "umami", "ga4", "matomo", "goatcounter", "simpleanalytics", "fathom"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Each tool's name and the file of it to upload (content/docs/imports.md says more). */
export const IMPORT_TOOLS: Record<ImportFormat, { name: string; file: string }> = {
  plausible: { name: "Plausible", file: "The ZIP of CSV files from Site settings → Imports & Exports → Export data." },
  umami: { name: "Umami", file: "The CSV from Settings → Websites → Data → Export (website events)." },
  ga4: { name: "Google Analytics 4", file: "The BigQuery events_* export as NDJSON, or report CSVs downloaded from the GA4 interface with the Date dimension added (one CSV, or a ZIP of several)." },
  matomo: { name: "Matomo", file: "The API's per-day JSON reports (VisitsSummary.get and more, period=day) in one object keyed by method, or a ZIP of <method>.json files." },
  goatcounter: { name: "GoatCounter", file: "The CSV from Settings → Export (the .csv.gz as downloaded, or unpacked)." },
  simpleanalytics: { name: "Simple Analytics", file: "The page views CSV from the dashboard's Export data." },
  fathom: { name: "Fathom", file: "The CSV from Site settings → Exports (Pageviews or Events, Date Grouping Hourly, every dimension and metric, the website's own time zone), or a ZIP of both." },
};

/** The largest file an import takes. */
export const MAX_IMPORT_BYTES = 1024 ** 3;

type ImportStatus = "queued" | "running" | "done" | "failed" | "cancelled";

/** GET /api/imports/:id: an import and how far it is. Days are the domain's local days, YYYY-MM-DD. */
export type ImportJob = {
  id: number;
  domain: string;
  format: ImportFormat;
  status: ImportStatus;
  /** Rows stored (days of figures per list and label); 0 until done. */
  rows: number;
  /** The file's size, and how much of it the job has read. */
  bytes: number;
  bytesRead: number;
  firstDay: string | null;
  lastDay: string | null;
  /** The lists the file filled. */
  dims: ImportedDim[];
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};
