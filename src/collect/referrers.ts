// Referrer host, source class (the SUMMARY source: direct, search, social, email, ai, jobs, unknown)
// and a readable name (Google, Gmail, ChatGPT, Indeed). Two tables are looked up, level by level from
// the full host up to its registrable part: ours (referrer-hosts.ts: webmail, job boards, app
// referrers, what the lists miss) before the one generated from Matomo's CC0 lists
// (referrer-lists.json, referrer-lists.gen.ts). An Android app's package id is looked up from its
// start instead (com.facebook.katana.beta under com.facebook.katana), then read as a web host.
import type { SourceClass } from "../shared/stats";
import GENERATED from "./referrer-lists.json";
import { APP_ROOT, CC_END, CC_START, NOT_SEARCH_PARTS, OWN_HOSTS, SEARCH_PORTALS, WEB_END, WEBMAIL_HOST } from "./referrer-hosts";

type Known = Exclude<SourceClass, "direct">;
/** A classified referrer: its class and, when a table knows the host, its name. */
type Referrer = { source: Known; name: string | null };
type Table = { hosts: Map<string, Referrer>; paths: [string, Referrer][] };

/** Classes in the order a host listed twice is taken (an AI assistant may be listed as search too). */
const CLASSES = ["email", "ai", "jobs", "social", "search"] as const;

function tableOf(lists: Partial<Record<(typeof CLASSES)[number], Record<string, string[]>>>): Table {
  const table: Table = { hosts: new Map(), paths: [] };
  for (const source of CLASSES) {
    for (const [name, hosts] of Object.entries(lists[source] ?? {})) {
      for (const host of hosts) {
        const entry = { source, name };
        if (host.includes("/")) table.paths.push([host, entry]);
        else if (!table.hosts.has(host)) table.hosts.set(host, entry);
      }
    }
  }
  return table;
}

const OWN = tableOf(OWN_HOSTS);
const LISTED = tableOf(GENERATED);
/** Hosts with an entry that names a path too: only their (and their subdomains') referrers' paths are read. */
const PATH_HOSTS = new Set([...OWN.paths, ...LISTED.paths].map(([prefix]) => prefix.split("/")[0]!));
const readsPath = (host: string) => host.split(".").some((_, i, labels) => PATH_HOSTS.has(labels.slice(i).join(".")));

/** The keys a host may be listed under: itself and its "{}" forms. */
function keys(host: string): string[] {
  const out = [host];
  const end = host.replace(CC_END, ".{}");
  if (end !== host && end !== ".{}") out.push(end);
  for (const h of [...out]) {
    const start = h.replace(CC_START, "{}.");
    if (start !== h && start.includes(".")) out.push(start);
  }
  return out;
}

function find(table: Table, host: string, path: string): Referrer | null {
  for (const [prefix, entry] of table.paths) if ((host + path).startsWith(prefix)) return entry;
  for (const key of keys(host)) {
    const hit = table.hosts.get(key);
    if (hit) return hit;
  }
  return null;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const UNKNOWN: Referrer = { source: "unknown", name: null };

function lookup(host: string, path: string): Referrer {
  const labels = host.split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    const level = labels.slice(i).join(".");
    const hit = find(OWN, level, path) ?? (i === 0 && WEBMAIL_HOST.test(host) ? { source: "email" as const, name: "Webmail" } : null) ?? find(LISTED, level, path);
    if (!hit) continue;
    // maps.google.com, news.yahoo.com: a search company's other services are ordinary referrers, and
    // so is any subdomain of a portal but a country's or the mobile home (uk.yahoo.com, m.yahoo.com).
    const part = labels[0]!;
    const portalService = i > 0 && SEARCH_PORTALS.has(level) && !CC_START.test(host) && part !== "m";
    if (hit.source === "search" && labels.length > 2 && (NOT_SEARCH_PARTS.has(part) || portalService)) {
      return { source: "unknown", name: hit.name!.toLowerCase().endsWith(part) ? hit.name : `${hit.name} ${cap(part)}` };
    }
    return hit;
  }
  return UNKNOWN;
}

/** An Android package id (android-app://{id}): reverse-DNS root first, no web ending last. */
const isAppId = (host: string) => APP_ROOT.test(host) && !WEB_END.test(host);

