// The date rules of the dashboard and its picker,
// pure so they are unit-tested without a browser: local days of the domain's time zone as
// YYYY-MM-DD keys, the presets, which days may be picked, the month grid, and the day-selection
// state machine. No date library: Intl knows every IANA zone and day keys need only UTC arithmetic.

import { addDays, daysBetween, utcMidnight } from "../../src/shared/days";

export type Range = { startKey: string; endKey: string };

export const PRESETS = [
  { id: "today", label: "Today", short: "Today" },
  { id: "yesterday", label: "Yesterday", short: "Yesterday" },
  { id: "7d", label: "7 days", short: "7d" },
  { id: "14d", label: "14 days", short: "14d" },
  { id: "month", label: "This month", short: "Month" },
  { id: "30d", label: "Last 30 days", short: "30d" },
  { id: "90d", label: "Last 90 days", short: "90d" },
] as const;
export type PresetId = (typeof PRESETS)[number]["id"];

/** The dashboard shows every preset but This month and 90 days; the mobile one three. */
export const DASHBOARD_PRESETS: readonly PresetId[] = ["today", "yesterday", "7d", "14d", "30d"];
export const MOBILE_PRESETS: readonly PresetId[] = ["today", "yesterday", "7d"];
/** The range a dashboard opens on: OPENING_DAYS (src/stats/contract.ts), which the server warms after a restart. */
export const OPENING_PRESET: PresetId = "7d";
/** The hours view only for ranges of 7 days or less. */
export const MAX_HOUR_DAYS = 7;

/** The number of days a range covers, both ends included. */
export const rangeDays = (r: Range) => daysBetween(r.startKey, r.endKey) + 1;

export function presetRange(id: PresetId, today: string): Range {
  switch (id) {
    case "today":
      return { startKey: today, endKey: today };
    case "yesterday":
      return { startKey: addDays(today, -1), endKey: addDays(today, -1) };
    case "month":
      return { startKey: `${today.slice(0, 7)}-01`, endKey: today };
    default: {
      const days = { "7d": 7, "14d": 14, "30d": 30, "90d": 90 }[id];
      return { startKey: addDays(today, 1 - days), endKey: today };
    }
  }
}

/** Which of the given presets a range is, if any (the active tab). */
export function matchPreset(range: Range, today: string, ids: readonly PresetId[] = DASHBOARD_PRESETS): PresetId | null {
  return ids.find((id) => sameRange(presetRange(id, today), range)) ?? null;
}

export const sameRange = (a: Range, b: Range) => a.startKey === b.startKey && a.endKey === b.endKey;

/** A range selected backwards is reordered. */
export const orderRange = (a: string, b: string): Range => (a <= b ? { startKey: a, endKey: b } : { startKey: b, endKey: a });

/** The chart unit is hour for a single day; the hours tab may switch to hours up to 7 days. */
export const hoursAllowed = (r: Range) => rangeDays(r) <= MAX_HOUR_DAYS;
export const chartUnit = (r: Range, hoursWanted: boolean): "hour" | "day" =>
  rangeDays(r) === 1 || (hoursWanted && hoursAllowed(r)) ? "hour" : "day";

/** On opening, the picker selects the first preset when the range starts on the creation day, else the third. */
export const openingPreset = (r: Range, createdKey: string, presets: readonly PresetId[] = DASHBOARD_PRESETS): PresetId =>
  r.startKey === createdKey ? presets[0]! : presets[2]!;

// ── Which days may be picked ────────────────────────────────────────────────────────

export type DayRules = {
  /** Today in the domain's time zone. */
  today: string;
  /** The local day the domain was added. */
  created: string;
  /** Free history window in days; null for Pro (unlimited). */
  historyDays: number | null;
};

/** "future": after today; "early": before creation − 1 day; "locked": outside the free window; else "ok". */
export type DayState = "ok" | "future" | "early" | "locked";

export function dayState(key: string, rules: DayRules): DayState {
  if (key > rules.today) return "future";
  if (key < addDays(rules.created, -1)) return "early";
  if (rules.historyDays !== null && key < addDays(rules.today, -rules.historyDays)) return "locked";
  return "ok";
}

export const selectable = (key: string, rules: DayRules) => dayState(key, rules) === "ok";

/** The upgrade overlay covers a month when a free user could pick none of its days for want of history. */
export function monthLocked(month: string, rules: DayRules): boolean {
  if (rules.historyDays === null) return false;
  return lastOfMonth(month) < addDays(rules.today, -rules.historyDays);
}

// ── The month grid ────────────────────────────────────────────────────────────────────────────

/** A month is "YYYY-MM". */
export const monthOf = (key: string) => key.slice(0, 7);
export function shiftMonth(month: string, n: number): string {
  const d = new Date(Date.UTC(+month.slice(0, 4), +month.slice(5, 7) - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}
export const lastOfMonth = (month: string) => addDays(`${shiftMonth(month, 1)}-01`, -1);

/** Weeks of the month, Monday first (M T W T F S S); null pads the first and last week. */
export function monthGrid(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const lead = (new Date(utcMidnight(first)).getUTCDay() + 6) % 7; // Monday = 0
  const count = daysBetween(first, lastOfMonth(month)) + 1;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: count }, (_, i) => addDays(first, i))];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

// ── The day-selection state machine ──────────────────────────────────

export type PickState = { phase: "idle" } | { phase: "awaiting"; first: string; hover: string | null };
export type PickEvent =
  | { type: "click"; day: string }
  | { type: "hover"; day: string | null }
  | { type: "close" }
  | { type: "external" };

export const IDLE: PickState = { phase: "idle" };

/** The next state, and the range to emit when a pick completes. Callers only send clicks on selectable days. */
export function pick(state: PickState, event: PickEvent): { state: PickState; emit?: Range } {
  switch (event.type) {
    case "click":
      if (state.phase === "idle") return { state: { phase: "awaiting", first: event.day, hover: null } };
      return { state: IDLE, emit: orderRange(state.first, event.day) };
    case "hover":
      return { state: state.phase === "awaiting" ? { ...state, hover: event.day } : state };
    case "close":
    case "external":
      return { state: IDLE };
  }
}

/** The range drawn on the grid: the preview while awaiting the second day, else the chosen range. */
export function shownRange(state: PickState, range: Range): { range: Range; preview: boolean } {
  if (state.phase === "idle") return { range, preview: false };
  return { range: orderRange(state.first, state.hover ?? state.first), preview: true };
}

export type DayStyle = "single" | "first" | "last" | "in-range" | null;

/** Single marker, first, last, in-range (the disabled style comes from dayState). */
export function dayStyle(key: string, r: Range): DayStyle {
  if (key < r.startKey || key > r.endKey) return null;
  if (r.startKey === r.endKey) return "single";
  if (key === r.startKey) return "first";
  if (key === r.endKey) return "last";
  return "in-range";
}

const LONG = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
/** "3 Nov 2026" or "3 Nov 2026 – 9 Nov 2026" for the header's range display. */
export function formatRange(r: Range): string {
  const f = (k: string) => LONG.format(utcMidnight(k));
  return r.startKey === r.endKey ? f(r.startKey) : `${f(r.startKey)} – ${f(r.endKey)}`;
}
export const formatMonth = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(utcMidnight(`${month}-01`));
export const formatDayLabel = (key: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(utcMidnight(key));
