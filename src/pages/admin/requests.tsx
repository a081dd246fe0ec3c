// "/admin/requests" — messages people sent, feedback and beta access requests in one list, newest
// first: mark one handled, or reply by email (which marks it handled too).
import { ActionButton } from "../../../components/admin/ActionButton";
import { Badge, H1, linkClass, when } from "../../../components/admin/ui";
import { ApiForm } from "../../../components/forms/ApiForm";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "adminRequests", layout: "admin", guards: { auth: true, admin: true } };

/** Where each kind's actions live in the admin API. */
const API = { feedback: "/api/admin/requests", access: "/api/admin/access-requests" } as const;
const KIND = { feedback: "feedback", access: "access request" } as const;

export default async function AdminRequestsPage({ services }: PageProps) {
  const { items } = await services.admin.requests();
  return (
    <>
      <H1>Requests</H1>
      {items.length === 0 && <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">No messages yet.</p>}
      <ul className="mt-4 space-y-4">
        {items.map((r) => (
          <li key={`${r.kind}-${r.id}`} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
            <p className="text-sm text-gray-600 dark:text-gray-400">
              <Badge tone={r.kind === "access" ? "blue" : "gray"}>{KIND[r.kind]}</Badge> {when(r.created)} ·{" "}
              {r.uid ? <a href={`/admin/users/${r.uid}`} className={linkClass}>{r.email}</a> : r.kind === "access" ? `${r.name} <${r.email}>` : "deleted account"}
              {r.website && <> · {r.website}</>}
              {r.domain && <> · {r.domain}</>}
              {r.page && <> · on {r.page}</>} · {r.handled ? <Badge tone="green">handled {when(r.handled)}</Badge> : <Badge tone="amber">open</Badge>}
            </p>
            <p className="mt-2 whitespace-pre-wrap text-gray-900 dark:text-gray-100">{r.message}</p>
            {!r.handled && (
              <div className="mt-3 flex flex-wrap items-start gap-4">
                <ActionButton label="Mark handled" path={`${API[r.kind]}/${r.id}/handled`} />
                {r.email && (
                  <details className="min-w-80 flex-1">
                    <summary className="cursor-pointer text-sm text-blue-700 dark:text-blue-400">Reply by email</summary>
                    <ApiForm
                      method="POST"
                      action={`${API[r.kind]}/${r.id}/reply`}
                      submit="Send reply"
                      fields={[{ name: "reply", label: `Reply to ${r.email}`, type: "textarea" }]}
                      then={{ navigate: "/admin/requests", flash: `Reply sent to ${r.email}.` }}
                    />
                  </details>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
