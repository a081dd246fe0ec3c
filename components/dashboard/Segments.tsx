"use client";
// The Segments menu, on the owner's dashboard only: the domain's saved sets of filters
// (/api/segments). Picking one applies its filters; the current filters are saved under a name;
// a segment is renamed or deleted in place. A failed call says why inside the menu.
import { useEffect, useId, useState } from "react";
import { filtersKey, type Filter } from "../../src/shared/filters";
import type { Goal } from "../../src/shared/goals";
import { SEGMENT_NAME_MAX_LENGTH, type Segment } from "../../src/shared/segments";
import { api } from "../forms/api";
import { BAR_BUTTON, FIELD, MENU_PANEL, useBarMenu } from "./FilterMenu";
import { filterWords } from "./filter-values";

/** `goals`: the domain's goals, so a segment's goal filter is said by its goal's name. */
type Props = { domain: string; filters: Filter[]; goals?: readonly Goal[]; onApply: (filters: Filter[]) => void };

const small = "rounded px-1.5 py-0.5 text-xs font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white";
const primary = "rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-50";

export function SegmentsMenu({ domain, filters, goals = [], onApply }: Props) {
  const menu = useBarMenu();
  const id = useId();
  const [list, setList] = useState<Segment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Segment["id"] | null>(null);
  const [busy, setBusy] = useState(false);
  // NOTE: the save form's key: a new form (an empty name) after each save only. Keyed by the list,
  // the form was made again when the list arrived, and a name typed meanwhile was lost.
  const [saves, setSaves] = useState(0);
  const base = `/api/segments`;
  const query = `?domain=${encodeURIComponent(domain)}`;

  useEffect(() => {
    if (!menu.open) return;
    let current = true;
    void api<{ segments: Segment[] }>("GET", `${base}${query}`).then((r) => {
      if (!current) return;
      if (r.ok) setList(r.data.segments);
      else setError(r.message);
    });
    return () => {
      current = false;
    };
  }, [menu.open, base, query]);

  /** Runs a call; on success `then` takes its answer and the error clears. */
  const call = async <T,>(method: string, path: string, body: unknown, then: (data: T) => void) => {
    setBusy(true);
    const r = await api<T>(method, path, body);
    setBusy(false);
    if (!r.ok) return setError(r.message);
    setError(null);
    then(r.data);
  };
  const save = (name: string) =>
    call<{ segment: Segment }>("POST", `${base}${query}`, { name, filters }, (d) => (setList((l) => [...(l ?? []), d.segment]), setSaves((n) => n + 1)));
  const rename = (s: Segment, name: string) =>
    call<{ segment: Segment }>("PATCH", `${base}/${s.id}`, { name }, (d) => (setList((l) => l?.map((x) => (x.id === s.id ? d.segment : x)) ?? null), setRenaming(null)));
  const remove = (s: Segment) => call("DELETE", `${base}/${s.id}`, undefined, () => setList((l) => l?.filter((x) => x.id !== s.id) ?? null));
  const shown = filtersKey(filters);

  return (
    <div ref={menu.box} className="desk:relative">
      <button ref={menu.button} type="button" aria-expanded={menu.open} aria-controls={id} onClick={() => menu.setOpen(!menu.open)} className={BAR_BUTTON}>
        Segments <span aria-hidden="true" className="text-xs">▾</span>
      </button>
      {menu.open && (
        <div id={id} className={MENU_PANEL} data-testid="segments-menu">
          <h2 className="text-sm font-semibold text-gray-900 dark:text-white">Saved segments</h2>
          {list === null && !error && <p className="mt-2 text-gray-600 dark:text-gray-400">Loading…</p>}
          {list?.length === 0 && <p className="mt-2 text-gray-600 dark:text-gray-400">No segments yet. Add filters, then save them here.</p>}
          {list && list.length > 0 && (
            <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto">
              {list.map((s) => (
                <li key={s.id} className="rounded-md px-1 py-1 hover:bg-gray-50 dark:hover:bg-gray-800/60">
                  {renaming === s.id ? (
                    <NameForm label={`New name for ${s.name}`} initial={s.name} submit="Rename" busy={busy} onSubmit={(name) => void rename(s, name)} onCancel={() => setRenaming(null)} />
                  ) : (
                    <div className="flex items-start gap-1">
                      <button type="button" aria-current={filtersKey(s.filters) === shown || undefined} onClick={() => (onApply(s.filters), menu.close())} className="min-w-0 flex-1 rounded px-1 text-left aria-[current=true]:bg-blue-50 dark:aria-[current=true]:bg-blue-500/15">
                        <span className="block truncate font-medium text-gray-900 dark:text-white">{s.name}</span>
                        <span className="block truncate text-xs text-gray-600 dark:text-gray-400">{s.filters.map((f) => filterWords(f, goals)).join(" · ")}</span>
                      </button>
                      <button type="button" className={small} aria-label={`Rename ${s.name}`} onClick={() => setRenaming(s.id)}>Rename</button>
                      <button type="button" className={small} aria-label={`Delete ${s.name}`} disabled={busy} onClick={() => void remove(s)}>Delete</button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3 border-t border-gray-200 pt-3 dark:border-gray-700">
            {filters.length > 0 ? (
              <NameForm key={saves} label="Save as segment" initial="" submit="Save" busy={busy} onSubmit={(name) => void save(name)} />
            ) : (
              <p className="text-xs text-gray-600 dark:text-gray-400">Add a filter to save it as a segment.</p>
            )}
          </div>
          {error && <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">{error}</p>}
        </div>
      )}
    </div>
  );
}

type NameProps = { label: string; initial: string; submit: string; busy: boolean; onSubmit: (name: string) => void; onCancel?: () => void };

function NameForm({ label, initial, submit, busy, onSubmit, onCancel }: NameProps) {
  const [name, setName] = useState(initial);
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) onSubmit(name.trim());
      }}
    >
      <label className="block min-w-0 flex-1 text-xs font-medium text-gray-700 dark:text-gray-300">
        {label}
        <input type="text" required maxLength={SEGMENT_NAME_MAX_LENGTH} value={name} onChange={(e) => setName(e.target.value)} autoFocus={!!onCancel} className={FIELD} />
      </label>
      <button type="submit" disabled={busy || !name.trim()} className={`${primary} shrink-0`}>{submit}</button>
      {onCancel && <button type="button" onClick={onCancel} className={`${small} shrink-0 py-2`}>Cancel</button>}
    </form>
  );
}
