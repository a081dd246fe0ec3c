// Single page views and events of a per-event file, folded into days of figures per list and label
// (ImportedRow). Each hit is classified by the collector's own rules (src/collect: stored path,
// campaign, source of an arrival, user agent, language, screen class), then only its counts are
// kept: memory grows with the distinct (day, list, group, label) keys, never with the rows.
import { arrivalOf, campaignOf, deviceOfWidth, languageOf, parseAgent, screenOf, storedPath, type Agent } from "../collect";
import { localTime } from "../shared/days";
import type { ImportedDim, ImportedHit, ImportedRow } from "./model";
import { browserName, deviceName, osName } from "./names";

/**
 * A hit's referrer as the collector reads it: a URL, or a path of the site. NOTE: files often give a
 * bare host ("news.ycombinator.com" or "t.co/abc"), which becomes an https URL.
 */
function referrerUrl(r: string | undefined): string | undefined {
  const ref = r?.trim();
  if (!ref) return undefined;
  return ref.startsWith("/") || /^[a-z][a-z0-9+.-]*:\/\//i.test(ref) ? ref : `https://${ref}`;
}

/** The hit's campaign: the file's own utm columns, else the utm_* of the page's query, as the collector reads them. */
function campaignOfHit(hit: ImportedHit, query: string | null) {
  if (!query && !hit.utmSource && !hit.utmMedium && !hit.utmCampaign) return null;
  const q = new URLSearchParams(query ?? "");
  if (hit.utmSource) q.set("utm_source", hit.utmSource);
  if (hit.utmMedium) q.set("utm_medium", hit.utmMedium);
  if (hit.utmCampaign) q.set("utm_campaign", hit.utmCampaign);
  return campaignOf(q);
}

/**
 * `f` remembered for its last keys. NOTE: a file repeats a few hundred referrers, browser and OS
 * names a million times; parsing each again cost a third of the fold.
 */
function remembered<V>(f: (key: string) => V, max = 10_000): (key: string) => V {
  const known = new Map<string, V>();
  return (key) => {
    let v = known.get(key);
    if (v === undefined && !known.has(key)) {
      if (known.size >= max) known.clear();
      known.set(key, (v = f(key)));
    }
    return v as V;
  };
}

type Measures = Pick<ImportedRow, "views" | "uniques" | "bounces" | "durationMs">;
const ONE: Measures = { views: 1, uniques: 0, bounces: 0, durationMs: 0 };

type Fold = { add(hit: ImportedHit): void; rows(): ImportedRow[] };

/** A fold for a domain (its name makes same-site referrers internal) whose local days are in `zone`. */
export function createFold(zone: string, domain: string): Fold {
  const browserOf = remembered(browserName);
  const osOf = remembered(osName);
  // The key is the referrer and the campaign's medium, which can make an arrival "email".
  const arrivalFrom = remembered((key) => {
    const at = key.indexOf("\0");
    return arrivalOf(referrerUrl(key.slice(0, at)), domain, key.slice(at + 1) || null);
  });
  // NOTE: a file lists its rows in time order: the last quarter hour's day is the next row's too.
  let quarter = NaN;
  let quarterDay = "";
  const dayOf = (ms: number) => {
    const q = Math.floor(ms / 900_000);
    if (q !== quarter) {
      quarter = q;
      quarterDay = localTime(zone, ms).day;
    }
    return quarterDay;
  };
  // NOTE: day → list → group → label, each level a map, down to the row itself: no key is built
  // per hit; a key string of all four beside each row took ~380 bytes a row.
  const days = new Map<string, Map<ImportedDim, Map<string, Map<string, ImportedRow>>>>();
  const count = (day: string, dim: ImportedDim, label: string, group: string, m: Measures = ONE) => {
    let dims = days.get(day);
    if (!dims) days.set(day, (dims = new Map()));
    let groups = dims.get(dim);
    if (!groups) dims.set(dim, (groups = new Map()));
    let labels = groups.get(group);
    if (!labels) groups.set(group, (labels = new Map()));
    const had = labels.get(label);
    if (had) {
      had.views += m.views;
      had.uniques += m.uniques;
      had.bounces += m.bounces;
      had.durationMs += m.durationMs;
    } else labels.set(label, { day, dim, label, group, ...m });
  };

  /** The page, its arrival (source, referrer, entry page) and its campaign. */
  const addPage = (day: string, hit: ImportedHit) => {
    const { path, query } = storedPath(hit.path || "/");
    const campaign = campaignOfHit(hit, query);
    const from = arrivalFrom(`${hit.referrer ?? ""}\0${campaign?.utmMedium ?? ""}`);
    // NOTE: a view with no referrer is an arrival (direct) only when the file says it began a
    // visit: files give no referrer for a click from page to page either. A same-site referrer
    // never makes an arrival nor a unique visit, as in the pipeline.
    const arrival = from.fromPath === undefined && (hit.unique === true || from.host !== null) ? from : null;
    const m: Measures = {
      views: 1,
      uniques: hit.unique === true && from.fromPath === undefined ? 1 : 0,
      bounces: hit.bounce === true ? 1 : 0,
      durationMs: Math.max(0, Math.round(hit.durationMs ?? 0)),
    };
    count(day, "total", "", "", m);
    count(day, "page", path, "", m);
    if (!arrival) return;
    const label = arrival.source === "direct" ? "direct" : (arrival.host ?? "unknown");
    count(day, "entry", path, label);
    count(day, "referrer", label, arrival.source);
    if (!campaign?.utmCampaign) return;
    count(day, "campaign", campaign.utmCampaign, "");
    if (campaign.utmSource) count(day, "utm_source", campaign.utmSource, "");
    if (campaign.utmMedium) count(day, "utm_medium", campaign.utmMedium, "");
  };

  /** Where the visitor was and what they used: country, language, browser, OS, screen and device. */
  const addVisitor = (day: string, hit: ImportedHit, agent: Agent | null) => {
    const country = hit.country?.trim().toUpperCase();
    if (country && /^[A-Z]{2}$/.test(country)) count(day, "country", country, "");
    const language = languageOf(hit.language);
    if (language) count(day, "language", language, "");
    const browser = agent ? agent.browser : browserOf(hit.browser ?? "");
    if (browser) count(day, "browser", browser, "");
    const os = agent ? agent.os : osOf(hit.os ?? "");
    if (os) count(day, "os", os, "");
    const width = hit.screenWidth && hit.screenWidth > 0 ? hit.screenWidth : null;
    if (width) count(day, "screen", screenOf(width), "");
    const device = (agent ? agent.device : deviceName(hit.device)) ?? (width ? deviceOfWidth(width) : null);
    if (device) count(day, "device", device, "");
  };

  return {
    add(hit) {
      // The user-agent string is read here once and goes no further. NOTE: the collector drops
      // what a user agent calls a bot; so does an import.
      const agent = hit.userAgent ? parseAgent(hit.userAgent) : null;
      if (agent?.bot) return;
      const day = dayOf(hit.time.getTime());
      if (hit.kind === "view") {
        addPage(day, hit);
        addVisitor(day, hit, agent);
        return;
      }
      const event = hit.eventName?.trim().slice(0, 200);
      if (event) count(day, "event", event, hit.eventValue?.slice(0, 200) ?? "");
    },
    rows() {
      const rows: ImportedRow[] = [];
      for (const dims of days.values()) {
        for (const groups of dims.values()) for (const labels of groups.values()) for (const row of labels.values()) rows.push(row);
      }
      return rows;
    },
  };
}
