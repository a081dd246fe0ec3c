// Plausible's CSV export: a ZIP of imported_<table>_<first>_<last>.csv files (YYYYMMDD), one row per
// day and label, as plausible/analytics lib/plausible/exports.ex writes them and
// lib/plausible/imported/csv_importer.ex reads them back (by column name: the order differs between
// versions). Visits are the unique visits, visit_duration a day's seconds summed; exit pages and
// regions have no list here and are left out.
import { campaignOf, storedPath } from "../../collect";
import { ImportFault, type ImportedRow } from "../model";
import { browserName, deviceName, osName } from "../names";
import { countOf, countryCode, dayOf, rowOf, sourceOf, type Figures } from "./figures";
import { cellsBy, csvOf } from "./read";
import type { Importer } from "./types";
import { inFile, zipEntries, type ZipEntry } from "./zip";

type At = (column: string) => string;
/** A table: the columns its rows cannot do without (their label and the figure their list counts), the others it reads, its rows. */
type Table = { required: readonly string[]; columns: readonly string[]; rows(day: string, at: At, n: (column: string) => number): ImportedRow[] };

/**
 * A session table's figures. NOTE: country, device, browser and OS lists count page views, as the
 * collector's do; an export from before Plausible added `pageviews` to these tables counts visits.
 */
const visitFigures = (at: At, n: (column: string) => number): Figures => ({
  views: at("pageviews") === "" ? n("visits") : n("pageviews"),
  uniques: n("visits"),
  bounces: n("bounces"),
  durationMs: n("visit_duration") * 1000,
});
const SESSION = ["visits", "visit_duration", "bounces", "pageviews"] as const;

/** One list of a session table, by a label the collector names (rows it cannot name are left out). */
const listOf = (dim: "device" | "browser" | "os", column: string, name: (raw: string) => string | null): Table => ({
  required: [column, "visits"],
  columns: SESSION,
  rows: (day, at, n) => {
    const label = name(at(column));
    return label ? [rowOf(day, dim, label, "", visitFigures(at, n))] : [];
  },
});

/** The tables read, by name; "exit_pages" is Plausible's too, and left out (no list here). */
const TABLES: Record<string, Table | null> = {
  visitors: {
    required: ["pageviews", "visits"],
    columns: SESSION,
    rows: (day, at, n) => [rowOf(day, "total", "", "", visitFigures(at, n))],
  },
  pages: {
    required: ["page", "pageviews"],
    columns: ["visits", "visitors", "total_time_on_page"],
    // NOTE: an export from before `visits` counts the page's visitors; time on page came later still.
    rows: (day, at, n) => [rowOf(day, "page", storedPath(at("page") || "/").path, "", {
      views: n("pageviews"),
      uniques: at("visits") === "" ? n("visitors") : n("visits"),
      durationMs: n("total_time_on_page") * 1000,
    })],
  },
  entry_pages: {
    required: ["entry_page", "entrances"],
    columns: ["visit_duration", "bounces"],
    // An entry page's figure is its arrivals, as the fold counts them.
    rows: (day, at, n) => [rowOf(day, "entry", storedPath(at("entry_page") || "/").path, "", {
      views: n("entrances"), uniques: n("entrances"), bounces: n("bounces"), durationMs: n("visit_duration") * 1000,
    })],
  },
  sources: {
    required: ["source", "visits"],
    columns: ["referrer", "utm_source", "utm_medium", "utm_campaign", ...SESSION],
    rows: (day, at, n) => {
      // A source's visits are its arrivals. NOTE: the referrer column (a host and path) names the
      // host; `source` is Plausible's name for it ("Google"), or the utm_source without a referrer.
      const arrivals: Figures = { ...visitFigures(at, n), views: n("visits") };
      const { label, group } = sourceOf(at("referrer") || at("source"));
      const out = [rowOf(day, "referrer", label, group, arrivals)];
      const utm = campaignOf(new URLSearchParams({ utm_source: at("utm_source"), utm_medium: at("utm_medium"), utm_campaign: at("utm_campaign") }));
      if (!utm.utmCampaign) return out;
      out.push(rowOf(day, "campaign", utm.utmCampaign, "", arrivals));
      if (utm.utmSource) out.push(rowOf(day, "utm_source", utm.utmSource, "", arrivals));
      if (utm.utmMedium) out.push(rowOf(day, "utm_medium", utm.utmMedium, "", arrivals));
      return out;
    },
  },
  locations: {
    required: ["country", "visits"],
    columns: SESSION,
    rows: (day, at, n) => {
      const code = countryCode(at("country"));
      return code ? [rowOf(day, "country", code, "", visitFigures(at, n))] : [];
    },
  },
  devices: listOf("device", "device", deviceName),
  browsers: listOf("browser", "browser", browserName),
  operating_systems: listOf("os", "operating_system", osName),
  custom_events: {
    required: ["name", "events"],
    columns: ["link_url", "path", "visitors"],
    // NOTE: an outbound link's or a file download's URL is the event's value, as a tracked event's value is.
    rows: (day, at, n) => {
      const name = at("name").slice(0, 200);
      return name ? [rowOf(day, "event", name, (at("link_url") || at("path")).slice(0, 200), { views: n("events"), uniques: n("visitors") })] : [];
    },
  },
  exit_pages: null,
};

const FILE = /^(?:imported_)?([a-z_]+?)(?:_\d{8}_\d{8})?\.csv$/;

async function* rowsOf(entry: ZipEntry, table: Table): AsyncGenerator<ImportedRow> {
  const csv = await csvOf(entry.bytes(), ["date", ...table.required]);
  const cell = cellsBy(csv, ["date", ...table.required, ...table.columns]);
  for await (const { line, cells } of csv.rows) {
    const at = cell(cells);
    const day = dayOf(line, at("date"));
    yield* table.rows(day, at, (column) => countOf(line, column, at(column)));
  }
}

async function* rows(tables: [ZipEntry, string][]): AsyncGenerator<ImportedRow> {
  for (const [entry, name] of tables) {
    try {
      yield* rowsOf(entry, TABLES[name]!);
    } catch (err) {
      throw inFile(entry.name, err);
    }
  }
}

/** Refuses at once a file that is no ZIP, a file of another tool in it, and an export without its visitors table. */
export const plausible: Importer = async (src) => {
  const tables: [ZipEntry, string][] = [];
  for (const entry of await zipEntries(src)) {
    // NOTE: macOS's Archive Utility adds "._" shadow files; they hold no data.
    if (entry.name.startsWith("._")) continue;
    const name = FILE.exec(entry.name)?.[1];
    if (name === undefined || !(name in TABLES)) throw new ImportFault(0, `${entry.name} is not a file of Plausible's CSV export`);
    if (TABLES[name]) tables.push([entry, name]);
  }
  if (!tables.some(([, name]) => name === "visitors")) throw new ImportFault(0, "the ZIP has no imported_visitors file: upload the whole ZIP Plausible exported");
  // The totals first: a file that fails there fails before its lists are read.
  tables.sort(([, a], [, b]) => Number(b === "visitors") - Number(a === "visitors"));
  return { kind: "days", rows: rows(tables) };
};
