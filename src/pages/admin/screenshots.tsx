// "/admin/screenshots" — the inspector's newest screenshots with their URLs: delete one, or delete
// it with the URL's finished runs (its history) too.
import { ActionButton } from "../../../components/admin/ActionButton";
import { formatBytes } from "../../shared/units";
import { H1, when } from "../../../components/admin/ui";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "adminScreenshots", layout: "admin", guards: { auth: true, admin: true } };

export default async function AdminScreenshotsPage({ services }: PageProps) {
  const { screenshots } = await services.admin.screenshots();
  return (
    <>
      <H1>Screenshots</H1>
      {screenshots.length === 0 && <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">No screenshots yet.</p>}
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {screenshots.map((s) => (
          <li key={s.url} className="rounded-lg border border-gray-200 p-3 dark:border-gray-800">
            <img src={`/api/admin/screenshots/image?url=${encodeURIComponent(s.url)}`} alt={`Screenshot of ${s.url}`} loading="lazy"
              className="aspect-video w-full rounded border border-gray-100 object-cover object-top" />
            <p className="mt-2 break-all text-sm font-medium">{s.url}</p>
            <p className="text-xs text-gray-600 dark:text-gray-400">{when(s.takenAt)} · {formatBytes(s.bytes)}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <ActionButton label="Delete" path="/api/admin/screenshots/delete" body={{ url: s.url }} confirm={`Delete the screenshot of ${s.url}?`} danger />
              <ActionButton label="Delete with history" path="/api/admin/screenshots/delete" body={{ url: s.url, history: true }}
                confirm={`Delete the screenshot and every finished run of ${s.url}?`} danger />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
