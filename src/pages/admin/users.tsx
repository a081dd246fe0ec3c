// "/admin/users" — every account: search by email or name, 50 a page, with scopes, verified,
// created, last sign-in and domain count; each opens the user's page, where the actions are.
import { Badge, day, H1, linkClass, Table, when } from "../../../components/admin/ui";
import { formatNumber } from "../../shared/numbers";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "adminUsers", layout: "admin", guards: { auth: true, admin: true } };

export default async function AdminUsersPage({ searchParams, services }: PageProps) {
  const q = (searchParams.get("q") ?? "").slice(0, 200);
  const page = Math.min(Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1), 100_000);
  const { users, total, pages } = await services.admin.users(q, page);
  const at = (p: number) => `/admin/users?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <>
      <H1>Users</H1>
      <form method="get" action="/admin/users" className="mt-4 flex gap-2" role="search">
        <label htmlFor="admin-user-search" className="sr-only">Search by email or name</label>
        <input id="admin-user-search" name="q" defaultValue={q} placeholder="Email or name"
          className="w-72 rounded-md border border-gray-300 px-3 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-900" />
        <button type="submit" className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white">Search</button>
      </form>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{formatNumber(total)} {total === 1 ? "user" : "users"}</p>
      <Table
        label="Users"
        empty="No user matches."
        head={["Email", "Name", "Scope", "Verified", "Created", "Last sign-in", "Domains"]}
        rows={users.map((u) => [
          <a key="e" href={`/admin/users/${u.uid}`} className={linkClass}>{u.email}</a>,
          u.name,
          <span key="s">
            {u.scope.map((s) => <Badge key={s} tone={s === "admin" ? "red" : "blue"}>{s}</Badge>)}
            {u.disabled && <Badge tone="amber">sign-in off</Badge>}
          </span>,
          u.verified ? "Yes" : "No",
          day(u.created),
          when(u.lastSignin),
          formatNumber(u.domains),
        ])}
      />
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex gap-4 text-sm">
          {page > 1 && <a href={at(page - 1)} className={linkClass}>Previous</a>}
          <span>Page {page} of {pages}</span>
          {page < pages && <a href={at(page + 1)} className={linkClass}>Next</a>}
        </nav>
      )}
    </>
  );
}
