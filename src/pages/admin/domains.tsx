// "/admin/domains" — every domain of every account: owner, verified, plan, created, time zone,
// page views in the last 30 days and public flag, with links to its dashboard (admins may open any)
// and to its owner.
import { day, H1, linkClass, Table } from "../../../components/admin/ui";
import { formatNumber } from "../../shared/numbers";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "adminDomains", layout: "admin", guards: { auth: true, admin: true } };

export default async function AdminDomainsPage({ services }: PageProps) {
  const { domains } = await services.admin.domains();
  return (
    <>
      <H1>Domains</H1>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{formatNumber(domains.length)} domains</p>
      <Table
        label="Domains"
        empty="No domains yet."
        head={["Domain", "Owner", "Verified", "Plan", "Created", "Time zone", "Views, 30 days", "Public"]}
        rows={domains.map((d) => [
          <a key="d" href={`/dashboard/${encodeURIComponent(d.name)}`} className={linkClass}>{d.name}</a>,
          d.owner ? <a key="o" href={`/admin/users/${d.owner}`} className={linkClass}>{d.ownerEmail}</a> : "—",
          d.verified ? "Yes" : "No",
          d.plan,
          day(d.created),
          d.tz,
          formatNumber(d.views30d),
          d.public ? "Yes" : "No",
        ])}
      />
    </>
  );
}
