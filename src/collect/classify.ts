// The collector's rules for what a hit's parts mean, as pure functions: the page address as stored,
// its campaign, the referrer's source class, the language and the screen class. The pipeline's
// steps (./pipeline.ts) apply them to a beacon; an import (src/imports) applies them to another
// tool's rows, so that imported history is classified exactly as the site's own.
import { routeOf } from "../shared/route-fragment";
import type { SourceClass } from "../shared/stats";
import { classifyReferrer, EMAIL_MEDIUMS, parseReferrer, referrerHost, socialPost } from "./referrers";

const clip = (s: string | null | undefined, n: number) => (s ? s.slice(0, n) : null);

/**
 * A page address as stored, and its query string (null when empty). TRICKY: the query string is
 * dropped except utm_*, which the tracker keeps so that campaigns can be read here; of a fragment
 * (sent by data-hash sites) only a hash router's route is kept, whatever the client: an old or
 * hand-made one may send #access_token=… whole.
 */
export function storedPath(raw: string): { path: string; query: string | null } {
  const hashAt = raw.indexOf("#");
  const beforeHash = hashAt < 0 ? raw : raw.slice(0, hashAt);
  const q = beforeHash.indexOf("?");
  const path = clip((q < 0 ? beforeHash : beforeHash.slice(0, q)) + (hashAt < 0 ? "" : routeOf(raw.slice(hashAt))), 1024)!;
  return { path, query: q >= 0 && q < beforeHash.length - 1 ? beforeHash.slice(q + 1) : null };
}

type Campaign = { utmSource: string | null; utmMedium: string | null; utmCampaign: string | null };

/** The utm_* values of a page's query, lower-cased and clipped as stored. */
export const campaignOf = (query: URLSearchParams): Campaign => ({
  utmSource: clip(query.get("utm_source")?.toLowerCase(), 100),
  utmMedium: clip(query.get("utm_medium")?.toLowerCase(), 100),
  utmCampaign: clip(query.get("utm_campaign")?.toLowerCase(), 100),
});

/**
 * Where a page view came from: a page of the site itself (`fromPath`: an internal view, no source),
 * or elsewhere: the referrer's host (null for none), the public social post it names, and its source
 * class ("direct" without a referrer; "email" for a campaign whose medium says so).
 * NOTE: a referrer that is a path is the route before a client-side navigation, which the tracker
 * sends instead of a referrer; like a same-site referrer it makes an internal page view, so source
 * lists count arrivals, and the page it names is where the view came from.
 */
type Arrival =
  | { fromPath: string }
  | { fromPath?: undefined; host: string | null; post: string | null; source: SourceClass };

/** The source of a page view of `domain` with referrer `r` (a URL, a path or nothing). */
export function arrivalOf(r: string | undefined, domain: string, utmMedium: string | null): Arrival {
  if (r?.startsWith("/")) return { fromPath: storedPath(r).path };
  const url = parseReferrer(r);
  const host = url && referrerHost(url);
  if (host === domain.toLowerCase().replace(/^www\./, "")) return { fromPath: storedPath(url!.pathname).path };
  const source: SourceClass = utmMedium && EMAIL_MEDIUMS.has(utmMedium) ? "email" : host ? classifyReferrer(host, url.pathname).source : "direct";
  return { host: clip(host, 253), post: url && clip(socialPost(url), 512), source };
}

/** The primary language subtag of a browser language ("pt-BR" → "pt"), or null. */
export function languageOf(l: string | undefined): string | null {
  const lang = l?.split(/[-_]/)[0]?.toLowerCase();
  return lang && /^[a-z]{2,3}$/.test(lang) ? lang : null;
}

/** Screen-size buckets: 1024px or less, 1024-2400px, 2400px or more. */
export const screenOf = (w: number): "s" | "m" | "l" => (w <= 1024 ? "s" : w < 2400 ? "m" : "l");

/** The device a screen width suggests, for a hit whose user agent did not tell. */
export const deviceOfWidth = (w: number): "mobile" | "tablet" | "desktop" => (w < 768 ? "mobile" : w <= 1024 ? "tablet" : "desktop");
