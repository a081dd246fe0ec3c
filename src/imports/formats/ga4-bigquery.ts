// Google Analytics 4's BigQuery export (the events_YYYYMMDD tables) as newline-delimited JSON, one
// event a line, in Google's published schema (developers.google.com/analytics/bigquery/event-schema):
// event_timestamp in microseconds (UTC), event_name, event_params[] of { key, value: { string_value,
// int_value, … } }, device, geo, collected_traffic_source. page_view events are page views; GA's
// own automatic and enhanced-measurement events (ANALYTICS_OWN) are skipped; every other event is
// counted by name. user_pseudo_id and user_id are never read.
import { ImportFault, type ImportedHit } from "../model";
import { countryCode } from "./figures";
import { lines, msDate } from "./read";
import type { Importer } from "./types";

/**
 * Events GA sends on its own: a visit's bookkeeping (session_start, first_visit, user_engagement)
 * and enhanced measurement (scroll, click, file_download, view_search_results, video_*, form_*).
 * NOTE: they describe page views already counted; counting them as events would bury a site's own.
 */
const ANALYTICS_OWN = new Set([
  "session_start", "first_visit", "user_engagement", "scroll", "click", "file_download", "view_search_results",
  "video_start", "video_progress", "video_complete", "form_start", "form_submit", "first_open", "screen_view",
]);

type Value = { string_value?: string | null; int_value?: string | number | null; double_value?: number | null; float_value?: number | null };
type Ga4Event = {
  event_timestamp?: string | number;
  event_name?: string;
  event_params?: { key?: string; value?: Value }[] | null;
  device?: { category?: string | null; operating_system?: string | null; language?: string | null; web_info?: { browser?: string | null } | null } | null;
  geo?: { country?: string | null } | null;
  collected_traffic_source?: { manual_source?: string | null; manual_medium?: string | null; manual_campaign_name?: string | null } | null;
};

const str = (v: string | null | undefined) => v?.trim() || undefined;

function param(e: Ga4Event, key: string): string | undefined {
  const v = e.event_params?.find((p) => p.key === key)?.value;
  if (!v) return undefined;
  const x = v.string_value ?? v.int_value ?? v.double_value ?? v.float_value;
  return x == null ? undefined : String(x);
}

/** A page_location's path and query (the fold reads utm_* from the query and drops the rest). */
function pathOf(location: string | undefined): string {
  if (!location) return "/";
  try {
    const url = new URL(location);
    return url.pathname + url.search;
  } catch {
    return location.startsWith("/") ? location : "/";
  }
}

function hitOf(line: number, text: string): ImportedHit | null {
  let e: Ga4Event;
  try {
    e = JSON.parse(text) as Ga4Event;
  } catch {
    throw new ImportFault(line, "not a JSON object");
  }
  if (typeof e !== "object" || e === null || typeof e.event_name !== "string") throw new ImportFault(line, 'missing field "event_name"');
  if (e.event_timestamp === undefined) throw new ImportFault(line, 'missing field "event_timestamp"');
  const time = msDate(line, Number(e.event_timestamp) / 1000, String(e.event_timestamp));
  const name = e.event_name;
  const path = pathOf(param(e, "page_location"));
  if (name !== "page_view") return ANALYTICS_OWN.has(name) ? null : { time, kind: "event", path, eventName: name };
  const source = e.collected_traffic_source;
  return {
    time,
    kind: "view",
    path,
    referrer: param(e, "page_referrer"),
    utmSource: str(source?.manual_source),
    utmMedium: str(source?.manual_medium),
    utmCampaign: str(source?.manual_campaign_name),
    country: countryCode(e.geo?.country ?? "") ?? undefined,
    language: str(e.device?.language),
    browser: str(e.device?.web_info?.browser),
    os: str(e.device?.operating_system),
    device: str(e.device?.category),
    // GA4 marks a session's first page view with entrances = 1.
    unique: param(e, "entrances") === "1",
  };
}

async function* hits(first: ImportedHit | null, rest: AsyncIterator<{ line: number; text: string }>): AsyncGenerator<ImportedHit> {
  if (first) yield first;
  for (let r = await rest.next(); !r.done; r = await rest.next()) {
    if (!r.value.text.trim()) continue;
    const hit = hitOf(r.value.line, r.value.text);
    if (hit) yield hit;
  }
}

/** Reads the file's first event before answering, so a file that is no GA4 export is refused at once. */
export const ga4BigQuery: Importer = async (src) => {
  const it = lines(src)[Symbol.asyncIterator]();
  let r = await it.next();
  while (!r.done && !r.value.text.trim()) r = await it.next();
  if (r.done) throw new ImportFault(0, "the file is empty");
  return { kind: "hits", hits: hits(hitOf(r.value.line, r.value.text), it) };
};
