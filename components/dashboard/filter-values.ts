// The filters as the dashboard shows them: a stored value under the name its list shows ("search"
// as "Search", "FR" as "France", "s" as "1024px or less", a goal's id as its name), a filter in
// those words for its chip, and each dimension's values in the current answers for the Filter menu's picker.
import { addIs, describeFilter, MAX_FILTERS, type Filter, type FilterDimension, type FilterOperator, type HitDimension } from "../../src/shared/filters";
import type { Goal, GoalRow } from "../../src/shared/goals";
import { DEVICE_NAMES, LOCKED, SOURCE_NAMES, type DeviceClass, type ListRow, type PathStats, type RefStats, type SourceClass, type SummaryStats } from "../../src/shared/stats";
import type { GoalsLoaded } from "./load";
import { countryName, languageName } from "./widgets/countries";

/** The screen-width buckets as the Desktop Sizes section names them. */
export const SCREEN_NAMES: Record<"s" | "m" | "l", string> = { s: "1024px or less", m: "1024–2400px", l: "2400px or more" };

/** `value` of `dim` as the dashboard's lists show it. */
export function valueName(dim: FilterDimension, value: string): string {
  switch (dim) {
    case "source":
      return SOURCE_NAMES[value as SourceClass] ?? value;
    case "device":
      return DEVICE_NAMES[value as DeviceClass] ?? value;
    case "country":
      return countryName(value);
    case "language":
      return languageName(value);
    case "screen":
      return SCREEN_NAMES[value as "s"] ?? (value === "unknown" ? "Unknown" : value);
    case "referrer":
      return value === "direct" ? "Direct / none" : value === "unknown" ? "Unknown" : value;
    default:
      return value;
  }
}

/** What a goal matches, in words: "Page /blog/**", "Event signup = pro". */
export const goalMatch = (g: Goal) => (g.kind === "page" ? `Page ${g.match}` : `Event ${g.match}${g.value === null ? "" : ` = ${g.value}`}`);

/** The goals the Goals section has (none while they load, locked or failed). */
export const goalRows = (goals: GoalsLoaded | undefined): GoalRow[] => (goals && "rows" in goals && goals.rows !== LOCKED ? goals.rows : []);

/**
 * A filter in words with its values' names, as its chip says it: "Source is Search or Social",
 * "Goal is Signed up" (by the id when `goals` lacks it).
 */
export const filterWords = ([op, dim, values]: Filter, goals: readonly Goal[] = []): string =>
  describeFilter([op, dim, values.map((v) => valueName(dim, v))], goals);

/**
 * `filters` with `op value` on `dim`: `is` merges into the dimension's `is` filter (addIs); any
 * other is a filter of its own (two `is not` filters exclude both values, as one with both would).
 */
export function addFilter(filters: Filter[], op: FilterOperator, dim: FilterDimension, value: string): Filter[] {
  if (op === "is") return addIs(filters, dim, value);
  const same = filters.some(([o, d, values]) => o === op && d === dim && values.includes(value));
  return same || filters.length >= MAX_FILTERS ? filters : [...filters, [op, dim, [value]]];
}

export type Answers = { summary?: SummaryStats; path?: PathStats; ref?: RefStats; goals?: GoalsLoaded };
/** `hint`: what the picker shows beside the name (the value itself when absent). */
export type ValueOption = { value: string; name: string; hint?: string };

const labels = (rows: ListRow[] | undefined) => (rows ?? []).map((r) => r.label);
const counted = (map: Record<string, number> | undefined) => Object.entries(map ?? {}).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).map(([k]) => k);

/** The values of `dim` the current answers hold, biggest first, each once. */
export function dimensionValues(dim: FilterDimension, { summary, path, ref, goals }: Answers): ValueOption[] {
  // NOTE: a goal is picked by its name; its id is no use to the reader, what it matches is.
  if (dim === "goal") return goalRows(goals).map((g) => ({ value: String(g.id), name: g.name, hint: goalMatch(g) }));
  const found: Record<HitDimension, () => string[]> = {
    // NOTE: the answers hold no list of entry pages (REF's come per row); the pages stand in.
    page: () => labels(path?.path),
    entry_page: () => labels(path?.path),
    referrer: () => labels(ref?.result).filter((l) => l !== "redacted"),
    source: () => counted(summary?.source),
    utm_source: () => (ref?.campaign ?? []).flatMap((c) => labels(c.source)),
    utm_medium: () => (ref?.campaign ?? []).flatMap((c) => labels(c.medium)),
    utm_campaign: () => labels(ref?.campaign),
    country: () => labels(summary?.country),
    language: () => labels(summary?.language),
    device: () => counted(summary?.device),
    browser: () => labels(summary?.browser),
    os: () => labels(summary?.os),
    screen: () => counted(summary?.size),
    event: () => (path && path.events !== LOCKED ? labels(path.events) : []),
  };
  return [...new Set(found[dim]())].map((value) => ({ value, name: valueName(dim, value) }));
}
