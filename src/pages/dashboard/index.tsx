// "/dashboard/{domain}" — the domain dashboard. The numbers load in the
// browser from /api/stats, which decides who may read them (owner, admin, anyone for the demo);
// the view (range, chart, list limit, popup) comes from the URL's query, so the first load asks it.
// Signed-out visitors go to /signin remembering the page, except on the demo domain.
import { Suspense } from "react";
import { Dashboard } from "../../../components/dashboard/Dashboard";
import { UsageBanner } from "../../../components/pricing/Usage";
import { parseView } from "../../../components/dashboard/view-url";
import { dayKey } from "../../shared/days";
import { hasAdminScope, hasProScope } from "../../shared/plans";
import type { AccountUsage } from "../../shared/usage";
import { PageRedirect } from "../../web/errors";
import { signinLocation } from "../../web/guards";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

// NOTE: open to all here; the page itself sends signed-out visitors to /signin (the demo is the exception).
export const meta: Meta = { head: "dashboard", layout: "dashboard", guards: { auth: false } };

/** How long the document stays open for the banner: a busy database must not hold the load event. */
const USAGE_WAIT_MS = 2000;

/** The over-tier banner, streamed in when the account's usage is read: the page never waits for it. */
async function OverTierBanner({ usage }: { usage: Promise<AccountUsage | null> }) {
  const account = await usage;
  return account && <UsageBanner usage={account} />;
}

export default async function DashboardPage({ params, searchParams, user, beta, demo: demoName, services }: PageProps) {
  const domain = (params.domain ?? "").toLowerCase();
  const pathname = `/dashboard/${encodeURIComponent(domain)}`;
  const demo = !!demoName && domain === demoName;
  if (!user && !demo) {
    const search = searchParams.size ? `?${searchParams}` : "";
    throw new PageRedirect(signinLocation(pathname, search));
  }
  // NOTE: the first range is the domain's own days, known here before any answer.
  // NOTE: the usage banner is a hint: it streams in behind a Suspense boundary, and a failing or slow
  // read leaves it out.
  const usage = user ? Promise.race([services.accountUsage(user.uid).catch(() => null), Bun.sleep(USAGE_WAIT_MS).then(() => null)]) : null;
  // NOTE: the server's UTC day when it cannot tell the domain's (refused, failed or slow): the first
  // answer corrects it, and the browser's first render matches this HTML whatever its zone.
  const today = await services.dashboardToday(domain, user);
  // NOTE: keyed by the query: a link to another view of this page starts from that view, while the
  // views the dashboard sets itself never re-render the page.
  return (
    <>
      {usage && (
        <Suspense fallback={null}>
          <OverTierBanner usage={usage} />
        </Suspense>
      )}
      <Dashboard
        target={{ domain }}
        mode={demo ? "demo" : "owner"}
        name={domain}
        pathname={pathname}
        key={searchParams.toString()}
        initialView={parseView(searchParams)}
        today={today ?? dayKey(Date.now())}
        selfTracking={services.selfTracking}
        user={user && { name: user.name, pro: hasProScope(user, beta), admin: hasAdminScope(user) }}
      />
    </>
  );
}
