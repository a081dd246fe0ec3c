// A site's carbon.txt (https://carbontxt.org): the sustainability claims a site publishes about itself
// (its organisation's disclosures) and about the providers it runs on (its upstream services). Read
// from {origin}/carbon.txt, then {origin}/.well-known/carbon.txt, and parsed with Bun's TOML parser.
// The GET is injected, not imported: the caller passes the inspector's SSRF-guarded getter, so this
// room needs no import of the inspector's (and a carbon.txt on an internal address is never read).
// Every failure is a value: nothing found, unreachable, or invalid with a message a person can act on.
import { httpLink } from "../shared/links";

/** One GET as the inspector's guardedGetter does it: never throws, answers a redirect unfollowed. */
export type CarbonTxtGet = (
  url: URL,
  limits: { timeoutMs: number; maxBytes: number },
) => Promise<{ ok: true; status: number; location: string | null; body: string } | { ok: false; message: string }>;

type Disclosure = { docType: string; url: string | null; domain: string | null; validUntil: string | null };
type UpstreamService = { domain: string; serviceType: string | null };

export type CarbonTxt =
  | { status: "none" }
  | { status: "unreachable"; message: string }
  | { status: "invalid"; url: string; message: string }
  | { status: "found"; url: string; version: string | null; disclosures: Disclosure[]; services: UpstreamService[] };

// NOTE: a carbon.txt is a few lines; 64 kB is far past any real one and bounds what we parse and store.
const CARBON_TXT_MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 4000;
const MAX_REDIRECTS = 2;
// NOTE: what we keep is shown and stored, so a hostile file cannot make either large.
const MAX_ITEMS = 50;
const MAX_TEXT = 300;
const MAX_URL = 2000;
const PATHS = ["/carbon.txt", "/.well-known/carbon.txt"] as const;

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, MAX_TEXT) : null);
const tables = (v: unknown): Table[] => (Array.isArray(v) ? v.filter(isTable).slice(0, MAX_ITEMS) : []);

/** An http(s) link or null: a claim's URL is rendered as a link, so no javascript: or data: ever. */
const safeLink = (raw: unknown): string | null => httpLink(text(raw));

/** A TOML date as YYYY-MM-DD, or null. Bun parses an unquoted TOML date to a Temporal object, whose
 * toString is ISO 8601 (its valueOf throws, so it is only ever turned into a string). */
function day(v: unknown): string | null {
  const value = text(typeof v === "object" && v !== null && !Array.isArray(v) ? String(v) : v);
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

type Parsed = { ok: true; version: string | null; disclosures: Disclosure[]; services: UpstreamService[] } | { ok: false; message: string };

/**
 * The claims of a carbon.txt's text. The current syntax has `[org] disclosures` (doc_type, url,
 * domain, valid_until) and `[upstream] services` (domain, service_type); the older 0.1 syntax had
 * `[org] credentials` (doctype) and `[upstream] providers` (service), still found on live sites, so
 * both are read.
 */
export function parseCarbonTxt(body: string): Parsed {
  let doc: unknown;
  try {
    doc = Bun.TOML.parse(body);
  } catch (err) {
    return { ok: false, message: `not valid TOML: ${err instanceof Error ? err.message : String(err)}`.slice(0, MAX_TEXT) };
  }
  if (!isTable(doc)) return { ok: false, message: "not valid TOML" };
  const org = isTable(doc.org) ? doc.org : {};
  const upstream = isTable(doc.upstream) ? doc.upstream : {};
  if (!isTable(doc.org) && !isTable(doc.upstream)) return { ok: false, message: "neither an [org] nor an [upstream] section" };
  const disclosures = [...tables(org.disclosures), ...tables(org.credentials)].slice(0, MAX_ITEMS).map((d) => ({
    docType: text(d.doc_type) ?? text(d.doctype) ?? "document",
    url: safeLink(d.url),
    domain: text(d.domain),
    validUntil: day(d.valid_until),
  }));
  const services = [...tables(upstream.services), ...tables(upstream.providers)]
    .slice(0, MAX_ITEMS)
    .flatMap((s) => {
      const domain = text(s.domain);
      return domain ? [{ domain, serviceType: text(s.service_type) ?? text(s.service) }] : [];
    });
  const version = typeof doc.version === "string" || typeof doc.version === "number" ? String(doc.version).slice(0, 20) : null;
  return { ok: true, version, disclosures, services };
}

// NOTE: many sites answer every path with their HTML page (a 200 for a missing file); that is "no
// carbon.txt", not an invalid one.
const looksLikeHtml = (body: string) => /^\s*(<!doctype|<html|<head|<body|<)/i.test(body);

type Fetched = { kind: "body"; url: URL; body: string } | { kind: "missing" } | { kind: "failed"; message: string };

/** One path's file, redirects followed (each hop checked by the guard again), within the deadline. */
async function fetchOne(get: CarbonTxtGet, start: URL, deadline: number): Promise<Fetched> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const timeoutMs = deadline - Date.now();
    if (timeoutMs <= 0) return { kind: "failed", message: "no answer in time" };
    const got = await get(url, { timeoutMs, maxBytes: CARBON_TXT_MAX_BYTES });
    if (!got.ok) return { kind: "failed", message: got.message };
    if (got.status >= 300 && got.status < 400 && got.location) {
      try {
        url = new URL(got.location, url);
      } catch {
        return { kind: "missing" };
      }
      continue;
    }
    // NOTE: a redirect's URL is stored and shown; an absurdly long one is not a carbon.txt.
    if (got.status !== 200 || looksLikeHtml(got.body) || url.href.length > MAX_URL) return { kind: "missing" };
    return { kind: "body", url, body: got.body };
  }
  return { kind: "missing" };
}

/** The carbon.txt of the site at `origin` (scheme, host and port; its path is ignored). */
export async function lookupCarbonTxt(origin: URL, get: CarbonTxtGet, timeoutMs = TIMEOUT_MS): Promise<CarbonTxt> {
  const deadline = Date.now() + timeoutMs;
  let failure: string | null = null;
  for (const path of PATHS) {
    const got = await fetchOne(get, new URL(path, origin.origin), deadline);
    if (got.kind === "failed") {
      failure ??= got.message.slice(0, MAX_TEXT);
      continue;
    }
    if (got.kind === "missing") continue;
    if (Buffer.byteLength(got.body) >= CARBON_TXT_MAX_BYTES) {
      return { status: "invalid", url: got.url.href, message: `larger than ${CARBON_TXT_MAX_BYTES / 1024} kB` };
    }
    const parsed = parseCarbonTxt(got.body);
    if (!parsed.ok) return { status: "invalid", url: got.url.href, message: parsed.message };
    return { status: "found", url: got.url.href, version: parsed.version, disclosures: parsed.disclosures, services: parsed.services };
  }
  return failure ? { status: "unreachable", message: failure } : { status: "none" };
}
