"use client";
// The owner's form for one goal, in the Goals section: a name, the kind (page or event; fixed once
// the goal exists, as the API keeps it), a page pattern checked as it is typed (patternProblem,
// the rule the API applies) or an event name offered from the range's events, and an event goal's
// optional value. The API's refusals show inline, beside their field when it names one. Escape
// cancels.
import { useId, useState, type InputHTMLAttributes } from "react";
import { GOAL_MATCH_MAX_LENGTH, GOAL_NAME_MAX_LENGTH, patternProblem, type Goal, type GoalKind } from "../../../src/shared/goals";
import { api } from "../../forms/api";
import { FIELD } from "../FilterMenu";
import { GOAL_BUTTON, LABEL, SECONDARY } from "./form-styles";

export type GoalFormProps = {
  domain: string;
  /** The goal edited; absent for a new one. */
  goal?: Goal;
  /** Event names to offer (the range's events). */
  events: string[];
  onSaved: () => void;
  onCancel: () => void;
};

const PATTERN_HINT = "/thanks, /blog/** (* within a segment, ** across)";

type Failure = { message: string; fields: Record<string, string> };

/** What the API is sent: POST names the kind; PATCH cannot change it, and null clears a value. */
function body(kind: GoalKind, name: string, match: string, value: string, creating: boolean) {
  const v = kind === "event" ? value.trim() || null : undefined;
  return creating ? { name, kind, match, ...(v && { value: v }) } : { name, match, ...(v !== undefined && { value: v }) };
}

export function GoalForm({ domain, goal, events, onSaved, onCancel }: GoalFormProps) {
  const id = useId();
  const [name, setName] = useState(goal?.name ?? "");
  const [kind, setKind] = useState<GoalKind>(goal?.kind ?? "page");
  const [match, setMatch] = useState(goal?.match ?? "");
  const [value, setValue] = useState(goal?.value ?? "");
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = kind === "page" && match !== "" ? patternProblem(match) : null;
  const ready = name.trim() !== "" && match.trim() !== "" && !problem && !busy;

  const submit = async () => {
    setBusy(true);
    const base = `/api/domains/${encodeURIComponent(domain)}/goals`;
    const r = await api(goal ? "PATCH" : "POST", goal ? `${base}/${goal.id}` : base, body(kind, name.trim(), match.trim(), value, !goal));
    setBusy(false);
    if (r.ok) return onSaved();
    setFailure({ message: r.message, fields: r.fields });
  };
  const fieldError = (field: string) => failure?.fields[field] ?? (field === "match" ? problem : null);
  // NOTE: the API's message shows once: beside the field it names, else under the form.
  const named = failure && ["name", "match", "value"].some((f) => failure.fields[f]);
  const matchInput = { required: true, maxLength: GOAL_MATCH_MAX_LENGTH, spellCheck: false, value: match, onChange: (e: { target: { value: string } }) => setMatch(e.target.value) };

  return (
    <form
      aria-label={goal ? `Edit goal ${goal.name}` : "Add a goal"}
      data-testid="goal-form"
      className="mb-3 grid gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm sm:grid-cols-2 dark:border-gray-700 dark:bg-gray-950"
      onKeyDown={(e) => e.key === "Escape" && (e.stopPropagation(), onCancel())}
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) void submit();
      }}
    >
      <Field id={`${id}-name`} label="Name" error={fieldError("name")} input={{ required: true, autoFocus: true, maxLength: GOAL_NAME_MAX_LENGTH, value: name, onChange: (e) => setName(e.target.value) }} />
      <fieldset disabled={!!goal} className="min-w-0">
        <legend className={LABEL}>Kind</legend>
        <div className="mt-1 flex gap-1 rounded-md border border-gray-300 bg-white p-0.5 dark:border-gray-700 dark:bg-gray-900">
          {(["page", "event"] as const).map((k) => (
            <label key={k} className="flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded px-2 py-1 text-gray-800 has-checked:bg-blue-700 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-blue-600 dark:text-gray-200">
              <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => (setKind(k), setMatch(""), setFailure(null))} className="sr-only" />
              {k === "page" ? "Page" : "Event"}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "page" ? (
        <Field id={`${id}-match`} label="Page pattern" hint={PATTERN_HINT} error={fieldError("match")} input={{ ...matchInput, placeholder: "/thanks" }} />
      ) : (
        <>
          <Field id={`${id}-match`} label="Event name" error={fieldError("match")} input={{ ...matchInput, list: `${id}-events` }} />
          <datalist id={`${id}-events`}>
            {events.map((e) => <option key={e} value={e} />)}
          </datalist>
          <Field id={`${id}-value`} label="Value (optional)" hint="Only events with this value convert" error={fieldError("value")} input={{ maxLength: GOAL_MATCH_MAX_LENGTH, value, onChange: (e) => setValue(e.target.value) }} />
        </>
      )}
      {failure && !named && <p role="alert" className="text-red-700 sm:col-span-2 dark:text-red-400">{failure.message}</p>}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <button type="button" onClick={onCancel} className={SECONDARY}>Cancel</button>
        <button type="submit" disabled={!ready} className={GOAL_BUTTON}>{goal ? "Save" : "Add goal"}</button>
      </div>
    </form>
  );
}

type FieldProps = { id: string; label: string; hint?: string; error: string | null; input: InputHTMLAttributes<HTMLInputElement> };

/** A labelled input with its hint and its problem, both read out with it. */
function Field({ id, label, hint, error, input }: FieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={LABEL}>{label}</label>
      <input type="text" {...input} id={id} aria-invalid={!!error || undefined} aria-describedby={described} className={FIELD} />
      {hint && <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">{hint}</p>}
      {error && <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">{error}</p>}
    </div>
  );
}
