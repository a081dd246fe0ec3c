"use client";
// Funnels: the domain's funnels in a picker and the chosen one's steps (FunnelSteps) for the
// dashboard's range and filters, read through the dashboard's stats read (FUNNEL), with the
// counting rule under them and a link to the metrics page. The owner (an admin on their page too)
// adds a funnel of the domain's goals here (FunnelForm) and deletes the one shown. Pro only, as
// Goals: the GOALS answer says "locked" for both. The owner's list is read from
// /api/domains/:domain/funnels, again after each change; other viewers (a public dashboard, the
// demo) pick from the funnels the GOALS answer lists.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { FUNNEL_MIN_STEPS, FUNNEL_RULE, MAX_FUNNELS, type Funnel } from "../../../src/shared/funnels";
import { LOCKED } from "../../../src/shared/stats";
import { api } from "../../forms/api";
import { FIELD } from "../FilterMenu";
import { useFunnelList, useFunnelStats, type FunnelSource, type FunnelsListed } from "../funnel-load";
import type { GoalsLoaded } from "../load";
import { FunnelForm } from "./FunnelForm";
import { FunnelSteps } from "./FunnelSteps";
import { GOAL_BUTTON } from "./form-styles";
import { LOADING } from "./ListWidget";
import { ProLock } from "./ProLock";

export type FunnelsProps = {
  /** The GOALS answer: the steps' choices, the Pro lock, and a new one with every load (the funnel is read again). */
  goals?: GoalsLoaded;
  source: FunnelSource;
  /** The owner's page only: the domain whose funnels are kept. */
  manage?: { domain: string };
};

export const RULE_LINK = "/docs/metrics#funnels";
const DELETE = "rounded-md px-2.5 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-950";

/** The funnels to pick from: the owner's list, read on its own; the GOALS answer's for other viewers. */
function funnelsShown(manage: FunnelsProps["manage"], listed: FunnelsListed | undefined, goals: GoalsLoaded | undefined): Funnel[] | undefined {
  if (manage) return listed && "funnels" in listed ? listed.funnels : undefined;
  return goals && "funnels" in goals ? goals.funnels ?? [] : undefined;
}

export function Funnels({ goals, source, manage }: FunnelsProps) {
  const rows = goals && "rows" in goals ? goals.rows : undefined;
  const locked = rows === LOCKED;
  const { listed, reload } = useFunnelList(manage && !locked ? manage.domain : undefined);
  const [chosen, setChosen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const funnels = funnelsShown(manage, listed, goals);
  const shown = funnels?.find((f) => f.id === chosen) ?? funnels?.[0] ?? null;
  const loaded = useFunnelStats(source, shown?.id ?? null, goals);
  const goalList = rows && rows !== LOCKED ? rows : [];

  // NOTE: the form closed (saved or cancelled) gives the focus back to the add button.
  const formWasOpen = useRef(false);
  useEffect(() => {
    if (!adding && formWasOpen.current) addButton.current?.focus();
    formWasOpen.current = adding;
  }, [adding]);
  const saved = (f: Funnel) => (setAdding(false), setChosen(f.id), setError(null), reload());
  const remove = async (f: Funnel) => {
    setBusy(true);
    const r = await api("DELETE", `/api/domains/${encodeURIComponent(manage!.domain)}/funnels/${f.id}`);
    setBusy(false);
    if (!r.ok) return setError(r.message);
    setError(null);
    reload();
  };
  const canAdd = manage && funnels && funnels.length < MAX_FUNNELS && goalList.length >= FUNNEL_MIN_STEPS && !adding;
  const add = <button ref={addButton} type="button" className={GOAL_BUTTON} onClick={() => setAdding(true)}>Add a funnel</button>;

  const body = () => {
    if (!goals) return <Note>{LOADING}</Note>;
    if ("error" in goals) return <Note alert>Funnels could not be loaded: {goals.error.message}</Note>;
    if (locked) return <ProLock feature="Funnels" />;
    if (manage && !listed) return <Note>{LOADING}</Note>;
    if (listed && "error" in listed) return <Note alert>Funnels could not be loaded: {listed.error}</Note>;
    if (!manage && funnels!.length === 0) return <Note>No funnels on this dashboard yet.</Note>;
    if (funnels!.length === 0) {
      if (goalList.length < FUNNEL_MIN_STEPS) return <Note>Add at least two goals to build a funnel.</Note>;
      return adding ? null : (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 py-8">
          <p className="text-sm text-gray-600 dark:text-gray-400">No funnels yet</p>
          {canAdd && add}
        </div>
      );
    }
    return (
      <>
        <div className="mb-4 flex flex-wrap items-end gap-2">
          <label className="min-w-0 flex-1 basis-56 text-xs font-medium text-gray-700 sm:max-w-sm dark:text-gray-300">
            Funnel
            <select value={shown!.id} onChange={(e) => setChosen(Number(e.target.value))} className={FIELD} data-testid="funnel-picker">
              {funnels!.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
            </select>
          </label>
          {manage && (
            <button type="button" className={DELETE} disabled={busy} aria-label={`Delete funnel ${shown!.name}`} onClick={() => void remove(shown!)}>Delete</button>
          )}
        </div>
        {!loaded ? (
          <Note>{LOADING}</Note>
        ) : "error" in loaded ? (
          <Note alert>This funnel could not be loaded: {loaded.error.message}</Note>
        ) : loaded.funnel === LOCKED ? (
          <ProLock feature="Funnels" />
        ) : (
          <FunnelSteps result={loaded.funnel} />
        )}
      </>
    );
  };

  return (
    <section aria-labelledby="funnels-title" data-testid="funnels" className="flex h-full min-w-0 flex-col rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <div className="mb-3 flex min-h-8 items-center gap-2">
        <div className="min-w-0 flex-1">
          <h3 id="funnels-title" className="truncate text-[15px] font-semibold text-gray-900 dark:text-white">Funnels</h3>
          <p className="text-xs text-gray-500 dark:text-gray-400">Each step counted from the step before, with its drop-off and CO₂</p>
        </div>
        {canAdd && funnels.length > 0 && add}
      </div>
      {adding && manage && <FunnelForm domain={manage.domain} goals={goalList} onSaved={saved} onCancel={() => setAdding(false)} />}
      {error && <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">{error}</p>}
      {body()}
      {!locked && (
        <p className="mt-4 text-xs text-gray-600 dark:text-gray-400" data-testid="funnel-rule">
          {FUNNEL_RULE}{" "}
          <a href={RULE_LINK} className="font-medium text-blue-700 underline hover:text-blue-800 dark:text-blue-300">How funnels are counted</a>
        </p>
      )}
    </section>
  );
}

function Note({ children, alert }: { children: ReactNode; alert?: boolean }) {
  return (
    <p role={alert ? "alert" : undefined} className={`flex flex-1 items-center justify-center py-10 text-center text-sm ${alert ? "text-red-700 dark:text-red-400" : "text-gray-500 dark:text-gray-400"}`}>
      {children}
    </p>
  );
}
