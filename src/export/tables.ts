// The export's tables, cut from the answers /api/stats gives (SUMMARY, PATH, REF, GOALS, SPEED, lists uncapped):
// no number here is computed from the database, only rearranged, so an export says what the
// dashboard says. Shares and changes are fractions marked as percentages (`{ pct }`), durations are
// seconds, everything else is the API's own figure. The annotations come from their room, as
// GET /api/annotations answers them.
import { ANNOTATION_KINDS, type Annotation } from "../shared/annotations";
import { describeFilter } from "../shared/filters";
import type { Goal } from "../shared/goals";
import {
  DEVICE_NAMES, LOCKED, shownBounceRate, SOURCE_NAMES, visitsBounceRate, type GoalsStats, type ListRow, type PathStats, type RefStats, type SpeedStats,
  type Stats, type SummaryStats, type VitalFigure,
} from "../shared/stats";
import { VITALS, type Vital } from "../shared/vitals";

/** A cell: text, a number, a fraction shown as a percentage, or empty. */
export type Cell = string | number | { pct: number } | null;
export type Table = { name: TableName; columns: string[]; rows: Cell[][] };

export const ALL_TABLES = [
  "Summary", "Top Pages", "Referrals", "Sources", "Energy & Carbon Summary", "Energy & Carbon", "Speed", "Countries", "Languages",
  "Devices", "Desktop Screen Sizes", "Browsers", "OS", "Attention", "Events", "Goals", "Campaigns", "Annotations",
] as const;
export type TableName = (typeof ALL_TABLES)[number];
/** The dashboard's quick export (SPEC "main dashboard export"), in its order. */
export const QUICK_TABLES: readonly TableName[] = ["Summary", "Devices", "Desktop Screen Sizes", "Sources", "Energy & Carbon"];

/** The answer each table is cut from: a stats answer, or the domain's annotations. */
export type Source = "SUMMARY" | "PATH" | "REF" | "GOALS" | "SPEED" | "ANNOTATIONS";
export const SOURCE_OF: Record<TableName, Source> = {
  Summary: "SUMMARY", "Top Pages": "PATH", Referrals: "REF", Sources: "SUMMARY", "Energy & Carbon Summary": "PATH",
  "Energy & Carbon": "PATH", Speed: "SPEED", Countries: "SUMMARY", Languages: "SUMMARY", Devices: "SUMMARY", "Desktop Screen Sizes": "SUMMARY",
  Browsers: "SUMMARY", OS: "SUMMARY", Attention: "PATH", Events: "PATH", Goals: "GOALS", Campaigns: "REF", Annotations: "ANNOTATIONS",
};

const LOCKED_ROW = (what: string): Cell[] => [`${what} is a Pro feature of this domain's plan.`];

const pct = (fraction: number | null): Cell => (fraction === null ? null : { pct: fraction });
/** The API's change (in %) as a fraction. */
const change = (c: number | null): Cell => (c === null ? null : { pct: c / 100 });
const seconds = (ms: number | null): Cell => (ms === null ? null : ms / 1000);

const regions = new Intl.DisplayNames("en", { type: "region", fallback: "code" });
const languages = new Intl.DisplayNames("en", { type: "language", fallback: "code" });
/** An English name for a code the collector stored; the code itself when Intl has none. */
const named = (names: Intl.DisplayNames, code: string): string => {
  if (code === "unknown") return "Unknown";
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};

const listRows = (rows: ListRow[], extra: (r: ListRow) => Cell[] = () => []): Cell[][] =>
  rows.map((r) => [r.label, ...extra(r), r.value, pct(r.pc), change(r.c)]);

/** A keyed map of counts (sources, devices, sizes) with each key's share of their total. */
function keyedRows<K extends string>(map: Record<K, number>, label: (k: K) => Cell[]): Cell[][] {
  const total = Object.values<number>(map).reduce((a, b) => a + b, 0);
  return (Object.entries(map) as [K, number][]).map(([k, v]) => [...label(k), v, pct(total ? v / total : 0)]);
}

// NOTE: the dashboard's names for the source and device classes, so a sheet reads like the dashboard.
const SOURCES: Record<string, string> = SOURCE_NAMES;
const DEVICES: Record<string, string> = DEVICE_NAMES;
const SIZES: Record<string, [string, string]> = { s: ["Small", "1024 px or less"], m: ["Medium", "1024–2400 px"], l: ["Large", "2400 px or more"] };