function lookupApp(id: string): Referrer {
  const labels = id.split(".");
  // A listed id or one of its parents: com.facebook.katana.beta is Facebook, org.telegram.plus Telegram.
  for (let n = labels.length; n >= 2; n--) {
    const prefix = labels.slice(0, n).join(".");
    const hit = find(OWN, prefix, "/") ?? find(LISTED, prefix, "/");
    if (hit) return hit;
  }
  // com.ionos.mail reads as mail.ionos.com; a search company's apps are too many other things.
  const web = lookup(labels.reverse().join("."), "/");
  return web.source === "search" || web.source === "unknown" ? UNKNOWN : web;
}

// NOTE: a busy site sees a few hundred distinct referrer hosts; the walk costs a dozen map lookups.
const cache = new Map<string, Referrer>();

/** The class and name of a referrer host (lower case, no "www."); `path` only matters for a few entries (x.com/i/grok). */
export function classifyReferrer(host: string, path = "/"): Referrer {
  // NOTE: paths are cut to three segments, so the cache holds a host's few listed paths, not every page.
  const at = readsPath(host) ? path.split("/").slice(0, 4).join("/") : "/";
  const key = at === "/" ? host : `${host}${at}`;
  const known = cache.get(key);
  if (known) return known;
  const found = isAppId(host) ? lookupApp(host) : lookup(host, at);
  if (cache.size > 10_000) cache.clear();
  cache.set(key, found);
  return found;
}

/**
 * The lists' names (lower case) to the first web host listed under each: Google → google.com. NOTE:
 * tools that export aggregates often name a source ("Google", "bing") instead of giving its host.
 */
const nameKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}+]+/gu, "");
const HOST_OF_NAME = (() => {
  const out = new Map<string, string>();
  // NOTE: the generated lists first: they list a network's own host first (facebook.com, not fb.com).
  for (const table of [LISTED, OWN]) {
    for (const [host, { name }] of table.hosts) {
      const key = name && nameKey(name);
      if (key && !out.has(key) && !host.includes("{}") && !isAppId(host)) out.set(key, host);
    }
  }
  return out;
})();

/** The host a referrer's name stands for, as the lists know it ("Hacker News" → news.ycombinator.com), or null. */
export const hostOfReferrerName = (name: string): string | null => HOST_OF_NAME.get(nameKey(name)) ?? null;

/** The source class of a referrer host. */
export const classifyHost = (host: string): Known => classifyReferrer(host).source;

/** The referrer as a URL; null when it is empty or not a URL. Parsed once per hit for both uses below. */
export function parseReferrer(referrer: string | undefined): URL | null {
  if (!referrer) return null;
  try {
    return new URL(referrer);
  } catch {
    return null;
  }
}

/** Lower-cased host of a referrer without "www."; null when it has none. */
export function referrerHost(url: URL): string | null {
  return url.hostname.toLowerCase().replace(/^www\./, "") || null;
}

// Public social posts a referrer may point at. A post URL names a public post, never
// the visitor, so it may be stored; anything else keeps only its host.
const POSTS: { host: RegExp; path: RegExp }[] = [
  // x.com/{user}/status/{id}, also twitter.com and mobile.twitter.com
  { host: /^(x\.com|(mobile\.)?twitter\.com)$/, path: /^\/[A-Za-z0-9_]{1,15}\/status\/\d{1,25}$/ },
  // Mastodon and other ActivityPub servers: {server}/@{user}/{id}
  { host: /./, path: /^\/@[A-Za-z0-9_.-]{1,64}\/\d{1,25}$/ },
  // Bluesky: bsky.app/profile/{handle or did}/post/{rkey}
  { host: /^bsky\.app$/, path: /^\/profile\/[A-Za-z0-9_.:-]{1,253}\/post\/[a-z0-9]{1,32}$/ },
];

/** The canonical URL of a public social post the referrer points at (no query, no fragment), or null. */
export function socialPost(url: URL): string | null {
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const path = url.pathname.replace(/\/$/, "");
  return POSTS.some((p) => p.host.test(host) && p.path.test(path)) ? `https://${host}${path}` : null;
}

/** utm_medium values that mark a campaign as email even without a known mail host. */
export const EMAIL_MEDIUMS = new Set(["email", "e-mail", "newsletter", "mail"]);
