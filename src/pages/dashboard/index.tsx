// "/dashboard/{domain}" — the domain dashboard. The numbers load in the
// browser from /api/stats, which decides who may read them (owner, admin, anyone for the demo).
// Signed-out visitors go to /signin remembering the page, except on the demo domain.
import { Dashboard } from "../../../components/dashboard/Dashboard";
import { hasAdminScope, hasProScope } from "../../shared/plans";
import { PageRedirect } from "../../web/errors";
import { signinLocation } from "../../web/guards";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

// NOTE: open to all here; the page itself sends signed-out visitors to /signin (the demo is the exception).
export const meta: Meta = { head: "dashboard", layout: "dashboard", guards: { auth: false } };

export default function DashboardPage({ params, searchParams, user, beta, demo: demoName }: PageProps) {
  const domain = (params.domain ?? "").toLowerCase();
  const pathname = `/dashboard/${encodeURIComponent(domain)}`;
  const demo = !!demoName && domain === demoName;
  if (!user && !demo) {
    const search = searchParams.size ? `?${searchParams}` : "";
    throw new PageRedirect(signinLocation(pathname, search));
  }
  return (
    <Dashboard
      target={{ domain }}
      mode={demo ? "demo" : "owner"}
      name={domain}
      pathname={pathname}
      user={user && { name: user.name, pro: hasProScope(user, beta), admin: hasAdminScope(user) }}
    />
  );
}
