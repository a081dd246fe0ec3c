"use client";
// The owner's form for a new funnel, in the Funnels section: a name and 2 to 8 steps, each a select
// of the domain's goals in order, with Add step and a Remove button per step. The steps are checked
// as they change by the rule the API applies (stepsProblem); the API's refusals show inline. The
// select a new step brings gets the focus, a removed step's focus goes to Add step; Escape cancels.
import { useId, useRef, useState } from "react";
import { FUNNEL_MAX_STEPS, FUNNEL_MIN_STEPS, FUNNEL_NAME_MAX_LENGTH, stepsProblem, type Funnel } from "../../../src/shared/funnels";
import type { GoalRow } from "../../../src/shared/goals";
import { api } from "../../forms/api";
import { FIELD } from "../FilterMenu";
import { GOAL_BUTTON, LABEL, SECONDARY } from "./form-styles";

type Props = {
  domain: string;
  /** The domain's goals, the steps' choices. */
  goals: Pick<GoalRow, "id" | "name">[];
  onSaved: (funnel: Funnel) => void;
  onCancel: () => void;
};

const SMALL = "shrink-0 rounded-md px-2 py-1.5 text-xs font-medium text-gray-700 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40 dark:text-gray-300 dark:hover:bg-gray-800";

/** A goal for a new step: the one after the last step's in the list, so no step repeats the one before. */
const nextGoal = (goals: Props["goals"], last: number | undefined) => {
  const at = goals.findIndex((g) => g.id === last);
  return goals[(at + 1) % goals.length]!.id;
};

export function FunnelForm({ domain, goals, onSaved, onCancel }: Props) {
  const id = useId();
  const [name, setName] = useState("");
  const [steps, setSteps] = useState(() => goals.slice(0, FUNNEL_MIN_STEPS).map((g) => g.id));
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  // NOTE: true once a step was added, so the select it brings takes the focus as it mounts.
  const [grown, setGrown] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const problem = stepsProblem(steps);
  const ready = name.trim() !== "" && !problem && !busy;

  const submit = async () => {
    setBusy(true);
    const r = await api<{ funnel: Funnel }>("POST", `/api/domains/${encodeURIComponent(domain)}/funnels`, { name: name.trim(), steps });
    setBusy(false);
    if (r.ok) return onSaved(r.data.funnel);
    setFailure({ message: r.message, fields: r.fields });
  };
  const setStep = (i: number, goal: number) => setSteps((s) => s.map((g, j) => (j === i ? goal : g)));
  const remove = (i: number) => (setSteps((s) => s.filter((_, j) => j !== i)), addButton.current?.focus());
  const nameError = failure?.fields.name;
  const stepsError = failure?.fields.steps ?? problem;
  const named = failure && (failure.fields.name || failure.fields.steps);

  return (
    <form
      aria-label="Add a funnel"
      data-testid="funnel-form"
      className="mb-3 grid gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm dark:border-gray-700 dark:bg-gray-950"
      onKeyDown={(e) => e.key === "Escape" && (e.stopPropagation(), onCancel())}
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) void submit();
      }}
    >
      <div className="min-w-0 sm:max-w-sm">
        <label htmlFor={`${id}-name`} className={LABEL}>Name</label>
        <input
          id={`${id}-name`} type="text" required autoFocus maxLength={FUNNEL_NAME_MAX_LENGTH} value={name} onChange={(e) => setName(e.target.value)}
          aria-invalid={!!nameError || undefined} aria-describedby={nameError ? `${id}-name-error` : undefined} className={FIELD}
        />
        {nameError && <p id={`${id}-name-error`} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">{nameError}</p>}
      </div>
      <fieldset className="min-w-0" aria-describedby={stepsError ? `${id}-steps-error` : undefined}>
        <legend className={LABEL}>Steps, in the order a visitor takes them ({FUNNEL_MIN_STEPS} to {FUNNEL_MAX_STEPS})</legend>
        <ol className="mt-1 grid gap-1.5">
          {steps.map((goal, i) => (
            <li key={i} className="flex min-w-0 items-center gap-2">
              <label htmlFor={`${id}-step-${i}`} className="w-14 shrink-0 text-xs text-gray-600 dark:text-gray-400">Step {i + 1}</label>
              <select
                id={`${id}-step-${i}`} value={goal} onChange={(e) => setStep(i, Number(e.target.value))}
                autoFocus={grown && i === steps.length - 1} className={`${FIELD} min-w-0 flex-1`}
              >
                {goals.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
              </select>
              <button type="button" className={SMALL} aria-label={`Remove step ${i + 1}`} disabled={steps.length <= FUNNEL_MIN_STEPS} onClick={() => remove(i)}>Remove</button>
            </li>
          ))}
        </ol>
        <button
          ref={addButton} type="button" className={`${SMALL} mt-1.5`} disabled={steps.length >= FUNNEL_MAX_STEPS}
          onClick={() => (setGrown(true), setSteps((s) => [...s, nextGoal(goals, s.at(-1))]))}
        >
          + Add step
        </button>
        {stepsError && <p id={`${id}-steps-error`} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">{stepsError}</p>}
      </fieldset>
      {failure && !named && <p role="alert" className="text-red-700 dark:text-red-400">{failure.message}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onCancel} className={SECONDARY}>Cancel</button>
        <button type="submit" disabled={!ready} className={GOAL_BUTTON}>Add funnel</button>
      </div>
    </form>
  );
}
