// GA4's report CSVs as the interface downloads them (Share this report → Download file → CSV): a
// preamble of "#" lines (the report's name, the property, "# Start date: YYYYMMDD", "# End date: …"),
// then one table whose columns are the report's dimensions and metrics by their English display
// names. Read: Pages and screens ("Page path and screen class"), Traffic acquisition ("Session
// source", "Session source / medium", "Session campaign", or its channel group), Tech ("Browser",
// "Operating system", "Device category") and Demographic details ("Country"), each with the Date
// dimension added (YYYYMMDD), so each row is one day's. One CSV, or a ZIP of several (one import
// then fills every list). A report without a Date column is refused: its rows span the range.
import { campaignOf, storedPath } from "../../collect";
import { ImportFault, type ImportedRow } from "../model";
import { browserName, deviceName, osName } from "../names";
import { countryCode, dayOf, numberOf, rowOf, sourceOf, type Figures } from "./figures";
import { cellsBy, csvOf, openCsv, type Csv } from "./read";
import type { Importer } from "./types";
import { inFile, zipEntries, zipped } from "./zip";

const DATE = "Date";
/** A cell as a count (rounded), and as the number it is (an average). */
type N = (column: string) => number;
type Cells = { at: (column: string) => string; n: N; x: N };

/** What GA4 writes for a dimension it has no value for. */
const NOT_SET = new Set(["(not set)", "(other)", "(none)", ""]);

/**
 * A row's visits: its sessions where the report counts them, else its active users; its page views
 * where it counts them, else those visits. NOTE: GA4's averages are per session or per active user:
 * an average times its count is the time summed, and a bounce is a session that was not engaged.
 */
function figures({ at, n, x }: Cells): Figures {
  const sessions = at("Sessions") !== "";
  const visits = sessions ? n("Sessions") : n("Active users");
  const perVisit = sessions ? x("Average engagement time per session") : x("Average engagement time per active user");
  return {
    views: at("Views") !== "" ? n("Views") : visits,
    uniques: visits,
    bounces: sessions && at("Engaged sessions") !== "" ? Math.max(0, visits - n("Engaged sessions")) : 0,
    durationMs: Math.round(perVisit * visits * 1000),
  };
}

/** A report: the dimension column that tells it, and a row's ImportedRows. */
type Report = { dimension: string; rows(day: string, c: Cells): ImportedRow[] };

const named = (dimension: string, dim: "browser" | "os" | "device" | "country", name: (raw: string) => string | null): Report => ({
  dimension,
  rows: (day, c) => {
    const label = NOT_SET.has(c.at(dimension)) ? null : name(c.at(dimension));
    return label ? [rowOf(day, dim, label, "", figures(c))] : [];
  },
});

/**
 * A traffic acquisition row: the day's totals (its sessions are the day's visits, summed over its
 * sources), and its source. NOTE: a channel group ("Organic Search") names no host: only Direct
 * makes a referrer row of it.
 */
const traffic = (dimension: string, source: (v: string) => string | null): Report => ({
  dimension,
  rows: (day, c) => {
    const f = { ...figures(c), views: 0 };
    const out = [rowOf(day, "total", "", "", f)];
    const raw = source(c.at(dimension));
    if (raw !== null) {
      const s = sourceOf(raw);
      out.push(rowOf(day, "referrer", s.label, s.group, { ...f, views: f.uniques }));
    }
    return out;
  },
});

/** GA4's own words for a session without a source or campaign. */
const UNSOURCED = new Set(["(direct)", "(none)", "(not set)", "(organic)", "(referral)", "(data not available)"]);

const REPORTS: Report[] = [
  {
    dimension: "Page path and screen class",
    // The day's page views are its pages' views summed; its visitors are not (one visits several pages).
    rows: (day, c) => {
      const f = figures(c);
      return [rowOf(day, "page", storedPath(c.at("Page path and screen class") || "/").path, "", f), rowOf(day, "total", "", "", { views: f.views })];
    },
  },
  traffic("Session source", (v) => v),
  traffic("Session source / medium", (v) => v.split(" / ")[0] ?? ""),
  traffic("Session primary channel group (Default Channel Group)", (v) => (v === "Direct" ? "" : null)),
  traffic("Session default channel group", (v) => (v === "Direct" ? "" : null)),
  {
    dimension: "Session campaign",
    rows: (day, c) => {
      const raw = c.at("Session campaign");
      const name = UNSOURCED.has(raw) ? null : campaignOf(new URLSearchParams({ utm_campaign: raw })).utmCampaign;
      const f = figures(c);
      return name ? [rowOf(day, "campaign", name, "", { ...f, views: f.uniques })] : [];
    },
  },
  named("Browser", "browser", browserName),
  named("Operating system", "os", osName),
  named("Device category", "device", deviceName),
  named("Country", "country", countryCode),
];

/** The columns a row's figures may come from. */
const METRICS = ["Views", "Sessions", "Active users", "Engaged sessions", "Average engagement time per session", "Average engagement time per active user"];

/** The report a header is, or an ImportFault saying why it is none: no Date column, or no dimension read. */
function reportOf(csv: Csv, line: number): Report {
  if (csv.col(DATE) < 0) {
    throw new ImportFault(line, 'the report has no "Date" column: add the Date dimension to the report (or an exploration) so each row is a day, then download it again');
  }
  const report = REPORTS.find((r) => csv.col(r.dimension) >= 0);
  if (!report) throw new ImportFault(line, `none of the reports read: a column ${REPORTS.map((r) => `"${r.dimension}"`).join(", ")} beside "Date"`);
  return report;
}

async function* reportRows(csv: Csv, report: Report): AsyncGenerator<ImportedRow> {
  const cell = cellsBy(csv, [DATE, report.dimension, ...METRICS]);
  for await (const { line, cells } of csv.rows) {
    const at = cell(cells);
    // NOTE: GA4 ends some downloads with a totals row, whose Date cell is empty or "Grand total".
    if (at(DATE) === "" || /^(grand )?total$/i.test(at(DATE))) continue;
    const x = (column: string) => numberOf(line, column, at(column));
    yield* report.rows(dayOf(line, at(DATE)), { at, x, n: (column) => Math.round(x(column)) });
  }
}

async function* zipRows(reports: { name: string; csv: Csv; report: Report }[]): AsyncGenerator<ImportedRow> {
  for (const { name, csv, report } of reports) {
    try {
      yield* reportRows(csv, report);
    } catch (err) {
      throw inFile(name, err);
    }
  }
}

/**
 * Opens a GA4 report CSV, or a ZIP of them, and refuses at once a report without a Date column or
 * of a kind not read. The ga4 format (./ga4.ts) hands it every file that is not the BigQuery export.
 */
export const ga4Report: Importer = async (src) => {
  if (!(await zipped(src))) {
    const csv = await openCsv(src, [], true);
    return { kind: "days", rows: reportRows(csv, reportOf(csv, csv.headerLine)) };
  }
  const reports = [];
  for (const entry of await zipEntries(src)) {
    if (entry.name.startsWith("._") || !entry.name.toLowerCase().endsWith(".csv")) continue;
    try {
      const csv = await csvOf(entry.bytes(), [], true);
      reports.push({ name: entry.name, csv, report: reportOf(csv, csv.headerLine) });
    } catch (err) {
      throw inFile(entry.name, err);
    }
  }
  if (!reports.length) throw new ImportFault(0, "the ZIP holds no CSV file");
  return { kind: "days", rows: zipRows(reports) };
};
