// Pure classification of what a page loaded: file groups, trackers (offline third-party-web
// dataset) and cookies. No browser types here, so it is tested without Chromium.
import { getEntity } from "third-party-web";
import { parseSetCookie as parseSetCookieHeader } from "cookie";
import { getDomain } from "tldts";

export const FILE_GROUPS = ["images", "scripts", "html", "styles", "fonts", "videos", "other"] as const;
export type FileGroup = (typeof FILE_GROUPS)[number];

/** Playwright's resourceType first, then the response content-type. */
export function fileGroup(resourceType: string, contentType: string | undefined): FileGroup {
  const mime = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (resourceType === "document" || mime === "text/html") return "html";
  if (resourceType === "stylesheet" || mime === "text/css") return "styles";
  if (resourceType === "script" || mime.includes("javascript")) return "scripts";
  if (resourceType === "image" || mime.startsWith("image/")) return "images";
  if (resourceType === "font" || mime.startsWith("font/") || mime.includes("woff")) return "fonts";
  if (mime.startsWith("video/") || (resourceType === "media" && !mime.startsWith("audio/"))) return "videos";
  return "other";
}

// NOTE: the categories that count as "blocked": what a tracker/ad blocker would stop. cdn,
// hosting, utility, video, content etc. are not (Google Fonts is cdn, Stripe utility).
const TRACKING = new Set(["ad", "analytics", "social", "marketing", "tag-manager"]);

type Tracker = { host: string; entity: string; category: string };

/** A tracker/ad request, unless it belongs to the same entity as the page (google.com on google.com). */
export function classifyTracker(requestUrl: string, pageUrl: string): Tracker | null {
  let host: string;
  try {
    host = new URL(requestUrl).hostname;
  } catch {
    return null;
  }
  // TRICKY: third-party-web matches on the host alone; drop the port so that fixture hosts like
  // www.google-analytics.com:8443 resolve to their entity.
  const entity = getEntity(`https://${host}/`);
  if (!entity || !TRACKING.has(entity.category)) return null;
  let pageHost = "";
  try {
    pageHost = new URL(pageUrl).hostname;
  } catch {}
  if (pageHost && getEntity(`https://${pageHost}/`)?.name === entity.name) return null;
  return { host, entity: entity.name, category: entity.category };
}

/** The registrable domain of a host by the Public Suffix List (shop.example.co.uk → example.co.uk),
 * which decides first from third party; an IP address or a bare name is its own site. */
export const siteOf = (host: string): string => getDomain(host, { allowPrivateDomains: true }) ?? host.toLowerCase();

type SetCookieAttempt = { name: string; domain: string; path: string; secure: boolean; httpOnly: boolean; sameSite?: string };

/** Parses one raw Set-Cookie header (values are never kept: they may identify a person). */
export function parseSetCookie(header: string, responseHost: string): SetCookieAttempt | null {
  const c = parseSetCookieHeader(header);
  if (!c.name) return null;
  return {
    name: c.name,
    domain: c.domain?.replace(/^\./, "") || responseHost,
    path: c.path || "/",
    secure: c.secure ?? false,
    httpOnly: c.httpOnly ?? false,
    ...(c.sameSite !== undefined ? { sameSite: String(c.sameSite) } : {}),
  };
}
