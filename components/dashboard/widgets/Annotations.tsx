"use client";
// The annotations of the range under the time chart: the owner's notes and the alerts Bothy added
// (a heavier or slower page, one over its budget, a traffic spike or drop), each with its day; the owner adds a note for a day and
// deletes any. They come from GET /api/annotations and are marked on the chart (TimeChart `marks`).
import { useCallback, useEffect, useState } from "react";
import { ANNOTATION_KINDS, ANNOTATION_MAX_LENGTH, type Annotation } from "../../../src/shared/annotations";
import { shortDay } from "../../../src/shared/days";
import { api } from "../../forms/api";

const TONE: Record<Annotation["kind"], string> = {
  note: "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200",
  regression: "bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-200",
  traffic: "bg-blue-100 text-blue-900 dark:bg-blue-500/20 dark:text-blue-200",
  speed: "bg-red-100 text-red-900 dark:bg-red-500/20 dark:text-red-200",
  budget: "bg-red-100 text-red-900 dark:bg-red-500/20 dark:text-red-200",
};

/** The range's annotations of `domain`, or none when `domain` is null (a public dashboard). */
export function useAnnotations(domain: string | null, startKey: string, endKey: string) {
  const [list, setList] = useState<Annotation[]>([]);
  const load = useCallback(() => {
    if (!domain) return;
    const q = new URLSearchParams({ domain, startKey, endKey });
    // NOTE: an answer equal to the list shown keeps its identity: the chart (memoised on it) is not
    // laid out again for nothing, as on every load of a range without annotations.
    void api<{ annotations: Annotation[] }>("GET", `/api/annotations?${q}`).then(
      (r) => r.ok && setList((shown) => (JSON.stringify(shown) === JSON.stringify(r.data.annotations) ? shown : r.data.annotations)),
    );
  }, [domain, startKey, endKey]);
  useEffect(load, [load]);
  return { list, reload: load };
}

type Props = { domain: string; list: Annotation[]; owner: boolean; defaultDay: string; onChange: () => void };

export function Annotations({ domain, list, owner, defaultDay, onChange }: Props) {
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    setBusy(true);
    const r = await api("POST", "/api/annotations", { domain, day: String(data.get("day")), text: String(data.get("text")) });
    setBusy(false);
    if (!r.ok) return setError(r.message);
    setError(null);
    setAdding(false);
    onChange();
  };
  const remove = async (id: number) => {
    const r = await api("DELETE", `/api/annotations/${id}?domain=${encodeURIComponent(domain)}`);
    if (!r.ok) return setError(r.message);
    onChange();
  };
  if (!list.length && !owner) return null;
  return (
    <div className="mt-3 border-t border-gray-100 pt-3 text-sm dark:border-gray-800" data-testid="annotations">
      {list.length > 0 && (
        <ul className="space-y-1.5">
          {list.map((a) => (
            <li key={a.id} className="flex items-start gap-2">
              <time dateTime={a.day} className="shrink-0 tabular-nums text-gray-500 dark:text-gray-400">{shortDay(a.day)}</time>
              <span className={`shrink-0 rounded px-1.5 py-px text-[11px] font-medium ${TONE[a.kind]}`}>{ANNOTATION_KINDS[a.kind]}</span>
              <span className="min-w-0 flex-1 break-words text-gray-800 dark:text-gray-200">{a.text}</span>
              {owner && (
                <button type="button" onClick={() => void remove(a.id)} className="shrink-0 text-xs text-gray-500 hover:text-red-700" aria-label={`Delete the annotation of ${shortDay(a.day)}`}>
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {owner &&
        (adding ? (
          <form
            className="mt-2 flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void add(e.currentTarget);
            }}
          >
            <label className="flex flex-col text-xs text-gray-600 dark:text-gray-400">
              Day
              <input name="day" type="date" required defaultValue={defaultDay} className="mt-0.5 rounded-md border border-gray-300 px-2 py-1 text-sm dark:border-gray-700 dark:bg-gray-900" />
            </label>
            <label className="flex min-w-48 flex-1 flex-col text-xs text-gray-600 dark:text-gray-400">
              Note
              <input name="text" required maxLength={ANNOTATION_MAX_LENGTH} placeholder="What happened that day?" className="mt-0.5 rounded-md border border-gray-300 px-2 py-1 text-sm dark:border-gray-700 dark:bg-gray-900" />
            </label>
            <button type="submit" disabled={busy} className="rounded-md bg-blue-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-50">
              {busy ? "Saving…" : "Add note"}
            </button>
            <button type="button" onClick={() => setAdding(false)} className="rounded-md px-2 py-1.5 text-sm text-gray-600 hover:bg-gray-50 dark:text-gray-300">
              Cancel
            </button>
          </form>
        ) : (
          <button type="button" onClick={() => setAdding(true)} className="mt-2 text-sm font-medium text-blue-700 hover:underline dark:text-blue-300">
            + Annotate a day
          </button>
        ))}
      {error && <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p>}
    </div>
  );
}
