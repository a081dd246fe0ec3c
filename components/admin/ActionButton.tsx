"use client";
// One admin action as a button: asks first when told to, sends the request, then reloads the page
// so every table shows the new state (and the audit log its new line); a refusal is said beside it.
import { useState } from "react";
import { api } from "../forms/api";

type Props = { label: string; path: string; body?: Record<string, unknown>; confirm?: string; danger?: boolean };

export function ActionButton({ label, path, body, confirm: question, danger }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  async function run() {
    if (question && !confirm(question)) return;
    setBusy(true);
    const r = await api("POST", path, body ?? {});
    if (r.ok) return location.reload();
    setBusy(false);
    setProblem(r.message);
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        disabled={busy}
        onClick={() => void run()}
        className={`rounded border px-2 py-1 text-xs font-medium disabled:opacity-50 ${
          danger ? "border-red-300 text-red-800 hover:bg-red-50 dark:text-red-300" : "border-gray-300 text-gray-800 hover:bg-gray-50 dark:text-gray-200"
        }`}
      >
        {label}
      </button>
      {problem && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {problem}
        </span>
      )}
    </span>
  );
}
