// "/dashboard/{domain}/report?year=YYYY&f=…" — the yearly sustainability report, for the slice of
// the dashboard's filters (`f`, src/shared/filters.ts) when it has any, a printable page whose PDF
// (/dashboard/{domain}/report.pdf) is this page printed by Chromium. The yearReport service
// decides everything (who may read it, the plan, the year) and reads every figure from the stats
// room; a domain whose plan lacks it shows the Pro notice with an upgrade link for the account's tier,
// and stats too busy to read the year now say so, with a link to try again.
import { ProRequired } from "../../../components/report/ProRequired";
import { StatsBusy } from "../../../components/report/StatsBusy";
import { YearReport } from "../../../components/report/YearReport";
import { describeFilter, filtersFromParams, withFilterParams } from "../../shared/filters";
import { tierFor, upgradeHref } from "../../shared/pricing";
import { YEAR_PATTERN } from "../../shared/yearly";
import type { Head, PageProps, PageServices } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "domainReport", layout: "dashboard", guards: { auth: true } };

/** The title names the domain, year and slice, so a saved PDF and a browser tab say what they hold. */
export function head({ params, searchParams }: PageProps): Head | null {
  const year = searchParams.get("year") ?? "";
  if (!new RegExp(YEAR_PATTERN).test(year)) return null;
  const domain = (params.domain ?? "").toLowerCase();
  const filters = filtersFromParams(searchParams);
  const slice = filters.length > 0 ? ` (${filters.map((f) => describeFilter(f)).join("; ")})` : "";
  return { title: `${domain}: sustainability report ${year}${slice} · Bothy`, description: `Page views, energy and CO2 of ${domain} in ${year}${slice}.` };
}

/** Upgrade to the tier that holds the account's visits this month; the first tier when unknown. */
async function upgradeFor(services: PageServices, uid: string): Promise<string> {
  const usage = await services.accountUsage(uid).catch(() => null);
  return upgradeHref(tierFor(usage?.visits ?? 0), "month");
}

export default async function ReportPage({ params, searchParams, user, services }: PageProps) {
  const domain = (params.domain ?? "").toLowerCase();
  // NOTE: a malformed `f` is left out (filtersFromParams): a link typed by hand still opens.
  const filters = filtersFromParams(searchParams);
  // NOTE: the way back keeps the slice, as the dashboard's own URL holds it.
  const back = withFilterParams(new URLSearchParams(), filters).toString();
  const dashboardHref = `/dashboard/${encodeURIComponent(domain)}${back ? `?${back}` : ""}`;
  // NOTE: the auth guard has sent the signed-out to /signin already.
  const answer = await services.yearReport(domain, user!, searchParams.get("year"), filters);
  if (answer.kind === "pro-required") {
    return <ProRequired domain={domain} upgradeHref={await upgradeFor(services, user!.uid)} dashboardHref={dashboardHref} />;
  }
  if (answer.kind === "busy") return <StatsBusy domain={domain} year={answer.year} filters={filters} dashboardHref={dashboardHref} />;
  return <YearReport report={answer.report} dashboardHref={dashboardHref} />;
}
