"use client";
// A Pro account's plan (GET /api/stripe/subscription): tier and billing, the next renewal (or the
// end, once canceled), a change of tier or billing period, cancel at period end and resume, and
// the invoices.
import { useState } from "react";
import { periodPrice, tierByKey, tierVisitorsLine, TIERS, type Billing } from "../../src/shared/pricing";
import { api } from "../forms/api";

type Plan = { status: string; tier: string | null; billing: Billing | null; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean };
type Invoice = { id: string; number: string | null; status: string | null; amount: number; currency: string; created: string; url: string | null };
/** What GET /api/stripe/subscription answers, less the publishable key. */
export type BillingState = { subscription: Plan | null; invoices: Invoice[] };

const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { year: "numeric", month: "long", day: "numeric" });
const button = "rounded border border-gray-300 px-3 py-1.5 text-sm font-semibold disabled:opacity-60 dark:border-gray-600";

export function ProPlan({ initial }: { initial: BillingState }) {
  const [state, setState] = useState<BillingState>(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const [tier, setTier] = useState(initial.subscription?.tier ?? TIERS[0]!.key);
  const [billing, setBilling] = useState<Billing>(initial.subscription?.billing ?? "month");

  async function change(path: string, body?: unknown) {
    setBusy(true);
    const r = await api<{ subscription: Plan }>("POST", path, body);
    setBusy(false);
    setProblem(r.ok ? "" : r.message);
    if (r.ok) setState({ ...state, subscription: r.data.subscription });
  }

  const sub = state.subscription;
  if (!sub) return <p className="mt-4 text-sm">You are on Pro.</p>;
  const current = sub.tier ? tierByKey(sub.tier) : undefined;
  return (
    <div className="mt-4 max-w-lg space-y-4 text-sm">
      <p data-testid="current-plan">
        Pro · {current ? tierVisitorsLine(current) : "custom plan"}
        {current && sub.billing ? ` · $${periodPrice(current, sub.billing)} a ${sub.billing}` : ""}
      </p>
      {sub.currentPeriodEnd && (
        <p>{sub.cancelAtPeriodEnd ? `Pro ends on ${day(sub.currentPeriodEnd)}; it will not renew.` : `Renews on ${day(sub.currentPeriodEnd)}.`}</p>
      )}
      {problem && <p role="alert" className="text-red-700 dark:text-red-400">{problem}</p>}
      {sub.cancelAtPeriodEnd ? (
        <button type="button" disabled={busy} className={button} onClick={() => void change("/api/stripe/resume")}>Resume Pro</button>
      ) : (
        <button type="button" disabled={busy} className={button} onClick={() => void change("/api/stripe/cancel")}>Cancel at period end</button>
      )}
      <fieldset disabled={busy} className="space-y-2">
        <legend className="font-medium">Change plan</legend>
        <select aria-label="Monthly visitors" value={tier} onChange={(e) => setTier(e.target.value)} className="block w-full rounded border border-gray-300 px-2 py-1.5 dark:border-gray-600 dark:bg-gray-800">
          {TIERS.map((t) => <option key={t.key} value={t.key}>{tierVisitorsLine(t)}</option>)}
        </select>
        <label className="mr-4"><input type="radio" name="plan-billing" checked={billing === "month"} onChange={() => setBilling("month")} /> Monthly</label>
        <label><input type="radio" name="plan-billing" checked={billing === "year"} onChange={() => setBilling("year")} /> Yearly</label>
        <div>
          <button type="button" className={button} onClick={() => void change("/api/stripe/change-plan", { tier, billing })}>Change plan</button>
        </div>
      </fieldset>
      {state.invoices.length > 0 && (
        <table className="w-full text-left">
          <caption className="text-left font-medium">Invoices</caption>
          <thead className="text-gray-600 dark:text-gray-400">
            <tr><th scope="col">Date</th><th scope="col">Number</th><th scope="col">Amount</th><th scope="col">Status</th></tr>
          </thead>
          <tbody>
            {state.invoices.map((i) => (
              <tr key={i.id}>
                <td>{day(i.created)}</td>
                <td>{i.url ? <a href={i.url} className="underline">{i.number ?? i.id}</a> : (i.number ?? i.id)}</td>
                <td>{i.amount.toFixed(2)} {i.currency.toUpperCase()}</td>
                <td>{i.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