/** `goals`: the domain's, so a goal filter is said by its goal's name. */
function summaryTable(s: SummaryStats, goals: readonly Goal[]): Table {
  const span = (label: string, from: string, to: string, views: number, unique: number, rate: Cell): Cell[] => [label, from, to, views, unique, rate];
  return {
    name: "Summary",
    columns: ["Period", "From", "To", "Page views", "Unique visits", "Bounce rate"],
    rows: [
      // NOTE: a filtered export says first which slice its every number is for, as the dashboard's chips do.
      ...(s.validated.filters ?? []).map((f): Cell[] => ["Filter", describeFilter(f, goals)]),
      span("Range", s.periods.now.startKey, s.periods.now.endKey, s.visits.hits, s.visits.unique, pct(visitsBounceRate(s.visits))),
      span("Previous period", s.periods.then.startKey, s.periods.then.endKey, s.previous.hits, s.previous.unique, pct(visitsBounceRate(s.previous))),
      ...s.days.map((d) => span("Day", d.stamp, d.stamp, d.visits, d.unique, null)),
    ],
  };
}

function summaryTables(s: SummaryStats, goals: readonly Goal[]): Partial<Record<TableName, Table>> {
  const list = (name: TableName, first: string, rows: ListRow[]): Table => ({ name, columns: [first, "Page views", "Share", "Change"], rows: listRows(rows) });
  return {
    Summary: summaryTable(s, goals),
    Sources: { name: "Sources", columns: ["Source", "Page views", "Share"], rows: keyedRows(s.source, (k) => [SOURCES[k] ?? k]) },
    Countries: { name: "Countries", columns: ["Country code", "Country", "Page views", "Share", "Change"], rows: listRows(s.country, (r) => [named(regions, r.label)]) },
    Languages: { name: "Languages", columns: ["Language code", "Language", "Page views", "Share", "Change"], rows: listRows(s.language, (r) => [named(languages, r.label)]) },
    Devices: { name: "Devices", columns: ["Device", "Page views", "Share"], rows: keyedRows(s.device, (k) => [DEVICES[k] ?? k]) },
    "Desktop Screen Sizes": { name: "Desktop Screen Sizes", columns: ["Size", "Width", "Page views", "Share"], rows: keyedRows(s.size, (k) => SIZES[k] ?? [k, ""]) },
    Browsers: list("Browsers", "Browser", s.browser),
    OS: list("OS", "Operating system", s.os),
  };
}

function pathTables(p: PathStats): Partial<Record<TableName, Table>> {
  const t = p.carbonTotals;
  const carbonSummary: Cell[][] =
    t === LOCKED
      ? [LOCKED_ROW("Energy & Carbon")]
      : [
          ["Data transferred", t.transferredBytes, "bytes"],
          ["Of which estimated for imported days", t.estimatedBytes, "bytes"],
          ["CO2", t.co2Grams, "g"],
          ["CO2 per page view", t.avgCo2Grams, "g"],
          ["CO2 on the visitors' own grids", t.visitorGrid.co2Grams, "g"],
          ["CO2 per page view on the visitors' own grids", t.visitorGrid.avgCo2Grams, "g"],
          ["Rating on the visitors' own grids", t.visitorGrid.rating, null],
          ["Bytes from visits of a known country", pct(t.visitorGrid.knownShare), null],
          ["Rating (SWD v4)", t.rating, t.ratingScale.map((r) => (r.upTo === null ? `${r.rating} above` : `${r.rating} ≤ ${r.upTo} g`)).join(", ")],
          ["Same CO2 as driving", t.totalKM, "km"],
          ["Same data as streaming video", t.streamingHours, "hours"],
          ["Green hosting", t.green === "unknown" ? "unknown" : t.green ? "yes" : "no", null],
          ["Page views", t.visits, "page views"],
          ["Visible time", t.durationTotal / 1000, "seconds"],
          ["Average visible time", t.avgTimeSpent / 1000, "seconds"],
        ];
  const attention = p.path.filter((r) => r.durationAvg !== null).sort((a, b) => b.durationAvg! - a.durationAvg!);
  const events: Cell[][] =
    p.events === LOCKED
      ? [LOCKED_ROW("Events")]
      : p.events.flatMap((e) => [
          [e.label, null, e.value, pct(e.pc), change(e.c), e.co2PerConversion ?? null],
          ...(e.children ?? []).map((v) => [e.label, v.label, v.value, pct(v.pc), change(v.c), v.co2PerConversion ?? null]),
        ]);
  return {
    "Top Pages": {
      name: "Top Pages",
      columns: ["Page", "Page views", "Unique visits", "Share", "Change", "Average visible time (s)", "Bounce rate"],
      rows: p.path.map((r) => [r.label, r.visits.hits, r.visits.unique, pct(r.pc), change(r.c), seconds(r.durationAvg), pct(shownBounceRate(r.bounceRate))]),
    },
    "Energy & Carbon Summary": { name: "Energy & Carbon Summary", columns: ["Figure", "Value", "Unit"], rows: carbonSummary },
    "Energy & Carbon": {
      name: "Energy & Carbon",
      columns: ["Page", "CO2 per page view (g)", "Rating", "Share of CO2", "Change", "Average bytes", "CO2 (g)", "Energy (kWh)", "Page views"],
      rows: p.energy === LOCKED
        ? [LOCKED_ROW("Energy & Carbon")]
        : p.energy.map((r) => [r.label, r.value, r.rating, pct(r.pc), change(r.c), r.bytesAvg, r.co2Grams, r.kwh, r.visits]),
    },
    Attention: {
      name: "Attention",
      columns: ["Page", "Average visible time (s)", "Average scroll depth", "Page views"],
      rows: attention.map((r) => [r.label, seconds(r.durationAvg), pct(r.scrollAvg === null ? null : r.scrollAvg / 100), r.value]),
    },
    Events: { name: "Events", columns: ["Event", "Value", "Count", "Share", "Change", "CO2 per conversion (g)"], rows: events },
  };
}

