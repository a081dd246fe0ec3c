// The cells of the tools that export days of figures (Plausible, Matomo, Fathom, GA4's report CSVs):
// a day, a count, a source as the collector classes it, a country as its ISO code; and an
// ImportedRow made of them. A cell that is not what its column says is an ImportFault naming the line.
import ct from "countries-and-timezones";
import { classifyReferrer, hostOfReferrerName } from "../../collect";
import { dayMs } from "../../shared/days";
import { ImportFault, type ImportedDim, type ImportedRow } from "../model";
import { shown } from "./read";

export type Figures = Partial<Pick<ImportedRow, "views" | "uniques" | "bounces" | "durationMs">>;

/** A row of the day's figures; a figure the file does not give is 0. */
export const rowOf = (day: string, dim: ImportedDim, label: string, group: string, f: Figures): ImportedRow =>
  ({ day, dim, label, group, views: f.views ?? 0, uniques: f.uniques ?? 0, bounces: f.bounces ?? 0, durationMs: f.durationMs ?? 0 });

/** A day as YYYY-MM-DD, from YYYY-MM-DD or GA4's YYYYMMDD; a day the calendar does not have is refused. */
export function dayOf(line: number, raw: string): string {
  const v = raw.trim();
  const day = /^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6)}` : v;
  if (dayMs(day) === null) throw new ImportFault(line, `bad date ${shown(raw)}`);
  return day;
}

/** A number ≥ 0 (an average, a rate); an empty cell is 0. */
export function numberOf(line: number, column: string, raw: string | number | undefined): number {
  const v = typeof raw === "number" ? raw : (raw ?? "").trim();
  if (v === "") return 0;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new ImportFault(line, `bad number ${shown(String(raw))} in "${column}"`);
  return n;
}

/** A count ≥ 0 (rounded: some tools scale sampled counts); an empty cell is 0. */
export const countOf = (line: number, column: string, raw: string | number | undefined): number => Math.round(numberOf(line, column, raw));

/** How the tools write "no referrer". */
const DIRECT = new Set(["", "direct", "(direct)", "direct / none", "(none)", "direct entry", "direct entries"]);

/** A bare host ("news.ycombinator.com", "t.co/abc", "https://www.google.com/"): its host, lower case, without "www."; else null. */
function hostIn(v: string): { host: string; path: string } | null {
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^\s/?#:]+\.[^\s/?#:]+)(?::\d+)?(\/[^\s?#]*)?/i.exec(v);
  return m ? { host: m[1]!.toLowerCase().replace(/^www\./, ""), path: m[2] ?? "/" } : null;
}

/**
 * A source as a referrer row's label and source class: a host as the file has it, or a name the
 * referrer lists know ("Google" → google.com), classed by the collector's rules; none is "direct".
 * NOTE: a name the lists do not know (a utm_source such as "newsletter") keeps its name, class unknown.
 */
export function sourceOf(raw: string): { label: string; group: string } {
  const v = raw.trim();
  if (DIRECT.has(v.toLowerCase())) return { label: "direct", group: "direct" };
  const at = hostIn(v);
  const host = at?.host ?? hostOfReferrerName(v);
  if (!host) return { label: v.slice(0, 200), group: "unknown" };
  return { label: host, group: classifyReferrer(host, at?.path).source };
}

/**
 * English country names to ISO 3166 alpha-2: Intl's names and the zone list's, over the zone list's
 * countries (GA4 writes a country's English name). A two-letter code stays itself.
 */
const COUNTRIES = (() => {
  const names = new Intl.DisplayNames("en", { type: "region" });
  const map = new Map<string, string>();
  for (const c of Object.values(ct.getAllCountries())) {
    map.set(c.id.toLowerCase(), c.id);
    map.set(c.name.toLowerCase(), c.id);
    const intl = names.of(c.id);
    if (intl) map.set(intl.toLowerCase(), c.id);
  }
  return map;
})();

/** A country's ISO 3166 alpha-2 code from its code (any case) or English name; null for "(not set)" and the unknown. */
export const countryCode = (raw: string): string | null => COUNTRIES.get(raw.trim().toLowerCase()) ?? null;
