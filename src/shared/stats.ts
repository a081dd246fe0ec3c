// The stats contract's browser-safe half: the constants and the answer types of GET /api/stats,
// shared by the API, the dashboard, the exports and the Pro API, and the figures derived from an
// answer (bounce rate, average times). The query schemas the server validates with live in
// src/stats/contract.ts, which needs Elysia.
import type { Filter } from "./filters";
import type { Funnel, FunnelResult } from "./funnels";
import type { GoalRow } from "./goals";
import type { ImportedSpan } from "./imports";
import type { Role } from "./roles";
import type { Vital } from "./vitals";

export const DATA_TYPES = ["SUMMARY", "PATH", "REF", "GOALS", "FUNNEL", "SPEED"] as const;
/** A dashboard opens on the last this many local days, today included (date-rules OPENING_PRESET). */
export const OPENING_DAYS = 7;
export type DataType = (typeof DATA_TYPES)[number];

/** Fields a plan does not unlock say so instead of carrying data. */
export type Locked = "locked";
export const LOCKED: Locked = "locked";

/** SUMMARY's source classes: no referrer, a search engine, a social network, a mail, an AI
 * assistant, a job board, any other site. */
export const SOURCE_CLASSES = ["direct", "search", "social", "email", "ai", "jobs", "unknown"] as const;
export type SourceClass = (typeof SOURCE_CLASSES)[number];
/** How the Sources section and the export name each class. */
export const SOURCE_NAMES: Record<SourceClass, string> = {
  direct: "Direct", search: "Search", social: "Social", email: "Email", ai: "AI assistants", jobs: "Jobs", unknown: "Unknown",
};

