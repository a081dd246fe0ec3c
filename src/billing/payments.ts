// Reading Stripe for the billing routes: the price behind a plan, the payment intent behind an
// invoice (since Stripe's 2025 API an invoice names it through its `payments`), and the views the
// upgrade screen reads: the subscription with its latest invoice's intent, the plan, the invoices.
import type Stripe from "stripe";
import { HttpError } from "../http/errors";
import { log } from "../log";
import { BILLINGS, priceLookupKey, TIERS, type Billing, type Tier } from "../shared/pricing";
import { declineOf, type Decline } from "./declines";
import type { SubscriptionRow } from "./store";
import { viaStripe } from "./stripe";

/** The active price of a plan, found by its lookup key (`npm run stripe:sync` makes them). */
export async function priceFor(stripe: Stripe, tier: Tier, billing: Billing): Promise<Stripe.Price> {
  const key = priceLookupKey(tier, billing);
  const { data } = await viaStripe("prices.list", () => stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
  if (!data[0]) {
    log.error("stripe price missing; run npm run stripe:sync", { lookupKey: key });
    throw new HttpError(503, "This plan cannot be bought right now. Please try again later.");
  }
  return data[0];
}

/** The plan a price lookup key names, or null for a price that is not Bothy's. */
function planOf(lookupKey: string | null): { tier: string; billing: Billing } | null {
  for (const tier of TIERS) {
    for (const billing of BILLINGS) if (priceLookupKey(tier, billing) === lookupKey) return { tier: tier.key, billing };
  }
  return null;
}

type IntentView = { id: string; status: Stripe.PaymentIntent.Status; client_secret: string | null };
type InvoiceView = { id: string; status: Stripe.Invoice.Status | null; payment_intent: IntentView | null };
/** What the card form reads, with what only the server looks at: whose it is and how its last charge ended. */
type Read<V> = { view: V; customer: string | null; decline: Decline | null };

const idOf = (ref: string | { id: string } | null) => (ref === null || typeof ref === "string" ? ref : ref.id);

/** An invoice with the payment intent that collects it, as the card form drives it. */
export async function readInvoice(stripe: Stripe, invoiceId: string): Promise<Read<InvoiceView>> {
  const invoice = await viaStripe("invoices.retrieve", () => stripe.invoices.retrieve(invoiceId, { expand: ["payments"] }));
  const payment = invoice.payments?.data.find((p) => p.is_default) ?? invoice.payments?.data[0];
  const intentId = idOf(payment?.payment.payment_intent ?? null);
  const intent = intentId ? await viaStripe("paymentIntents.retrieve", () => stripe.paymentIntents.retrieve(intentId)) : null;
  return {
    view: { id: invoice.id, status: invoice.status, payment_intent: intent && { id: intent.id, status: intent.status, client_secret: intent.client_secret } },
    customer: idOf(invoice.customer),
    decline: declineOf(intent),
  };
}

/** The subscription as the card form reads it: `status`, `latest_invoice.payment_intent`. */
export async function readSubscription(stripe: Stripe, sub: Stripe.Subscription) {
  const invoiceId = idOf(sub.latest_invoice);
  const invoice = invoiceId ? await readInvoice(stripe, invoiceId) : null;
  return { view: { id: sub.id, status: sub.status, latest_invoice: invoice?.view ?? null }, decline: invoice?.decline ?? null };
}

/** The stored subscription as the profile shows it. */
export const planView = (row: SubscriptionRow | null) =>
  row && {
    status: row.status,
    ...(planOf(row.lookupKey) ?? { tier: null, billing: null }),
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };

export const invoiceListView = (invoices: Stripe.Invoice[]) =>
  invoices.map((i) => ({
    id: i.id,
    number: i.number,
    status: i.status,
    amount: (i.status === "paid" ? i.amount_paid : i.amount_due) / 100,
    currency: i.currency,
    created: new Date(i.created * 1000).toISOString(),
    url: i.hosted_invoice_url ?? null,
  }));
