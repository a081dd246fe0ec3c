"use client";
// The upgrade form for a non-Pro account: tier, month or year, the card field of Stripe.js (loaded
// from js.stripe.com on this page only), an error area and "Upgrade now", which reads
// "Authenticating..." and disables the form while Stripe takes the payment; then onPaid. When
// Stripe.js cannot load (a privacy blocker, a filtering network), the card field says so and what to do.
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useMemo, useState, type FormEvent } from "react";
import { PRO_FEATURES } from "../../src/shared/plans";
import { annualMonthly, periodPrice, tierByKey, tierVisitorsLine, TIERS, savingLine, type Billing } from "../../src/shared/pricing";
import { messageOf, pay } from "./payment";

type Props = { publishableKey: string; tier: string; billing: Billing; onPaid: () => void };

function Form({ tier: initialTier, billing: initialBilling, onPaid, blocked }: Omit<Props, "publishableKey"> & { blocked: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [tierKey, setTierKey] = useState(initialTier);
  const [billing, setBilling] = useState<Billing>(initialBilling);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState("");
  const tier = tierByKey(tierKey) ?? TIERS[0]!;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setLoading(true);
    setError("");
    try {
      const made = await stripe.createPaymentMethod({ type: "card", card });
      if (made.error) throw made.error;
      await pay(made.paymentMethod.id, { tier: tier.key, billing }, (secret, paymentMethod) =>
        stripe.confirmCardPayment(secret, { payment_method: paymentMethod }),
      );
    } catch (err) {
      // NOTE: Stripe.js's own errors (an incomplete card number) carry a type and the words to show.
      const fromStripe = err && typeof err === "object" && "type" in err && "message" in err ? String(err.message) : null;
      setError(fromStripe ?? messageOf(err));
      setLoading(false);
      return;
    }
    onPaid();
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 max-w-lg space-y-4" aria-busy={loading}>
      <ul className="list-disc pl-5 text-sm text-gray-700 dark:text-gray-300">
        {PRO_FEATURES.map((f) => <li key={f.label}>{f.label}</li>)}
      </ul>
      <label className="block text-sm font-medium">
        Monthly visitors
        <select value={tier.key} onChange={(e) => setTierKey(e.target.value)} disabled={loading} className="mt-1 block w-full rounded border border-gray-300 px-2 py-1.5 dark:border-gray-600 dark:bg-gray-800">
          {TIERS.map((t) => <option key={t.key} value={t.key}>{tierVisitorsLine(t)}</option>)}
        </select>
      </label>
      <fieldset disabled={loading} className="space-y-1 text-sm">
        <legend className="font-medium">Billing</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="billing" value="month" checked={billing === "month"} onChange={() => setBilling("month")} />
          ${tier.monthly} a month
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="billing" value="year" checked={billing === "year"} onChange={() => setBilling("year")} />
          ${annualMonthly(tier)} a month, billed ${periodPrice(tier, "year")} yearly · {savingLine(tier)}
        </label>
      </fieldset>
      <div className="rounded border border-gray-300 px-3 py-2.5 dark:border-gray-600" data-testid="card-field">
        {blocked ? <StripeBlocked /> : <CardElement options={{ disabled: loading, hidePostalCode: true }} />}
      </div>
      <p role="alert" className="min-h-5 text-sm text-red-700 dark:text-red-400">{error}</p>
      <button type="submit" disabled={loading || !stripe} className="rounded bg-blue-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
        {loading ? "Authenticating..." : "Upgrade now"}
      </button>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        Your card is charged ${periodPrice(tier, billing)} in USD now and every {billing} until you cancel. Cancel anytime before the renewal
        date. 1% of your subscription goes to CO2 removal. Payments are processed by Stripe.
      </p>
    </form>
  );
}

function StripeBlocked() {
  return (
    <p role="alert" className="text-sm text-red-800 dark:text-red-300">
      The card form could not load. It comes from Stripe (js.stripe.com), which a privacy extension, an ad blocker or your network
      blocks. Allow js.stripe.com on this page and reload it, or write to{" "}
      <a href="mailto:hello@bothy.dev" className="underline">hello@bothy.dev</a> to pay another way.
    </p>
  );
}

export function UpgradeForm({ publishableKey, ...rest }: Props) {
  const [blocked, setBlocked] = useState(false);
  // NOTE: a refused script rejects loadStripe; Elements then gets no Stripe (null), as while it loads.
  const stripe = useMemo(() => loadStripe(publishableKey).catch(() => (setBlocked(true), null)), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <Form {...rest} blocked={blocked} />
    </Elements>
  );
}
