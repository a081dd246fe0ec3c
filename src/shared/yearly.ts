// The yearly sustainability report's browser-safe half: where the report and its PDF live, the
// year a request may name, and what the report holds (every figure read from the stats room's
// PATH answers, and its speed page from the year's SPEED answer, src/yearly). The dashboard links to it; the report page and its components draw it.
import type { CarbonTotals, EnergyRow, RatingLetter, RatingStep, SpeedRow, SpeedStats } from "./stats";
import { withFilterParams, type Filter } from "./filters";
import { formatNumber } from "./numbers";

/** A year as the report's query names it: four digits. */
export const YEAR_PATTERN = "^\\d{4}$";
export const YEAR_MESSAGE = "year must be a 4-digit year, such as 2025.";

const hrefOf = (domain: string, page: string, year: number | string, filters: Filter[]) =>
  `/dashboard/${encodeURIComponent(domain)}/${page}?${withFilterParams(new URLSearchParams({ year: String(year) }), filters)}`;

/** The report page of a domain for a year, and its PDF, for the slice of `filters` (the dashboard's `f` parameters). */
export const reportHref = (domain: string, year: number | string, filters: Filter[] = []) => hrefOf(domain, "report", year, filters);
export const reportPdfHref = (domain: string, year: number | string, filters: Filter[] = []) => hrefOf(domain, "report.pdf", year, filters);
/** The report's VSME-shaped sheet and its eco-design declaration draft (src/yearly/vsme.ts). */
export const reportXlsxHref = (domain: string, year: number | string, filters: Filter[] = []) => hrefOf(domain, "report.xlsx", year, filters);
export const reportDeclarationHref = (domain: string, year: number | string, filters: Filter[] = []) => hrefOf(domain, "report-declaration.md", year, filters);

/** One calendar month of the year (only months that have begun): its figures from its own PATH answer. */
export type ReportMonth = {
  /** YYYY-MM */
  month: string;
  startKey: string;
  endKey: string;
  pageViews: number;
  transferredBytes: number;
  /** The part of transferredBytes estimated for imported days (src/shared/imports.ts). */
  estimatedBytes: number;
  kwh: number;
  co2Grams: number;
};

/** The year's web vitals (the SPEED answer for the report's range): the site's p75 of each vital
 * with its shares of good, needs improvement and poor, and the slowest pages by p75 LCP. */
export type ReportSpeed = { site: SpeedStats["site"]; slowest: SpeedRow[] };

/** What the figures rest on: the model, the library that computes it and its constants. */
export type ReportModel = {
  model: "Sustainable Web Design v4";
  library: "@tgwf/co2";
  version: string;
  /** g CO2e per kWh, CO2.js's global average that SWD v4 counts every segment at. */
  gridIntensity: number;
  /** kWh per GB transferred (operational and embodied, data centre, network and device). */
  kwhPerGb: number;
};

export type YearReport = {
  domain: string;
  year: number;
  /** The range read: the whole year, or 1 January to today while the year runs. */
  startKey: string;
  endKey: string;
  /** The year is not over in the domain's time zone. */
  running: boolean;
  tz: string;
  pageViews: number;
  transferredBytes: number;
  /** The part of transferredBytes estimated for imported days. */
  estimatedBytes: number;
  kwh: number;
  co2Grams: number;
  avgCo2Grams: number;
  rating: RatingLetter;
  ratingScale: RatingStep[];
  green: CarbonTotals["green"];
  /** The year's CO2 on the visitors' own grids, beside the world-average figures above. */
  visitorGrid: CarbonTotals["visitorGrid"];
  months: ReportMonth[];
  /** The ten heaviest pages by grams per visit, as the year's energy list ranks them. */
  heaviest: EnergyRow[];
  assumptions: ReportModel;
  speed: ReportSpeed;
  /** The slice every figure is for (every read took these filters); none for the whole site. */
  filters: Filter[];
};

// ── How the report writes its figures (the page, its PDF and the tests that read them) ───────────

/** kWh to three significant figures below 100, whole (with separators) above. */
export function formatKwh(kwh: number): string {
  if (kwh > 0 && kwh < 0.001) return "< 0.001 kWh";
  return `${kwh >= 100 ? formatNumber(kwh) : Number(kwh.toPrecision(3)).toString()} kWh`;
}

/** Grams per page view to three significant figures: "0.184 g". */
export const formatGramsPerView = (grams: number): string => `${Number(grams.toPrecision(3))} g`;

const MONTH = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" });
const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2025-03" → "March". */
export const monthName = (month: string): string => MONTH.format(Date.UTC(+month.slice(0, 4), +month.slice(5, 7) - 1, 1));

/** "2025-03-01" → "1 March 2025". */
export const longDay = (key: string): string => DAY.format(Date.UTC(+key.slice(0, 4), +key.slice(5, 7) - 1, +key.slice(8, 10)));