/** SUMMARY's device families (SPEC §3): a screen-width guess when the user-agent names none. */
export const DEVICE_CLASSES = ["mobile", "tablet", "desktop", "smarttv", "console"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const DEVICE_NAMES: Record<DeviceClass, string> = { mobile: "Mobile", tablet: "Tablet", desktop: "Desktop", smarttv: "Smart TV", console: "Console" };

/** A row of a stats list. `value` is visits (or the row's own measure, named by the list); `pc` its
 * share of the list total (0–1); `c` the change in % against the previous period of equal length,
 * null when the previous period had none. */
export type ListRow = {
  label: string;
  value: number;
  pc: number;
  c: number | null;
  children?: ListRow[];
  /** Top pages: page views that arrived on the page with no referrer. */
  direct?: number;
  /** Top pages: page views of the page that carried a utm_campaign. */
  utm?: number;
  /** Referrals: the referrer's name when a list knows its host ("Google" for google.co.uk). */
  name?: string;
  /** Events: the row's count over all page views of the range. */
  totalConversionRate?: ConversionRate;
  /** Events: the row's count over the range's unique visits (the tracker's flag, no visitor id);
   * above 1 when an event fires more than once a visit. */
  uniqueConversionRate?: ConversionRate;
  /** Events: grams of CO2 of the range's page views over the row's count (null for a count of 0). */
  co2PerConversion?: number | null;
};

/** A conversion rate (a fraction) and the event it belongs to: null for an event, the event's
 * name for one of its values. */
export type ConversionRate = { value: number; parentLabel: string | null };

/** Both periods compared: `now` is the asked range, `then` the same number of days just before. */
export type Periods = { now: { startKey: string; endKey: string }; then: { startKey: string; endKey: string } };

export type Validated = {
  /** The domain name; absent from public dashboards' answers, which must not reveal it. */
  SK?: string;
  tz: string;
  /** ISO time the domain was added. */
  created: string;
  publicID: string;
  /** The range answered, after ordering. */
  startKey: string;
  endKey: string;
  /** Today in the domain's time zone. */
  today: string;
  /** Energy & Carbon and Events are unlocked (domain or owner Pro, or beta). */
  pro: boolean;
  /** Days of history the picker may open (null: unlimited). */
  historyDays: number | null;
  /** A demo domain: some URLs are redacted. */
  demo: boolean;
  /** Public dashboards' answers only: the owner offers the stats for download (GET /api/export?id=). */
  downloads?: boolean;
  /** Public dashboards' answers only: the owner shows its realtime view there (GET /api/realtime?id=), which a password would keep shut. */
  realtime?: boolean;
  /** The signed-in caller's role on the domain (src/shared/roles.ts); absent for an admin's read, the demo and public dashboards. */
  role?: Role;
  /** The slice answered (src/shared/filters.ts), checked and in the order asked; empty for every hit. */
  filters?: Filter[];
};

type Envelope = {
  validated: Validated;
  /** The viewer is an admin looking at someone else's domain. */
  admin: boolean;
  periods: Periods;
  error: null;
};

/** What a list's labels are, so a client knows how to show one: a flag for a country, a favicon and
 * a link for a referrer, a link for a page, a name for the rest. */
export const LIST_TYPES = ["country", "language", "browser", "os", "page", "event", "referrer", "campaign"] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** The lists of each dataType, by the name their rows and figures go by in the answer. */
export type ListNames = { SUMMARY: "country" | "language" | "browser" | "os" | "perf"; PATH: "path" | "energy" | "events"; REF: "result" | "campaign" };

/** Per list, by name: `count` its rows before the 1,000-row cap ("the first 1,000 of N rows"), `type`
 * what its labels are. */
export type Counts<L extends string> = { count: Record<L, number>; type: Record<L, ListType> };

export type Visits = { hits: number; unique: number; bounceNew: number; bounceCount: number };

export type Day = {
  /** Local day key. */
  stamp: string;
  /** Page views of the day. */
  visits: number;
  unique: number;
  /** Page views per local hour 0–23; empty when the range is longer than 7 days. */
  hours: number[];
};

/** A chart point: x the time its local hour or day begins (ms since 1970, as `start` takes it), y its count. */
export type TimePoint = { x: number; y: number };

/** Chart data (SPEC §3): page views ("views") and, by day, unique visits ("unique") as time points. */
export type Chart = { unit: "hour" | "day"; datasets: { label: "views" | "unique"; data: TimePoint[] }[] };

export type SummaryStats = Envelope & Counts<ListNames["SUMMARY"]> & {
  dataType: "SUMMARY";
  visits: Visits;
  /** The same figures for the previous period, for the change shown under each figure. */
  previous: Visits;
  days: Day[];
  /** "hour" when the range is a single day, else "day". */
  unit: "hour" | "day";
  /** `days` as the chart's datasets, each point's x a time. */
  chart: Chart;
  source: Record<SourceClass, number>;
  device: Record<DeviceClass, number>;
  /** Page views by screen bucket: s ≤ 1024 px, m 1024–2400 px, l ≥ 2400 px. */
  size: Record<"s" | "m" | "l", number>;
  /** label: ISO 3166 alpha-2 code or "unknown". */
  country: ListRow[];
  /** label: language tag as sent (e.g. "en-GB"). */
  language: ListRow[];
  browser: ListRow[];
  os: ListRow[];
  /** Average page load per path: label path, value ms. */
  perf: ListRow[];
  /**
   * Imported history in the range (src/shared/imports.ts): its days and the lists it fills; null
   * when none, and in a filtered answer (filters apply to the site's own hits only).
   */
  imported: ImportedSpan | null;
};

export type PathRow = ListRow & {
  visits: { hits: number; unique: number };
  /** Average visible time in ms (leave beacons of the page), null without any. */
  durationAvg: number | null;
  /** Bounces / unique visits of the page as a fraction, null without unique visits. */
  bounceRate: number | null;
  /** Average of the deepest scroll of each leave beacon, in percent (0–100); null without any. */
  scrollAvg: number | null;
};

/** An SWD v4 rating letter, A+ (cleanest) to F, as CO2.js grades grams per visit. */
export type RatingLetter = "A+" | "A" | "B" | "C" | "D" | "E" | "F";

/** The rating scale as CO2.js draws it: each letter up to `upTo` grams per visit (null: above all). */
export type RatingStep = { rating: RatingLetter; upTo: number | null };

/** Per-page energy: value is grams of CO2 per visit (SWD v4); `rating` its letter. */
export type EnergyRow = ListRow & { bytesAvg: number; co2Grams: number; kwh: number; visits: number; rating: RatingLetter };

export type CarbonTotals = {
  transferredBytes: number;
  /** The part of transferredBytes estimated for imported days (their pages' bytes as the site's own pages measured them). */
  estimatedBytes: number;
  co2Grams: number;
  avgCo2Grams: number;
  /** The letter of avgCo2Grams, and the scale it is read on (for the legend). */
  rating: RatingLetter;
  ratingScale: RatingStep[];
  /** Car kilometres with the same CO2 (src/carbon GRAMS_PER_KM). */
  totalKM: number;
  /** Streaming hours with the same bytes (bytes / 700 million). */
  streamingHours: number;
  /** The domain's green hosting: true, false or "unknown". */
  green: boolean | "unknown";
  durationTotal: number;
  avgTimeSpent: number;
  visits: number;
  /**
   * The same CO2 with each visitor country's own grid for the device and network shares (country
   * from the browser's time zone; the global average where unknown). `knownShare`: the fraction
   * of the bytes whose country is known.
   */
  visitorGrid: { co2Grams: number; avgCo2Grams: number; rating: RatingLetter; knownShare: number };
};

export type PathStats = Envelope & Counts<ListNames["PATH"]> & {
  dataType: "PATH";
  /** Top pages by page views. */
  path: PathRow[];
  energy: EnergyRow[] | Locked;
  /** label event name, value count; children by event value. */
  events: ListRow[] | Locked;
  carbonTotals: CarbonTotals | Locked;
};

/** A campaign with its utm sources and mediums, and its top entry pages as EntriesWanted says (else []). */
export type CampaignRow = ListRow & { source: ListRow[]; medium: ListRow[]; path: ListRow[] };

/** A social post that sent visitors: `visits` is [count, "visit" | "visits"]. */
export type Tweet = { u: string; visits: [number, "visit" | "visits"] };

/**
 * Which entry pages REF holds: all (every listed referrer's and campaign's top ten), none, one
 * referrer's top ten, one page's arrivals from each referrer that sent any, or one campaign's top
 * ten. Asked for one, the others are left out: the referrer map is empty or the campaigns' `path`
 * is [].
 */
export type EntriesWanted =
  | { of: "all" }
  | { of: "none" }
  | { of: "referrer"; label: string }
  | { of: "page"; path: string }
  | { of: "campaign"; name: string };

export type RefStats = Envelope & Counts<ListNames["REF"]> & {
  dataType: "REF";
  /** Referrer hosts; "direct" for no referrer, "unknown" for one that could not be read. */
  result: ListRow[];
  /** Top entry pages per referrer label, as `entries`, `referrer` or `page` asked (EntriesWanted); empty for `campaign`. */
  path: Record<string, ListRow[]>;
  campaign: CampaignRow[];
  tweets: Tweet[];
};

/** The domain's goals (src/shared/goals.ts) in the range, in the goals' order (by name); locked
 * where Events are. */
export type GoalsStats = Envelope & {
  dataType: "GOALS";
  goals: GoalRow[] | Locked;
  /** The domain's funnels, by name (read one with dataType=FUNNEL). */
  funnels: Funnel[] | Locked;
};

/** One of the domain's funnels (src/shared/funnels.ts) in the range; locked where Events are. */
export type FunnelStats = Envelope & {
  dataType: "FUNNEL";
  funnel: FunnelResult | Locked;
};

/**
 * One web vital over a set of page views' vitals (src/shared/vitals.ts): its 75th percentile (an
 * observed value, percentile_disc, as CrUX reports; null without any), how many views reported it,
 * and the shares of those rated good, needs improvement and poor, as fractions.
 */
export type VitalFigure = { p75: number | null; samples: number; good: number; needsImprovement: number; poor: number };

/** A page's vitals over the range, with its bytes and grams of CO2 per visit (PATH's energy row;
 * null when the plan locks Energy & Carbon or the page had no page view). */
export type SpeedRow = { label: string; samples: number; bytesAvg: number | null; co2PerVisit: number | null } & Record<Vital, VitalFigure>;

/** The site's p75 of each vital on a local day that had any. */
export type SpeedDay = { stamp: string } & Record<Vital, number | null>;

/** SPEED: the range's web vitals, per page (most measured first), for the whole site and by day. */
export type SpeedStats = Envelope & {
  dataType: "SPEED";
  count: { speed: number };
  site: Record<Vital, VitalFigure> & { samples: number };
  speed: SpeedRow[];
  days: SpeedDay[];
};

export type Stats = SummaryStats | PathStats | RefStats | GoalsStats | FunnelStats | SpeedStats;

// ── The figures derived from an answer, each by one rule for the stats room and every reader ─────

/** Bounce rate: bounces over unique visits (only a unique visit can bounce), a fraction; null
 * without a unique visit. */
export const bounceRate = (bounces: number, uniques: number): number | null => (uniques > 0 ? bounces / uniques : null);

/** A bounce rate as the product shows it (dashboard, exports, weekly report): within 0–1, since
 * beacons sent by hand can count more bounces than visits. */
export const shownBounceRate = (rate: number | null): number | null => (rate === null ? null : Math.min(1, Math.max(0, rate)));

/** The bounce rate of a SUMMARY answer's visits (or its previous period's), as shown. */
export const visitsBounceRate = (v: Visits): number | null => shownBounceRate(bounceRate(v.bounceCount, v.bounceNew));

/** Average visible time in ms: the time the leave beacons reported over their number; null without any. */
export const averageVisibleTime = (durationMs: number, leaves: number): number | null => (leaves > 0 ? durationMs / leaves : null);

/** Average time on page as the dashboard's summary and the weekly report show it: the top pages'
 * average visible times weighted by their page views; null without any leave beacon. */
export function averageTimeOnPage(path: PathStats | undefined): number | null {
  const rows = path?.path.filter((r) => r.durationAvg !== null) ?? [];
  const views = rows.reduce((n, r) => n + r.value, 0);
  return views ? rows.reduce((n, r) => n + r.durationAvg! * r.value, 0) / views : null;
}
