"use client";
// Every account and settings form in one component: described by serialisable props (so server
// pages can declare them), sent as JSON to our API, disabled while sending, and on failure the
// API's `fields` messages appear under their fields (focused, aria-invalid) with nothing typed lost.
import { useId, useRef, useState, type FormEvent } from "react";
import { navigate } from "../../src/web/client/navigation";
import { api } from "./api";
import { flash } from "./flash";

export type FieldSpec = {
  name: string;
  label: string;
  type: "text" | "email" | "password" | "select" | "checkbox" | "textarea";
  autoComplete?: string;
  defaultValue?: string | boolean;
  options?: { value: string; label: string }[];
  hint?: string;
  /** Not sent when left empty (e.g. an optional new password). */
  optional?: boolean;
};

export type AfterSuccess = {
  /** Go there (client navigation); `flash` is shown in the message area on arrival. "{key}" in
   * either is replaced by that member of the answer, e.g. "/dashboard/{domain}/install". */
  navigate?: string;
  /** Full page load instead, when the session changed under the layout (sign-in, sign-out). */
  reload?: boolean;
  flash?: string;
  /** Said in the form itself. */
  message?: string;
  /** Empty the fields again (a form used many times, like "add a domain"). */
  clear?: boolean;
  /** A window event other components listen to, e.g. "bothy:domains" to refetch the list. */
  event?: string;
};

type Props = {
  method: "POST" | "PATCH" | "DELETE";
  action: string;
  fields: FieldSpec[];
  submit: string;
  /** Constant body members, e.g. the token from the link. */
  extra?: Record<string, string>;
  then?: AfterSuccess;
  danger?: boolean;
  /** The answer's value under this key is shown once, e.g. a new API key. */
  reveal?: string;
  /** Sees the answer first (for a client component around the form); true means it took over
   * (showed a next step) and `then` is skipped. */
  onAnswer?: (answer: Record<string, unknown>) => boolean;
};

type Values = Record<string, string | boolean>;

const initial = (fields: FieldSpec[]): Values =>
  Object.fromEntries(fields.map((f) => [f.name, f.defaultValue ?? (f.type === "checkbox" ? false : "")]));

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-blue-600 aria-[invalid=true]:border-red-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100";

export function ApiForm(props: Props) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => initial(props.fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [done, setDone] = useState("");
  const [revealed, setRevealed] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setProblem("");
    setDone("");
    const body: Record<string, unknown> = { ...props.extra };
    for (const f of props.fields) {
      const v = values[f.name];
      if (f.optional && v === "") continue;
      body[f.name] = v;
    }
    const r = await api<Record<string, unknown>>(props.method, props.action, body);
    if (!r.ok) {
      setBusy(false);
      const known = Object.fromEntries(Object.entries(r.fields).filter(([k]) => props.fields.some((f) => f.name === k)));
      setErrors(known);
      // NOTE: a message that belongs to no field on screen (throttled, offline) goes on top.
      if (Object.keys(known).length === 0) setProblem(r.message);
      const first = props.fields.find((f) => known[f.name]);
      // NOTE: after the re-render that re-enables the fieldset, or focus() would be ignored.
      if (first) requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus());
      return;
    }
    setErrors({});
    if (props.onAnswer?.(r.data ?? {})) return setBusy(false);
    const then = props.then ?? {};
    if (props.reveal) {
      // NOTE: the secret itself (a webhook's), or an object holding it as `key` (an API key's).
      const shown = r.data?.[props.reveal];
      const secret = typeof shown === "object" && shown !== null ? (shown as { key?: unknown }).key : shown;
      if (typeof secret === "string") setRevealed(secret);
    }
    if (then.event) dispatchEvent(new Event(then.event));
    const fill = (t: string, uri: boolean) =>
      t.replace(/\{(\w+)\}/g, (_, k: string) => (uri ? encodeURIComponent(String(r.data?.[k] ?? "")) : String(r.data?.[k] ?? "")));
    if (then.reload && then.navigate) return location.assign(fill(then.navigate, true));
    if (then.navigate) {
      const to = fill(then.navigate, true);
      if (then.flash) flash(to, fill(then.flash, false));
      return void navigate(to);
    }
    setBusy(false);
    if (then.clear) setValues(initial(props.fields));
    if (then.message) setDone(then.message);
  }

  const set = (name: string, v: string | boolean) => setValues((old) => ({ ...old, [name]: v }));

  return (
    <form ref={form} noValidate onSubmit={submit} className="space-y-4 text-left" aria-busy={busy}>
      {problem && (
        <p role="alert" className="rounded-md bg-red-100 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      <fieldset disabled={busy} className="space-y-4">
        {props.fields.map((f) => {
          const fid = `${id}-${f.name}`;
          const err = errors[f.name];
          const described = [err ? `${fid}-error` : "", f.hint ? `${fid}-hint` : ""].filter(Boolean).join(" ") || undefined;
          const common = { id: fid, name: f.name, "aria-invalid": err ? true : undefined, "aria-describedby": described };
          const v = values[f.name];
          return (
            <div key={f.name}>
              {f.type === "checkbox" ? (
                <label htmlFor={fid} className="flex items-center gap-2 text-sm font-medium text-gray-800 dark:text-gray-200">
                  <input {...common} type="checkbox" className="h-4 w-4" checked={v === true} onChange={(e) => set(f.name, e.target.checked)} />
                  {f.label}
                </label>
              ) : (
                <label htmlFor={fid} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
                  {f.label}
                </label>
              )}
              {f.type === "select" && (
                <select {...common} className={inputClass} value={String(v)} onChange={(e) => set(f.name, e.target.value)}>
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              )}
              {f.type === "textarea" && (
                <textarea {...common} rows={5} className={inputClass} value={String(v)} onChange={(e) => set(f.name, e.target.value)} />
              )}
              {(f.type === "text" || f.type === "email" || f.type === "password") && (
                <input {...common} type={f.type} autoComplete={f.autoComplete} className={inputClass} value={String(v)} onChange={(e) => set(f.name, e.target.value)} />
              )}
              {f.hint && (
                <p id={`${fid}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
                  {f.hint}
                </p>
              )}
              {err && (
                <p id={`${fid}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                  {err}
                </p>
              )}
            </div>
          );
        })}
        <button
          type="submit"
          className={`w-full rounded-md px-4 py-2 text-sm font-semibold text-white disabled:opacity-60 ${props.danger ? "bg-red-700 hover:bg-red-800" : "bg-blue-700 hover:bg-blue-800"}`}
        >
          {busy ? "Sending…" : props.submit}
        </button>
      </fieldset>
      {done && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {done}
        </p>
      )}
      {revealed && (
        <div className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-gray-900">
          <p className="font-semibold">Copy your key now: it is shown only once.</p>
          <code className="mt-2 block break-all font-mono" data-testid="new-key">
            {revealed}
          </code>
        </div>
      )}
    </form>
  );
}
