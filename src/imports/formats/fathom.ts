// Fathom's CSV export (site settings → Exports, Date Grouping "Hourly", every dimension and metric):
// a pageviews CSV and, from the Events tab, an events CSV, read by column name. Each row is one hour
// of one combination of the dimensions: `datetime` ("YYYY-MM-DD HH:MM:SS"), `hostname`, `pathname`,
// `referrer_hostname`, `referrer_pathname`, `utm_*`, `country_code`, `device_type`, `browser`,
// `operating_system`, and `pageviews` (or `event_name` and `completions`). One CSV, or a ZIP of both.
// Rows are answered per hour; the job sums rows of the same day and label into the day's figures.
import { campaignOf, storedPath } from "../../collect";
import { ImportFault, type ImportedRow } from "../model";
import { browserName, deviceName, osName } from "../names";
import { countOf, countryCode, dayOf, rowOf, sourceOf } from "./figures";
import { cellsBy, csvOf, openCsv, shown, type Csv } from "./read";
import type { Importer } from "./types";
import { inFile, zipEntries, zipped } from "./zip";

const COLUMNS = [
  "datetime", "hostname", "pathname", "pageviews", "event_name", "completions", "referrer_hostname", "referrer_pathname",
  "utm_source", "utm_medium", "utm_campaign", "country_code", "device_type", "browser", "operating_system",
] as const;
type At = (column: (typeof COLUMNS)[number]) => string;

/** An hour as the export writes it. */
const HOUR = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}$/;

/**
 * The row's day. NOTE: the export writes its hours in the time zone chosen on its page (the file
 * does not name it), so a row's day is its date as written: exported in the domain's own zone,
 * these are the domain's local days. A row of a coarser grouping would be a week or a month on
 * one day, so only hours are taken.
 */
function dayIn(line: number, raw: string): string {
  const m = HOUR.exec(raw);
  if (!m) throw new ImportFault(line, `bad date ${shown(raw)}: export with Date Grouping "Hourly"`);
  return dayOf(line, m[1]!);
}

/** A host as the export writes it ("https://www.example.com", "example.com"): lower case, without scheme, "www." or port. */
const bareHost = (raw: string) => raw.toLowerCase().replace(/^[a-z]+:\/\//, "").replace(/^www\./, "").replace(/[/:].*$/, "");

/**
 * An hour of page views in each list its dimensions fill. NOTE: Fathom counts page views per
 * referrer and campaign, not arrivals, so those lists count the page views they brought; a
 * referrer that is the site itself is a page of it, not a source.
 */
function viewRows(day: string, at: At, views: number): ImportedRow[] {
  const f = { views };
  const out = [rowOf(day, "total", "", "", f), rowOf(day, "page", storedPath(at("pathname") || "/").path, "", f)];
  const host = bareHost(at("referrer_hostname"));
  if (host && host !== bareHost(at("hostname"))) {
    const { label, group } = sourceOf(`${host}${at("referrer_pathname")}`);
    out.push(rowOf(day, "referrer", label, group, f));
  }
  const utm = campaignOf(new URLSearchParams({ utm_source: at("utm_source"), utm_medium: at("utm_medium"), utm_campaign: at("utm_campaign") }));
  if (utm.utmCampaign) out.push(rowOf(day, "campaign", utm.utmCampaign, "", f));
  if (utm.utmSource) out.push(rowOf(day, "utm_source", utm.utmSource, "", f));
  if (utm.utmMedium) out.push(rowOf(day, "utm_medium", utm.utmMedium, "", f));
  const named: [ImportedRow["dim"], string | null][] = [
    ["country", countryCode(at("country_code"))], ["device", deviceName(at("device_type"))],
    ["browser", browserName(at("browser"))], ["os", osName(at("operating_system"))],
  ];
  for (const [dim, label] of named) if (label) out.push(rowOf(day, dim, label, "", f));
  return out;
}

/** A file's kind by its header, or an ImportFault naming the column it lacks. */
function kindOf(csv: Csv): "pageviews" | "events" {
  const missing = (c: string) => new ImportFault(csv.headerLine, `missing column "${c}"`);
  if (csv.col("datetime") < 0) throw missing("datetime");
  if (csv.col("pageviews") >= 0) return "pageviews";
  if (csv.col("event_name") < 0) throw new ImportFault(csv.headerLine, 'missing column "pageviews" (a pageviews export) or "event_name" (an events export)');
  if (csv.col("completions") < 0) throw missing("completions");
  return "events";
}

async function* fileRows(csv: Csv): AsyncGenerator<ImportedRow> {
  const kind = kindOf(csv);
  const cell = cellsBy(csv, COLUMNS);
  for await (const { line, cells } of csv.rows) {
    const at = cell(cells);
    const day = dayIn(line, at("datetime"));
    if (kind === "pageviews") {
      yield* viewRows(day, at, countOf(line, "pageviews", at("pageviews")));
      continue;
    }
    const name = at("event_name").slice(0, 200);
    if (name) yield rowOf(day, "event", name, "", { views: countOf(line, "completions", at("completions")) });
  }
}

async function* zipRows(files: { name: string; csv: Csv }[]): AsyncGenerator<ImportedRow> {
  for (const { name, csv } of files) {
    try {
      yield* fileRows(csv);
    } catch (err) {
      throw inFile(name, err);
    }
  }
}

/** Opens a Fathom export CSV, or a ZIP of them, and refuses at once a header that is not Fathom's. */
export const fathom: Importer = async (src) => {
  if (!(await zipped(src))) {
    const csv = await openCsv(src, []);
    kindOf(csv);
    return { kind: "days", rows: fileRows(csv) };
  }
  const files = [];
  for (const entry of await zipEntries(src)) {
    if (entry.name.startsWith("._") || !entry.name.toLowerCase().endsWith(".csv")) continue;
    try {
      const csv = await csvOf(entry.bytes(), []);
      kindOf(csv);
      files.push({ name: entry.name, csv });
    } catch (err) {
      throw inFile(entry.name, err);
    }
  }
  if (!files.length) throw new ImportFault(0, "the ZIP holds no CSV file");
  return { kind: "days", rows: zipRows(files) };
};
