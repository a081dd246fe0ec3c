"use client";
// A website's carbon budgets, for its owner and its team's admins and editors: a default and
// budgets per page pattern, each in grams of CO2 and/or kB per page view, edited as rows and saved as one list (PUT replaces it). The dashboard marks the pages over budget;
// with alerts on, the weekly check tells when a page goes over.
import { useEffect, useId, useState } from "react";
import { MAX_BUDGETS, type Budget } from "../../src/shared/budgets";
import { api } from "../forms/api";

type Answer = { budgets: Budget[]; maxBudgets: number };
/** A row as typed: the pattern ("" for the default) and the limits as text, kB in powers of 1000. */
type Row = { key: number; pattern: string; grams: string; kb: string };

const INPUT = "w-full min-w-0 rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-900";
let nextKey = 0;

const toRow = (b: Budget): Row => ({ key: nextKey++, pattern: b.pattern ?? "", grams: b.grams === null ? "" : String(b.grams), kb: b.bytes === null ? "" : String(b.bytes / 1000) });

/** The rows as the API takes them; a limit left empty is null, kB become bytes. */
const toBudgets = (rows: Row[]): Budget[] =>
  rows.map((r) => ({
    pattern: r.pattern.trim() === "" ? null : r.pattern.trim(),
    grams: r.grams.trim() === "" ? null : Number(r.grams),
    bytes: r.kb.trim() === "" ? null : Math.round(Number(r.kb) * 1000),
  }));

export function BudgetSettings({ domain }: { domain: string }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();
  const path = `/api/domains/${encodeURIComponent(domain)}/budgets`;
  useEffect(() => void api<Answer>("GET", path).then((r) => setRows(r.ok ? r.data.budgets.map(toRow) : null)), [path]);
  if (!rows) return null;

  const change = (key: number, part: Partial<Row>) => setRows(rows.map((r) => (r.key === key ? { ...r, ...part } : r)));
  async function save() {
    const r = await api<Answer>("PUT", path, { budgets: toBudgets(rows!) });
    if (r.ok) setRows(r.data.budgets.map(toRow));
    setMessage(r.ok ? { ok: true, text: "Saved." } : { ok: false, text: r.message });
  }

  return (
    <section className="mt-8 border-t border-gray-200 pt-6 dark:border-gray-800" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">Carbon budgets</h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        What one page view may cost, in grams of CO₂ and/or kB (1 kB = 1,000 bytes). A page answers to the first pattern that matches it
        (<code>*</code> any characters but /, <code>**</code> any), else to the default, the row without a pattern. The dashboard marks the
        pages over their budget; with alerts on, you hear when a page goes over.{" "}
        <a href="/docs/budgets" className="text-blue-700 underline dark:text-blue-400">How budgets work</a>
      </p>
      <ul className="mt-4 space-y-3" data-testid="budgets">
        {rows.map((r, i) => (
          <li key={r.key} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_7rem_7rem_auto]">
            <label className="col-span-2 text-xs text-gray-600 sm:col-span-1 dark:text-gray-400">
              Pages
              <input className={INPUT} value={r.pattern} placeholder="default" aria-label={`Budget ${i + 1}: pages`} onChange={(e) => change(r.key, { pattern: e.target.value })} />
            </label>
            <label className="text-xs text-gray-600 dark:text-gray-400">
              g CO₂ / view
              <input className={INPUT} value={r.grams} inputMode="decimal" placeholder="none" aria-label={`Budget ${i + 1}: grams of CO₂ per view`} onChange={(e) => change(r.key, { grams: e.target.value })} />
            </label>
            <label className="text-xs text-gray-600 dark:text-gray-400">
              kB / view
              <input className={INPUT} value={r.kb} inputMode="decimal" placeholder="none" aria-label={`Budget ${i + 1}: kB per view`} onChange={(e) => change(r.key, { kb: e.target.value })} />
            </label>
            <button type="button" onClick={() => setRows(rows.filter((x) => x.key !== r.key))} className="col-span-2 justify-self-start rounded px-2 py-1.5 text-sm text-red-700 underline hover:bg-red-100 sm:col-span-1 dark:text-red-400 dark:hover:bg-red-950">
              Remove<span className="sr-only"> budget {i + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={`mt-3 text-sm ${message.ok ? "text-green-800 dark:text-green-300" : "text-red-700 dark:text-red-400"}`}>
          {message.text}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {rows.length < MAX_BUDGETS && (
          <button type="button" onClick={() => setRows([...rows, toRow({ pattern: null, grams: null, bytes: null })])} className="rounded-md border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800">
            Add a budget
          </button>
        )}
        <button type="button" onClick={() => void save()} className="rounded-md bg-blue-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-700">
          Save budgets
        </button>
      </div>
    </section>
  );
}
