// Matomo's reports through its HTTP API, one answer per method asked with format=JSON&period=day&
// date=<first>,<last> (then the answer is an object keyed by day: core/DataTable/Renderer/Json.php
// renders a DataTable\Map by its keys), bundled in one JSON object keyed by the method's name
// ({"VisitsSummary.get": {...}, "Actions.getPageUrls": {...}, …}) or as a ZIP of one
// <method>.json file each. Field names as Matomo's API answers them (nb_visits, nb_hits,
// bounce_count, sum_visit_length in seconds, …: tests/PHPUnit/System/expected of matomo-org/matomo).
// Only VisitsSummary.get is required; each other report fills its list.
import { readFile } from "node:fs/promises";
import { campaignOf, storedPath } from "../../collect";
import { ImportFault, type ImportedDim, type ImportedRow } from "../model";
import { browserName, deviceName, osName } from "../names";
import { countOf, countryCode, dayOf, rowOf, sourceOf, type Figures } from "./figures";
import type { Importer, ImportSource } from "./types";
import { MAX_ZIP, zipEntries, zipped } from "./zip";

type Row = Record<string, unknown>;
/** A method's answer: per day, a row (VisitsSummary.get, Actions.get) or a list of labelled rows; [] for a day without data. */
type Answer = Record<string, Row | Row[]>;
/** Where a report was read from: its text, and where in it the method's answer starts (for a fault's line). */
type Report = { answer: Answer; text: string; at: number };

/** The day's totals, and its page views (optional: without it, the visits' actions are the page views). */
const TOTALS = "VisitsSummary.get";
const PAGEVIEWS = "Actions.get";

/** The line of the first `needle` at or after `from` in `text` (1-based), or 0. */
function lineAt(text: string, from: number, needle: string): number {
  const at = text.indexOf(needle, from);
  if (at < 0) return 0;
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < at; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));

/** A Matomo page URL report row's path: its full URL's, else its label's (flat=1 labels lack the leading slash). */
function pathOf(row: Row): string | null {
  const url = str(row.url);
  if (url) {
    try {
      return storedPath(new URL(url).pathname).path;
    } catch {
      return storedPath(url).path;
    }
  }
  const label = str(row.label);
  // NOTE: "-1" and "Others" are the summary row of a truncated report: many pages, none named.
  if (!label || label === "-1" || label === "Others") return null;
  return storedPath(label.startsWith("/") ? label : `/${label}`).path;
}

/**
 * A labelled report's rows as ImportedRows of one list: `label` names the row (null leaves it out),
 * `figures` its counts. Visits are unique visits; sum_visit_length is a day's seconds summed.
 */
type Reader = (row: Row, n: (field: string) => number) => { dim: ImportedDim; label: string; group: string; f: Figures }[];

const visits = (n: (field: string) => number): Figures =>
  ({ views: n("nb_visits"), uniques: n("nb_visits"), bounces: n("bounce_count"), durationMs: n("sum_visit_length") * 1000 });
/**
 * A visitor list's figures. NOTE: these reports count actions (page views, downloads, outlinks,
 * events), not page views: the nearest to the page views the collector's lists count.
 */
const actions = (n: (field: string) => number): Figures => ({ ...visits(n), views: n("nb_actions") });

const named = (dim: ImportedDim, name: (raw: string) => string | null): Reader => (row, n) => {
  const label = name(str(row.label));
  return label ? [{ dim, label, group: "", f: actions(n) }] : [];
};

/** A referrer report whose unknown names are still of its class ("search" for a search engine Bothy's lists lack). */
const referrers = (fallback: string): Reader => (row, n) => {
  const s = sourceOf(str(row.label));
  return [{ dim: "referrer", label: s.label, group: s.group === "unknown" ? fallback : s.group, f: visits(n) }];
};

const READERS: Record<string, Reader> = {
  "Actions.getPageUrls": (row, n) => {
    const path = pathOf(row);
    if (!path) return [];
    const out: ReturnType<Reader> = [{ dim: "page", label: path, group: "", f: { views: n("nb_hits"), uniques: n("nb_visits"), durationMs: n("sum_time_spent") * 1000 } }];
    const entries = n("entry_nb_visits");
    if (entries > 0) {
      out.push({ dim: "entry", label: path, group: "",
        f: { views: entries, uniques: entries, bounces: n("entry_bounce_count"), durationMs: n("entry_sum_visit_length") * 1000 } });
    }
    return out;
  },
  // NOTE: of the referrer types only direct entries make a row: the others are the websites, search
  // engines, social networks and campaigns their own reports list by name.
  "Referrers.getReferrerType": (row, n) =>
    str(row.segment) === "referrerType==direct" ? [{ dim: "referrer", label: "direct", group: "direct", f: visits(n) }] : [],
  "Referrers.getWebsites": referrers("unknown"),
  "Referrers.getSearchEngines": referrers("search"),
  "Referrers.getSocials": referrers("social"),
  "Referrers.getCampaigns": (row, n) => {
    const name = campaignOf(new URLSearchParams({ utm_campaign: str(row.label) })).utmCampaign;
    return name ? [{ dim: "campaign", label: name, group: "", f: visits(n) }] : [];
  },
  "UserCountry.getCountry": (row, n) => {
    const code = countryCode(str(row.code) || str(row.label));
    return code ? [{ dim: "country", label: code, group: "", f: actions(n) }] : [];
  },
  "DevicesDetection.getType": named("device", deviceName),
  "DevicesDetection.getBrowsers": named("browser", browserName),
  "DevicesDetection.getOsFamilies": named("os", osName),
  "DevicesDetection.getOsVersions": named("os", osName),
  "Events.getName": (row, n) => {
    const name = str(row.label).slice(0, 200);
    return name ? [{ dim: "event", label: name, group: "", f: { views: n("nb_events"), uniques: n("nb_visits") } }] : [];
  },
};

