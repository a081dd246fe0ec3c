// The yearly sustainability report room: the report's checks and figures for the page
// /dashboard/{domain}/report?year=YYYY (yearReports, a page service), and its PDF at
// /dashboard/{domain}/report.pdf?year=YYYY, the page printed by Chromium (./pdf.ts). Both take the
// dashboard's filters as `f` parameters (src/shared/filters.ts), and every figure is then the slice's.
// Who may read a domain and every number come from the stats room (statsService), as /api/stats
// answers them: the owner or an admin; the domain's plan must unlock Energy & Carbon (Pro, or beta).
// A print also asks for a verified account and takes the named limit `print`.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { sessionCookieName, withSession } from "../auth";
import type { Site } from "../domains";
import { HttpError } from "../http/errors";
import { limitsOf } from "../http/limits";
import { FIRST_YEAR, localTime } from "../shared/days";
import { filtersFromParams, type Filter } from "../shared/filters";
import { reportHref, YEAR_MESSAGE, YEAR_PATTERN, type YearReport } from "../shared/yearly";
import { isStatsBusy, statsService } from "../stats";
import { goalsReader } from "../goals";
import { signinLocation } from "../web";
import { readYear } from "./figures";
import { reportPrinter } from "./pdf";
import { declarationMarkdown, vsmeWorkbook } from "./vsme";

const NOT_PRO = "The yearly sustainability report is a Pro feature. Upgrade to Pro to read and download it.";
const VERIFY_EMAIL = "Verify your email address before you download a report as a PDF.";

/** What the page shows: the report, the notice that the domain's plan does not include it, or that
 * the stats are too busy to read the year right now (their read gate refused it; asking again soon may work). */
export type YearReportAnswer = { kind: "report"; report: YearReport } | { kind: "pro-required" } | { kind: "busy"; year: number };
type Viewer = { uid: string; scope: string[] };
type Resolved = { kind: "ok"; domain: Site; admin: boolean; year: number } | { kind: "pro-required" };

const badYear = (message: string) => new HttpError(400, message, { year: message });

/** The year a request names, by the same pattern the PDF route's schema holds it to. */
function parseYear(text: string | null): number {
  if (text === null || !new RegExp(YEAR_PATTERN).test(text)) throw badYear(YEAR_MESSAGE);
  const year = Number(text);
  if (year < FIRST_YEAR) throw badYear(`year must be ${FIRST_YEAR} or later.`);
  return year;
}

/** The report service both faces share: the checks in order, then the figures. */
export const yearReports = (ctx: Pick<AppContext, "config" | "db">) => {
  // NOTE: with the goals, so a report asked with the dashboard's goal filter reads its goals' hits.
  const stats = statsService(ctx, goalsReader(ctx));
  /**
   * The year's form, who may read the domain (404 for anyone else), its plan, and a year that has
   * begun in the domain's own time zone.
   */
  const resolve = async (name: string, viewer: Viewer, yearText: string | null): Promise<Resolved> => {
    const year = parseYear(yearText);
    const { domain, admin } = await stats.byName(name, { kind: "session", user: viewer });
    if (!(await stats.unlocked(domain))) return { kind: "pro-required" };
    const thisYear = Number(localTime(domain.tz, Date.now()).day.slice(0, 4));
    if (year > thisYear) throw badYear(`${year} is in the future: it is ${thisYear} in ${domain.name}'s time zone (${domain.tz}).`);
    return { kind: "ok", domain, admin, year };
  };
  /** The report for the slice of `filters` (none: the whole site). */
  const report = async (name: string, viewer: Viewer, yearText: string | null, filters: Filter[]): Promise<YearReportAnswer> => {
    const r = await resolve(name, viewer, yearText);
    if (r.kind === "pro-required") return r;
    // NOTE: a year is thirteen reads; under load the stats turn some away, which is a moment's wait, not a failure.
    const found = await readYear((q) => stats.answer(r.domain, q, r.admin), r.domain, r.year, filters).catch((err: unknown) => {
      if (isStatsBusy(err)) return "busy" as const;
      throw err;
    });
    if (found === "busy") return { kind: "busy", year: r.year };
    return found ? { kind: "report", report: found } : { kind: "pro-required" };
  };
  return { resolve, report };
};

