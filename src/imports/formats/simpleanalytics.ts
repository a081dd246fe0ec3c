// Simple Analytics' CSV export of data points (docs.simpleanalytics.com/api/export-data-points, the
// "Export your data" page's file): one row per page view, or per event when the export is of events
// (its `datapoint` column names the event). The export holds the fields its maker picked, so only
// the time and the path are required; robots are skipped; session ids, uuids and user agents are
// never kept.
import type { ImportedHit } from "../model";
import type { Importer } from "./types";
import { cellsBy, isoDate, msDate, openCsv, type Csv } from "./read";
import { ImportFault } from "../model";

const yes = (v: string) => v === "true" || v === "1";
const num = (v: string) => Number.parseFloat(v) || undefined;

async function* hits(csv: Csv): AsyncGenerator<ImportedHit> {
  const cols = ["added_iso", "added_unix", "path", "query", "is_unique", "is_robot", "document_referrer", "referrer_hostname",
    "referrer_path", "utm_source", "utm_medium", "utm_campaign", "duration_seconds", "screen_width", "viewport_width",
    "user_agent", "device_type", "country_code", "browser_name", "os_name", "lang_language", "datapoint"];
  const row = cellsBy(csv, cols);
  const events = csv.col("datapoint") >= 0;
  const iso = csv.col("added_iso") >= 0;
  for await (const { line, cells } of csv.rows) {
    const at = row(cells);
    if (yes(at("is_robot"))) continue;
    const time = iso ? isoDate(line, at("added_iso")) : msDate(line, Number(at("added_unix")) * 1000, at("added_unix"));
    const path = at("path") || "/";
    if (events) {
      yield { time, kind: "event", path, eventName: at("datapoint") };
      continue;
    }
    const host = at("referrer_hostname");
    const query = at("query").replace(/^\?/, "");
    yield {
      time,
      kind: "view",
      path: query ? `${path}?${query}` : path,
      referrer: host ? host + at("referrer_path") : at("document_referrer"),
      utmSource: at("utm_source") || undefined,
      utmMedium: at("utm_medium") || undefined,
      utmCampaign: at("utm_campaign") || undefined,
      country: at("country_code") || undefined,
      language: at("lang_language") || undefined,
      userAgent: at("user_agent") || undefined,
      browser: at("browser_name"),
      os: at("os_name"),
      device: at("device_type"),
      screenWidth: num(at("screen_width")) ?? num(at("viewport_width")),
      unique: yes(at("is_unique")),
      durationMs: (num(at("duration_seconds")) ?? 0) * 1000,
    };
  }
}

export const simpleanalytics: Importer = async (src) => {
  const csv = await openCsv(src, ["path"]);
  if (csv.col("added_iso") < 0 && csv.col("added_unix") < 0) throw new ImportFault(1, 'missing column "added_iso"');
  return { kind: "hits", hits: hits(csv) };
};