/** The bundle's reports by method, from one JSON object or a ZIP of <method>.json files. */
async function reportsOf(src: ImportSource): Promise<Map<string, Report>> {
  const reports = new Map<string, Report>();
  if (src.size > MAX_ZIP) throw new ImportFault(0, "a Matomo bundle over 200 MB: export a shorter period");
  if (await zipped(src)) {
    for (const entry of await zipEntries(src)) {
      if (entry.name.startsWith("._") || !entry.name.endsWith(".json")) continue;
      const parts: Buffer[] = [];
      for await (const chunk of entry.bytes()) parts.push(chunk);
      const text = Buffer.concat(parts).toString("utf8");
      reports.set(entry.name.slice(0, -".json".length), { answer: parsed(text, entry.name) as Answer, text, at: 0 });
    }
    return reports;
  }
  const text = await readFile(src.path, { encoding: "utf8", signal: src.signal });
  src.progress(src.size);
  const bundle = parsed(text, "the file");
  if (Array.isArray(bundle)) throw new ImportFault(1, 'not a bundle of Matomo reports: an object keyed by method ("VisitsSummary.get": …)');
  for (const [method, answer] of Object.entries(bundle)) reports.set(method, { answer: answer as Answer, text, at: text.indexOf(`"${method}"`) });
  return reports;
}

/** A JSON object, or an ImportFault of the file as a whole. NOTE: the parser tells no position. */
function parsed(text: string, name: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    throw new ImportFault(0, `${name} is not JSON, or is cut off (${err instanceof Error ? err.message : String(err)})`);
  }
  if (typeof value !== "object" || value === null) throw new ImportFault(1, `${name} is not a JSON object`);
  return value as Record<string, unknown>;
}

/**
 * One report's rows, day by day. A fault is found without its line (most answers are one line of
 * JSON); the line of the day's key is looked up then.
 */
function* rowsOfReport(method: string, { answer, text, at }: Report, pageviews: boolean): Generator<ImportedRow> {
  const reader = READERS[method];
  for (const [key, value] of Object.entries(answer)) {
    try {
      const day = dayOf(0, key);
      const n = (row: Row) => (field: string) => countOf(0, `${field} of ${method}`, row[field] as string | number | undefined);
      // NOTE: a day without data is [] in every report.
      if (Array.isArray(value) && value.length === 0) continue;
      if (method === TOTALS || method === PAGEVIEWS) {
        if (Array.isArray(value)) throw new ImportFault(0, `${method}: a day's answer is not an object`);
        // The day's page views are Actions.get's when the bundle has it, else the visits' actions.
        if (method === PAGEVIEWS) yield rowOf(day, "total", "", "", { views: n(value)("nb_pageviews") });
        else yield rowOf(day, "total", "", "", { ...visits(n(value)), views: pageviews ? 0 : n(value)("nb_actions") });
        continue;
      }
      if (!Array.isArray(value)) throw new ImportFault(0, `${method}: a day's answer is not a list of rows`);
      for (const row of value) for (const r of reader!(row, n(row))) yield rowOf(day, r.dim, r.label, r.group, r.f);
    } catch (err) {
      if (!(err instanceof ImportFault) || err.line !== 0) throw err;
      throw new ImportFault(lineAt(text, at, `"${key}"`), err.reason);
    }
  }
}

async function* rows(reports: Map<string, Report>): AsyncGenerator<ImportedRow> {
  const pageviews = reports.has(PAGEVIEWS);
  for (const [method, report] of reports) {
    // NOTE: OS versions sum to their families: a bundle with both counts the families only.
    if (method === "DevicesDetection.getOsVersions" && reports.has("DevicesDetection.getOsFamilies")) continue;
    yield* rowsOfReport(method, report, pageviews);
  }
}

/** Refuses at once a file that is no bundle, one without VisitsSummary.get, a report it does not know, or one not keyed by day. */
export const matomo: Importer = async (src) => {
  const reports = await reportsOf(src);
  if (!reports.has(TOTALS)) throw new ImportFault(0, `missing report "${TOTALS}"`);
  for (const [method, { answer, text, at }] of reports) {
    if (method !== TOTALS && method !== PAGEVIEWS && !READERS[method]) {
      throw new ImportFault(lineAt(text, at, `"${method}"`), `${method} is none of the reports read: ${[TOTALS, PAGEVIEWS, ...Object.keys(READERS)].join(", ")}`);
    }
    const days = typeof answer === "object" && answer !== null && !Array.isArray(answer) ? Object.keys(answer) : [];
    // NOTE: the key's shape only: a day the calendar lacks is refused with its line as the rows are read.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(days[0] ?? "")) {
      throw new ImportFault(lineAt(text, at, `"${method}"`) || 1, `${method} is not keyed by day: ask for it with period=day&date=<first>,<last>`);
    }
  }
  return { kind: "days", rows: rows(reports) };
};