/** A domain as a file name's start, safe in a header (domain names are plain ASCII). */
const safeName = (domain: string) => domain.replace(/[^a-z0-9.-]/gi, "_");
/** `{domain}_report_{year}.pdf`. */
const pdfName = (domain: string, year: number) => `${safeName(domain)}_report_${year}.pdf`;
/** The filters of a report's query (its `f` parameters), as the page reads them. */
const filtersOf = (query: { f?: string[] }) => filtersFromParams(new URLSearchParams(query.f?.map((f) => ["f", f])));
/** A download of the report's: never cached, named `name`. */
const download = (body: BodyInit, type: string, name: string) =>
  new Response(body, {
    headers: { "content-type": type, "content-disposition": `attachment; filename="${name}"`, "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });

const ReportParams = t.Object({ domain: t.String({ minLength: 1, maxLength: 253 }) });
// NOTE: Elysia gathers `f`, one or repeated, into an array; a malformed one is dropped as on the page.
const ReportQuery = t.Object({ year: t.String({ pattern: YEAR_PATTERN, error: YEAR_MESSAGE }), f: t.Optional(t.Array(t.String())) });
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const BUSY = "The stats are too busy to read the year right now; please try again in a minute.";

/** A file of the report's figures (the VSME sheet, the declaration draft): the page's checks, then its report. */
async function reportFile(
  reports: ReturnType<typeof yearReports>, user: Viewer, domain: string, query: { year: string; f?: string[] },
  file: { name: (r: YearReport) => string; type: string; body: (r: YearReport) => Promise<Uint8Array<ArrayBuffer> | string> },
): Promise<Response> {
  const filters = filtersOf(query);
  const answer = await reports.report(domain, user, query.year, filters);
  if (answer.kind === "pro-required") throw new HttpError(403, NOT_PRO);
  if (answer.kind === "busy") throw new HttpError(503, BUSY, undefined, { "retry-after": "30" });
  return download(await file.body(answer.report), file.type, file.name(answer.report));
}

/** Signed out: to /signin and back, as the report page and its PDF do. */
const toSignin = (request: Request) => {
  const url = new URL(request.url);
  return new Response(null, { status: 302, headers: { location: signinLocation(url.pathname, url.search), "cache-control": "no-store" } });
};
const fileBase = (r: YearReport) => `${safeName(r.domain)}_${r.year}`;

export const yearlyRoom = (ctx: AppContext) => {
  const reports = yearReports(ctx);
  const printer = reportPrinter(ctx.config.CHROMIUM_PATH, ctx.config.CHROMIUM_NICE);
  const limits = limitsOf(ctx);
  ctx.lifecycle.onShutdown("yearly-report-printer", () => printer.close(), { first: true });
  const cookieName = sessionCookieName(ctx.config);
  return new Elysia({ name: "yearly" }).use(withSession(ctx)).get(
    "/dashboard/:domain/report.pdf",
    async ({ params, query, user, cookie, request, server }) => {
      if (!user) return toSignin(request);
      // NOTE: a print ties up a Chromium for seconds: only proven accounts, within the print limit.
      if (!user.verified) throw new HttpError(403, VERIFY_EMAIL);
      const r = await reports.resolve(params.domain, user, query.year);
      if (r.kind === "pro-required") throw new HttpError(403, NOT_PRO);
      if (!server) throw new HttpError(503, "The report can be printed only by a server that listens.");
      limits.take("print", { request, server, account: user.uid });
      // NOTE: the page is asked of this very app with the asker's session only, so the PDF shows
      // what they may read and nothing the browser could fetch elsewhere.
      const session = cookie[cookieName]?.value;
      const held = typeof session === "string" && session ? `${cookieName}=${session}` : null;
      // NOTE: the page printed is asked with the same filters, so the PDF is the page the asker sees.
      const filters = filtersOf(query);
      const pdf = await printer.print(`${ctx.origin.value}${reportHref(r.domain.name, r.year, filters)}`, (req) => Promise.resolve(server.fetch(req)), held, user.uid);
      return download(pdf, "application/pdf", pdfName(r.domain.name, r.year));
    },
    { params: ReportParams, query: ReportQuery },
  ).get(
    // NOTE: no verified-email or print limit here: a sheet is the page's own figures, no Chromium.
    "/dashboard/:domain/report.xlsx",
    ({ params, query, user, request }) => user
      ? reportFile(reports, user, params.domain, query, { name: (r) => `${fileBase(r)}_vsme.xlsx`, type: XLSX, body: vsmeWorkbook })
      : toSignin(request),
    { params: ReportParams, query: ReportQuery },
  ).get(
    "/dashboard/:domain/report-declaration.md",
    ({ params, query, user, request }) => user
      ? reportFile(reports, user, params.domain, query, { name: (r) => `${fileBase(r)}_eco-design-declaration.md`, type: "text/markdown; charset=utf-8", body: (r) => Promise.resolve(declarationMarkdown(r)) })
      : toSignin(request),
    { params: ReportParams, query: ReportQuery },
  );
};