function refTables(r: RefStats): Partial<Record<TableName, Table>> {
  const campaignRows = r.campaign.flatMap((c) => [
    [c.label, "All", null, c.value, pct(c.pc), change(c.c)],
    ...([["Source", c.source], ["Medium", c.medium], ["Entry page", c.path]] as const).flatMap(([dim, rows]) =>
      rows.map((x) => [c.label, dim, x.label, x.value, pct(x.pc), change(x.c)]),
    ),
  ]);
  return {
    Referrals: { name: "Referrals", columns: ["Referrer", "Page views", "Share", "Change"], rows: listRows(r.result) },
    Campaigns: { name: "Campaigns", columns: ["Campaign", "Breakdown", "Label", "Page views", "Share", "Change"], rows: campaignRows },
  };
}

/** Each goal with its conversions; an event goal's match names its value when it has one. */
function goalsTable(g: GoalsStats): Table {
  return {
    name: "Goals",
    columns: ["Name", "Kind", "Match", "Conversions", "Rate", "Value", "CO2 per conversion (g)", "Change"],
    rows: g.goals === LOCKED
      ? [LOCKED_ROW("Goals")]
      : g.goals.map((r) => [
          r.name, r.kind, r.value === null ? r.match : `${r.match} = ${r.value}`, r.conversions, pct(r.rate), r.valueSum, r.co2PerConversion, change(r.c),
        ]),
  };
}

/** A vital's p75 (timed ones in seconds, as every duration here; CLS as its score) and its rating shares. */
const vitalCells = (v: Vital, f: VitalFigure): Cell[] => [
  f.p75 === null ? null : v === "cls" ? f.p75 : f.p75 / 1000, pct(f.good), pct(f.needsImprovement), pct(f.poor),
];

/** The site's web vitals, then each page's with its bytes and grams of CO2 per visit. */
function speedTable(s: SpeedStats): Table {
  const name = (v: Vital) => v.toUpperCase();
  return {
    name: "Speed",
    columns: [
      "Page", "Views measured",
      ...VITALS.flatMap((v) => [`${name(v)} p75${v === "cls" ? "" : " (s)"}`, `${name(v)} good`, `${name(v)} needs improvement`, `${name(v)} poor`]),
      "Bytes per visit", "CO2 per visit (g)",
    ],
    rows: [
      ["All pages", s.site.samples, ...VITALS.flatMap((v) => vitalCells(v, s.site[v])), null, null],
      ...s.speed.map((r): Cell[] => [r.label, r.samples, ...VITALS.flatMap((v) => vitalCells(v, r[v])), r.bytesAvg, r.co2PerVisit]),
    ],
  };
}

/** The domain's annotations of the range, as the Annotations table's answer. */
export type AnnotationsAnswer = { dataType: "ANNOTATIONS"; annotations: Annotation[] };

/** The tables an answer holds (SUMMARY, PATH, REF, GOALS or SPEED, or the annotations), by name; `goals` name a goal filter. */
export function tablesOf(stats: Stats | AnnotationsAnswer, goals: readonly Goal[] = []): Partial<Record<TableName, Table>> {
  switch (stats.dataType) {
    case "ANNOTATIONS":
      return { Annotations: { name: "Annotations", columns: ["Day", "Kind", "Text"], rows: stats.annotations.map((a) => [a.day, ANNOTATION_KINDS[a.kind], a.text]) } };
    case "SUMMARY":
      return summaryTables(stats, goals);
    case "PATH":
      return pathTables(stats);
    case "REF":
      return refTables(stats);
    case "GOALS":
      return { Goals: goalsTable(stats) };
    case "FUNNEL":
      // NOTE: a funnel is asked by its id, one at a time: the export's tables are the range's.
      return {};
    case "SPEED":
      return { Speed: speedTable(stats) };
  }
}
