// The upgrade form's payment flow, as the spec's "Payment" section orders it: a customer first;
// then, when the last attempt left requires_payment_method, the stored invoice is retried with the
// new card, else a subscription is created; an intent that requires action (or, on a retry, a
// payment method) is confirmed with its client secret; an active subscription or a succeeded
// intent is complete; still requires_payment_method stores latestInvoiceId and
// latestInvoicePaymentIntentStatus and fails with "Your card was declined.".
import type { PaymentIntentResult } from "@stripe/stripe-js";
import { api } from "../forms/api";
import type { Billing } from "../../src/shared/pricing";

type Intent = { id: string; status: string; client_secret: string | null };
type Invoice = { id: string; status: string | null; payment_intent: Intent | null };
type Subscription = { id: string; status: string; latest_invoice: Invoice | null };

export const INVOICE_KEY = "latestInvoiceId";
export const STATUS_KEY = "latestInvoicePaymentIntentStatus";
export const DECLINED = "Your card was declined.";

/** What the flow needs from Stripe.js: confirming an intent by its client secret. */
export type Confirm = (clientSecret: string, paymentMethod: string) => Promise<PaymentIntentResult>;

class PaymentError extends Error {}

const must = async <T>(call: Promise<Awaited<ReturnType<typeof api<T>>>>): Promise<T> => {
  const r = await call;
  if (!r.ok) throw new PaymentError(r.message);
  return r.data;
};

function remember(invoiceId: string, status: string) {
  localStorage.setItem(INVOICE_KEY, invoiceId);
  localStorage.setItem(STATUS_KEY, status);
}

/** Runs the flow with a card Stripe.js made; resolves when Stripe has taken the payment. */
export async function pay(paymentMethodId: string, plan: { tier: string; billing: Billing }, confirm: Confirm): Promise<void> {
  await must(api("POST", "/api/stripe/create-customer"));
  const storedInvoice = localStorage.getItem(INVOICE_KEY);
  const isRetry = localStorage.getItem(STATUS_KEY) === "requires_payment_method" && !!storedInvoice;
  let subscription: Subscription | null = null;
  let invoice: Invoice | null;
  if (isRetry) {
    invoice = await must(api<Invoice>("POST", "/api/stripe/retry-invoice", { paymentMethodId, invoiceId: storedInvoice }));
  } else {
    subscription = await must(api<Subscription>("POST", "/api/stripe/create-subscription", { paymentMethodId, ...plan }));
    invoice = subscription.latest_invoice;
  }
  let intent = invoice?.payment_intent ?? null;
  if (intent?.client_secret && (intent.status === "requires_action" || (isRetry && intent.status === "requires_payment_method"))) {
    const result = await confirm(intent.client_secret, paymentMethodId);
    if (result.error) {
      if (invoice) remember(invoice.id, "requires_payment_method");
      throw new PaymentError(result.error.message ?? DECLINED);
    }
    intent = { ...intent, status: result.paymentIntent.status };
  }
  if (subscription?.status !== "active" && intent?.status !== "succeeded") {
    if (invoice && intent?.status === "requires_payment_method") {
      remember(invoice.id, intent.status);
      throw new PaymentError(DECLINED);
    }
    throw new PaymentError("The payment did not go through. Please try again.");
  }
  localStorage.removeItem(INVOICE_KEY);
  localStorage.removeItem(STATUS_KEY);
}

/** Re-reads the user every second until the webhook made them Pro; false after `tries` seconds. */
export async function waitForPro(tries = 60): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    const r = await api<{ user: { scope: string[] } }>("GET", "/api/user");
    if (r.ok && r.data.user.scope.includes("pro")) return true;
    await new Promise((done) => setTimeout(done, 1000));
  }
  return false;
}

export const messageOf = (err: unknown): string => (err instanceof PaymentError ? err.message : "Something went wrong. Please try again.");
