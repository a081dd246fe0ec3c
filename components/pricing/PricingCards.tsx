"use client";
// The pricing cards: a select over Pro's tiers (by monthly visitors), a month/year toggle, the Free
// card ("Get Started Free" → /signup) unless the visitor is changing plan, and the Pro card with its
// price per month, the yearly saving, the visitor limit and "Upgrade Now", which carries the choice
// to the upgrade screen (/settings/profile?tier=…&billing=…#upgrade). Each button emits the plan
// choice as a "plan-choice" event through the site's own tracker (data-bothy-event), e.g. "pro 20k
// year" or "free". Prices come from src/shared/pricing.
import { useState } from "react";
import { FREE_FEATURES, PRO_FEATURES } from "../../src/shared/plans";
import {
  annualMonthly, BILLINGS, periodPrice, tierByKey, tierVisitorsLine, TIERS, upgradeHref, savingLine, type Billing, type Tier,
} from "../../src/shared/pricing";

type Props = {
  tier: string;
  billing: Billing;
  /** "signup": the public page with the Free card; "change": a customer picking another plan. */
  variant: "signup" | "change";
  /** false: the tier stays as given, only the billing period changes. */
  chooseTier?: boolean;
};

const card = "flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-gray-900";
const button = "mt-6 block rounded-lg px-4 py-2 text-center text-sm font-semibold";

export function PricingCards({ tier: initialTier, billing: initialBilling, variant, chooseTier = true }: Props) {
  const [tier, setTier] = useState<Tier>(tierByKey(initialTier) ?? TIERS[0]!);
  const [billing, setBilling] = useState<Billing>(initialBilling);
  const perMonth = billing === "month" ? tier.monthly : annualMonthly(tier);
  return (
    <div>
      <div className="flex flex-wrap items-end justify-center gap-6">
        {chooseTier && (
          <label className="text-sm font-medium text-gray-700 dark:text-gray-300">
            Monthly visitors
            <select
              data-testid="tier-select"
              value={tier.key}
              onChange={(e) => setTier(tierByKey(e.target.value) ?? TIERS[0]!)}
              className="mt-1 block rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
            >
              {TIERS.map((t) => <option key={t.key} value={t.key}>{tierVisitorsLine(t)}</option>)}
            </select>
          </label>
        )}
        <div role="radiogroup" aria-label="Billing period" className="inline-flex rounded-lg border border-gray-300 p-1 dark:border-gray-700">
          {BILLINGS.map((b) => (
            <button
              key={b}
              type="button"
              role="radio"
              aria-checked={billing === b}
              onClick={() => setBilling(b)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold ${billing === b ? "bg-blue-700 text-white" : "text-gray-700 dark:text-gray-300"}`}
            >
              {b === "month" ? "Monthly" : "Yearly"}
            </button>
          ))}
        </div>
      </div>

      <div className={`mx-auto mt-10 grid max-w-4xl gap-6 ${variant === "signup" ? "md:grid-cols-2" : "max-w-md"}`}>
        {variant === "signup" && (
          <section data-testid="card-free" className={`${card} border-gray-200 dark:border-gray-700`}>
            <h2 className="text-lg font-semibold">Free</h2>
            <p className="mt-4"><span className="text-4xl font-bold">$0</span> <span className="text-gray-600 dark:text-gray-400">/ month</span></p>
            <ul className="mt-6 flex-1 space-y-2 text-sm text-gray-700 dark:text-gray-300">
              {FREE_FEATURES.map((f) => <li key={f}>✓ {f}</li>)}
            </ul>
            <a href="/signup" data-bothy-event="plan-choice" data-bothy-value="free" className={`${button} border border-gray-300 text-gray-900 hover:bg-gray-50 dark:border-gray-600 dark:text-white dark:hover:bg-gray-800`}>
              Get Started Free
            </a>
          </section>
        )}
        <section data-testid="card-pro" className={`${card} border-blue-600`}>
          <h2 className="text-lg font-semibold">Pro</h2>
          <p className="mt-4">
            <span data-testid="price" className="text-4xl font-bold">${perMonth}</span> <span className="text-gray-600 dark:text-gray-400">/ month</span>
          </p>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            {billing === "month" ? "Billed monthly" : `Billed yearly: $${periodPrice(tier, "year")} a year`}
          </p>
          {billing === "year" && <p data-testid="saving" className="mt-1 text-sm font-semibold text-green-700 dark:text-green-400">{savingLine(tier)}</p>}
          <p data-testid="visitors" className="mt-3 font-medium">{tierVisitorsLine(tier)}</p>
          <ul className="mt-6 flex-1 space-y-2 text-sm text-gray-700 dark:text-gray-300">
            {PRO_FEATURES.map((f) => (
              <li key={f.label}>✓ {f.label}</li>
            ))}
          </ul>
          <a href={upgradeHref(tier, billing)} data-bothy-event="plan-choice" data-bothy-value={`pro ${tier.key} ${billing}`} className={`${button} bg-blue-700 text-white hover:bg-blue-800`}>
            {variant === "signup" ? "Upgrade Now" : "Choose this plan"}
          </a>
        </section>
      </div>
      <p className="mt-8 text-center text-sm text-gray-600 dark:text-gray-400">1% of every purchase goes to removing CO2 from the atmosphere.</p>
    </div>
  );
}
