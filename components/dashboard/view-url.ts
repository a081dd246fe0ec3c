// The dashboard's view as a URL query, pure so it is unit-tested without a browser: the range (a
// preset id, resolved against the domain's today, or fixed from/to days), the chart type and unit,
// the list limit, the open row popup and the filters (`f` parameters, src/shared/filters.ts). Only
// values other than the defaults are written; anything unreadable falls back to its default, never
// an error.
import { dayKeyProblem } from "../../src/shared/days";
import { filtersFromParams, withFilterParams, type Filter } from "../../src/shared/filters";
import { OPENING_PRESET, PRESETS, orderRange, presetRange, sameRange, type PresetId, type Range } from "./date-rules";

export const LIMITS = [10, 20, 30] as const;
export type Limit = (typeof LIMITS)[number];
export type PopupKind = "page" | "referrer";

export type View = {
  /** A preset moves with the domain's today; a custom range stays on its days. */
  range: PresetId | Range;
  chart: "line" | "column";
  hours: boolean;
  limit: Limit;
  /** The row popup open, by its list and row label (the row itself comes from the loaded numbers). */
  popup: { kind: PopupKind; label: string } | null;
  /** The slice of hits every answer is for; none by default. */
  filters: Filter[];
};

export const DEFAULT_VIEW: View = { range: OPENING_PRESET, chart: "column", hours: false, limit: 10, popup: null, filters: [] };

const presetId = (s: string | null) => PRESETS.find((p) => p.id === s)?.id ?? null;
const POPUP = /^(page|referrer):(.+)$/s;

function parseRange(q: URLSearchParams): View["range"] {
  const preset = presetId(q.get("range"));
  if (preset) return preset;
  const [from, to] = [q.get("from"), q.get("to")];
  return from && to && dayKeyProblem(from) === null && dayKeyProblem(to) === null ? orderRange(from, to) : DEFAULT_VIEW.range;
}

export function parseView(q: URLSearchParams): View {
  const limit = Number(q.get("limit"));
  const popup = POPUP.exec(q.get("popup") ?? "");
  return {
    range: parseRange(q),
    chart: q.get("chart") === "line" ? "line" : "column",
    hours: q.get("hours") === "1",
    limit: LIMITS.find((l) => l === limit) ?? DEFAULT_VIEW.limit,
    popup: popup ? { kind: popup[1] as PopupKind, label: popup[2]! } : null,
    filters: filtersFromParams(q),
  };
}

export function viewParams(view: View): URLSearchParams {
  const q = new URLSearchParams();
  if (typeof view.range === "string") {
    if (view.range !== DEFAULT_VIEW.range) q.set("range", view.range);
  } else {
    q.set("from", view.range.startKey);
    q.set("to", view.range.endKey);
  }
  if (view.chart !== DEFAULT_VIEW.chart) q.set("chart", view.chart);
  if (view.hours) q.set("hours", "1");
  if (view.limit !== DEFAULT_VIEW.limit) q.set("limit", String(view.limit));
  if (view.popup) q.set("popup", `${view.popup.kind}:${view.popup.label}`);
  return withFilterParams(q, view.filters);
}

/** What encodeURIComponent escapes that a query may hold as it is: the URL stays readable
 * (`?f=country!:FR&f=page:/pricing`) and URLSearchParams reads it back the same. */
const READABLE = { "%3A": ":", "%2F": "/", "%40": "@", "%2C": "," } as Record<string, string>;
const readable = (s: string) => encodeURIComponent(s).replace(/%3A|%2F|%40|%2C/g, (m) => READABLE[m]!);

/** The view as the query the address bar shows, without its "?" ("" for the default view). */
export const viewQuery = (view: View): string =>
  [...viewParams(view)].map(([k, v]) => `${readable(k)}=${readable(v)}`).join("&");

/** The days a view's range covers on `today` (the domain's). */
export const rangeOf = (range: View["range"], today: string): Range => (typeof range === "string" ? presetRange(range, today) : range);

/** A picked range as the view keeps it: the preset it is on `today`, if any, so it moves with the days. */
export const rangeChoice = (r: Range, today: string): View["range"] => PRESETS.find((p) => sameRange(presetRange(p.id, today), r))?.id ?? r;
