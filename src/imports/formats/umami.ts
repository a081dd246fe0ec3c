// Umami's data export: its website_event table as CSV, one row per page view or event with the
// session's columns beside it (umami-software/umami db/clickhouse/schema.sql, website_event; the
// Postgres schema's website_event and session name the same columns). event_type 1 is a page view,
// 2 a custom event; the link and pixel types (3, 4) count other pages than the site's and are
// skipped. Session, visit and distinct ids are never kept.
import { ImportFault, type ImportedHit } from "../model";
import type { Importer } from "./types";
import { cellsBy, isoDate, openCsv, shown, type Csv } from "./read";

const REQUIRED = ["created_at", "url_path", "event_type"] as const;

/** The visits whose first page view was seen; a bounded window, as an export lists a visit's rows close together. */
const VISITS_KEPT = 100_000;

async function* hits(csv: Csv): AsyncGenerator<ImportedHit> {
  const row = cellsBy(csv, ["visit_id", "url_query", "referrer_domain", "referrer_path", "utm_source", "utm_medium", "utm_campaign",
    "country", "language", "browser", "os", "device", "screen", "event_name", ...REQUIRED]);
  // NOTE: Umami has no "new visit" flag: a visit's first page view is its arrival. The visit ids are
  // held in memory for the read only, to tell that first view, and go nowhere.
  const seen = new Set<string>();
  for await (const { line, cells } of csv.rows) {
    const at = row(cells);
    const type = at("event_type");
    if (type !== "1" && type !== "2") {
      if (type === "3" || type === "4") continue;
      throw new ImportFault(line, `bad event_type ${shown(type)}`);
    }
    const time = isoDate(line, at("created_at"));
    const path = at("url_path") || "/";
    if (type === "2") {
      yield { time, kind: "event", path, eventName: at("event_name") };
      continue;
    }
    const visit = at("visit_id");
    if (seen.size >= VISITS_KEPT) seen.clear();
    const unique = visit ? !seen.has(visit) : undefined;
    if (visit) seen.add(visit);
    const query = at("url_query");
    const host = at("referrer_domain");
    yield {
      time,
      kind: "view",
      path: query ? `${path}?${query}` : path,
      referrer: host ? host + at("referrer_path") : undefined,
      utmSource: at("utm_source") || undefined,
      utmMedium: at("utm_medium") || undefined,
      utmCampaign: at("utm_campaign") || undefined,
      country: at("country") || undefined,
      language: at("language") || undefined,
      browser: at("browser"),
      os: at("os"),
      device: at("device"),
      screenWidth: Number.parseInt(at("screen"), 10) || undefined,
      unique,
    };
  }
}

export const umami: Importer = async (src) => ({ kind: "hits", hits: hits(await openCsv(src, REQUIRED)) });
