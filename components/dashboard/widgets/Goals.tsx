"use client";
// Goals: each goal with what it matches, its conversions and their change against the previous
// period (more is good news), its conversion rate over unique visits, an event goal's value sum and
// the CO2 per conversion. A goal's name filters the whole dashboard to its conversions' hits (the
// goal filter), and a second click takes that away. On the owner's page (an admin's too)
// goals are added, edited and deleted here, and GOALS is read again after each change. Pro only.
import { useEffect, useRef, useState } from "react";
import { MAX_GOALS, type Goal, type GoalRow } from "../../../src/shared/goals";
import { LOCKED } from "../../../src/shared/stats";
import { formatGrams } from "../../inspect/format";
import { api } from "../../forms/api";
import { goalMatch } from "../filter-values";
import { formatNumber, formatPercent } from "../format";
import type { GoalsLoaded } from "../load";
import { CHIP } from "./Events";
import { GOAL_BUTTON } from "./form-styles";
import { GoalFormLazy } from "./lazy";
import { Change } from "./ListRows";
import { LOADING } from "./ListWidget";
import { ProLock } from "./ProLock";

/** Who changes goals: the domain, and what to do after a change (read GOALS again). */
export type GoalsManage = { domain: string; onChanged: () => void };

type Props = {
  goals?: GoalsLoaded;
  /** The range's event names, offered by the form. */
  events: string[];
  /** The owner's page only. */
  manage?: GoalsManage;
  /** The goals (ids) the dashboard is filtered to, and the click that adds or takes away one. */
  filter: GoalFilter;
};
export type GoalFilter = { on: readonly string[]; toggle: (id: string) => void };

const SMALL = "rounded px-1.5 py-0.5 text-xs font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-50 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white";
const sums = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });

export function Goals({ goals, events, manage, filter }: Props) {
  // NOTE: "new" for the add form, a goal's id for its edit form; one form at a time.
  const [editing, setEditing] = useState<"new" | Goal["id"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const rows = goals && "rows" in goals ? goals.rows : undefined;
  const list = rows && rows !== LOCKED ? rows : undefined;

  // NOTE: a form closed (saved or cancelled) gives the focus to the add button, rendered again with it.
  const formWasOpen = useRef(false);
  useEffect(() => {
    if (editing === null && formWasOpen.current) addButton.current?.focus();
    formWasOpen.current = editing !== null;
  }, [editing]);
  const close = () => setEditing(null);
  const saved = () => (setEditing(null), setError(null), manage?.onChanged());
  const remove = async (g: Goal) => {
    setBusy(true);
    const r = await api("DELETE", `/api/domains/${encodeURIComponent(manage!.domain)}/goals/${g.id}`);
    setBusy(false);
    if (!r.ok) return setError(r.message);
    saved();
  };
  const form = (goal?: Goal) => manage && <GoalFormLazy domain={manage.domain} goal={goal} events={events} onSaved={saved} onCancel={close} />;
  // NOTE: no add button at MAX_GOALS: the API would refuse the goal.
  const adding = manage && list && list.length < MAX_GOALS && editing === null;

  return (
    <section aria-labelledby="goals-title" data-testid="goals" className="flex h-full min-w-0 flex-col rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <div className="mb-2 flex min-h-8 items-center gap-2">
        <div className="min-w-0 flex-1">
          <h3 id="goals-title" className="truncate text-[15px] font-semibold text-gray-900 dark:text-white">Goals</h3>
          <p className="text-xs text-gray-500 dark:text-gray-400">Conversions, rate over unique visits, and CO₂ per conversion</p>
        </div>
        {adding && list.length > 0 && (
          <button ref={addButton} type="button" className={GOAL_BUTTON} onClick={() => setEditing("new")}>Add a goal</button>
        )}
      </div>
      {editing === "new" && form()}
      {error && <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">{error}</p>}
      {!goals ? (
        <Note>{LOADING}</Note>
      ) : "error" in goals ? (
        <p role="alert" className="py-10 text-center text-sm text-red-700 dark:text-red-400">Goals could not be loaded: {goals.error.message}</p>
      ) : rows === LOCKED ? (
        <ProLock feature="Goals" />
      ) : list!.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 py-8">
          <p className="text-sm text-gray-600 dark:text-gray-400">{manage ? "No goals yet" : "No goals"}</p>
          {adding && <button ref={addButton} type="button" className={GOAL_BUTTON} onClick={() => setEditing("new")}>Add a goal</button>}
        </div>
      ) : (
        <ul className="flex flex-col gap-0.5" data-testid="goals-rows">
          {list!.map((g) =>
            editing === g.id ? (
              <li key={g.id}>{form(g)}</li>
            ) : (
              <GoalLine key={g.id} goal={g} filter={filter} actions={manage && { busy, edit: () => setEditing(g.id), remove: () => void remove(g) }} />
            ),
          )}
        </ul>
      )}
    </section>
  );
}

const Note = ({ children }: { children: string }) => <p className="flex flex-1 items-center justify-center py-10 text-sm text-gray-500 dark:text-gray-400">{children}</p>;

type LineProps = { goal: GoalRow; filter: GoalFilter; actions?: { busy: boolean; edit: () => void; remove: () => void } };

/** One goal: its name (the button of its filter, pressed while on) and match, its figures, the owner's buttons. */
function GoalLine({ goal: g, filter, actions }: LineProps) {
  const id = String(g.id);
  const on = filter.on.includes(id);
  const name = (
    <button
      type="button"
      aria-pressed={on}
      className="block max-w-full rounded text-left font-medium text-gray-900 wrap-anywhere hover:underline focus-visible:underline aria-pressed:text-blue-800 aria-pressed:underline dark:text-white dark:aria-pressed:text-blue-300"
      title={on ? "Remove this goal's filter" : "Filter the dashboard to this goal's conversions"}
      onClick={() => filter.toggle(id)}
    >
      <span className="sr-only">Filter by </span>
      {g.name}
    </button>
  );
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-2 py-1.5 text-sm hover:bg-gray-50 dark:hover:bg-gray-800/60" data-testid="goal-row" data-goal={g.name}>
      <div className="min-w-0 flex-1">
        {name}
        <p className="truncate font-mono text-xs text-gray-600 dark:text-gray-400" title={goalMatch(g)}>{goalMatch(g)}</p>
      </div>
      {/* NOTE: on a phone the name keeps the first line with the count, the facts and the buttons go
          on the next (after the break); from 640 px one line. */}
      <span aria-hidden="true" className="order-1 basis-full sm:hidden" />
      <span className="order-2 flex flex-1 flex-wrap items-center gap-1.5 sm:order-none sm:flex-none">
        <span className={CHIP} title="Conversion rate: conversions over unique visits" data-testid="goal-rate">{formatPercent(g.rate)}</span>
        {g.valueSum !== null && <span className={CHIP} title="Sum of the converting events' values" data-testid="goal-value">Value {sums.format(g.valueSum)}</span>}
        {g.co2PerConversion !== null && (
          <span className={CHIP} title="CO₂ per conversion: the CO₂ of the range's page views over the conversions" data-testid="goal-co2">{formatGrams(g.co2PerConversion)} CO₂ each</span>
        )}
      </span>
      <span className="flex shrink-0 items-baseline gap-2">
        <Change c={g.c} metric="conversions" />
        <span className="min-w-10 text-right font-medium text-gray-900 tabular-nums dark:text-white" data-testid="goal-conversions" title="Conversions">{formatNumber(g.conversions)}</span>
      </span>
      {actions && (
        <span className="order-3 flex shrink-0 gap-1 sm:order-none">
          <button type="button" className={SMALL} aria-label={`Edit ${g.name}`} onClick={actions.edit}>Edit</button>
          <button type="button" className={SMALL} aria-label={`Delete ${g.name}`} disabled={actions.busy} onClick={actions.remove}>Delete</button>
        </span>
      )}
    </li>
  );
}
