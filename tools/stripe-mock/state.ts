// The local Stripe's objects and what happens to them: customers, cards, prices and products,
// subscriptions billed by invoices collected by payment intents, and the events each change emits.
// Cards behave like Stripe's test cards: pm_card_visa (4242…) pays, pm_card_chargeDeclined
// (…0002) is declined, pm_card_authenticationRequired (…3155) needs 3D Secure first.
import { randomBytes } from "node:crypto";

export type Obj = { id: string; object: string; [key: string]: unknown };
type Behaviour = "pays" | "declines" | "authenticates";

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const missing = (what: string, id: string) =>
  new StripeError(404, "invalid_request_error", `No such ${what}: '${id}'`, { code: "resource_missing", param: "id" });

const CARDS: Record<string, { behaviour: Behaviour; brand: string; last4: string }> = {
  "4242424242424242": { behaviour: "pays", brand: "visa", last4: "4242" },
  "4000000000000002": { behaviour: "declines", brand: "visa", last4: "0002" },
  "4000002500003155": { behaviour: "authenticates", brand: "visa", last4: "3155" },
};
const MAGIC: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_authenticationRequired: "4000002500003155",
};

const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
const PERIOD_S: Record<string, number> = { month: 30 * 86400, year: 365 * 86400 };

export class StripeState {
  readonly objects = new Map<string, Obj>();
  private invoiceCount = 0;

  constructor(private readonly emit: (type: string, object: Obj, previous?: Record<string, unknown>) => void) {}

  get(id: string, what: string): Obj {
    const o = this.objects.get(id);
    if (!o) throw missing(what, id);
    return o;
  }

  private put(o: Obj): Obj {
    this.objects.set(o.id, o);
    return o;
  }

  all = (object: string) => [...this.objects.values()].filter((o) => o.object === object);

  // --- customers and cards -------------------------------------------------------------------

  createCustomer(p: { email?: string; name?: string; metadata?: object }): Obj {
    const c = this.put({
      id: newId("cus"), object: "customer", email: p.email ?? null, name: p.name ?? null, metadata: p.metadata ?? {},
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null, rendering_options: null },
      created: now(), livemode: false, currency: null, balance: 0, delinquent: false, description: null,
    });
    this.emit("customer.created", c);
    return c;
  }

  /** A card from its number, or a copy of one of Stripe's test payment methods (pm_card_visa, …). */
  createCard(number: string): Obj {
    const card = CARDS[number.replace(/\s/g, "")];
    if (!card) throw new StripeError(402, "card_error", "Your card number is incorrect.", { code: "incorrect_number", param: "card[number]" });
    return this.put({
      id: newId("pm"), object: "payment_method", type: "card", customer: null, created: now(), livemode: false, metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: new Date().getFullYear() + 3, country: "US", funding: "credit" },
      _behaviour: card.behaviour,
    });
  }

  attach(pmId: string, customerId: string): Obj {
    this.get(customerId, "customer");
    const pm = MAGIC[pmId] ? this.createCard(MAGIC[pmId]) : this.get(pmId, "PaymentMethod");
    if (pm.customer && pm.customer !== customerId) {
      throw new StripeError(400, "invalid_request_error", "The payment method you provided has already been attached to a customer.");
    }
    pm.customer = customerId;
    this.emit("payment_method.attached", pm);
    return pm;
  }

  // --- subscriptions, invoices, payment intents ----------------------------------------------

  createSubscription(customerId: string, priceId: string, behaviour: string, metadata: object): Obj {
    const customer = this.get(customerId, "customer");
    const price = this.get(priceId, "price");
    const start = now();
    const sub = this.put({
      id: newId("sub"), object: "subscription", customer: customerId, status: "incomplete", created: start, start_date: start,
      billing_cycle_anchor: start, cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null,
      collection_method: "charge_automatically", currency: "usd", livemode: false, metadata, latest_invoice: null,
      default_payment_method: null,
      items: { object: "list", has_more: false, url: "/v1/subscription_items", data: [] as Obj[] },
    });
    (sub.items as { data: Obj[] }).data.push({
      id: newId("si"), object: "subscription_item", subscription: sub.id, price, quantity: 1, created: start, metadata: {},
      current_period_start: start, current_period_end: start + PERIOD_S[(price.recurring as { interval: string }).interval]!,
    });
    this.emit("customer.subscription.created", sub);
    const invoice = this.createInvoice(sub, price);
    if (behaviour !== "default_incomplete") {
      const pm = (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
      const intent = this.get(this.intentOf(invoice), "payment_intent");
      if (pm) this.attempt(intent, this.get(pm, "PaymentMethod"), false);
      if (behaviour === "error_if_incomplete" && intent.status !== "succeeded") {
        throw new StripeError(402, "card_error", "Your card was declined.", { code: "card_declined" });
      }
    }
    return sub;
  }

  private createInvoice(sub: Obj, price: Obj): Obj {
    const amount = price.unit_amount as number;
    const item = (sub.items as { data: Obj[] }).data[0]!;
    const invoice = this.put({
      id: newId("in"), object: "invoice", customer: sub.customer, status: "open", currency: "usd", created: now(),
      number: `MOCK-${String(++this.invoiceCount).padStart(4, "0")}`, livemode: false, attempt_count: 0, attempted: false,
      amount_due: amount, amount_paid: 0, amount_remaining: amount, subtotal: amount, total: amount,
      hosted_invoice_url: null, billing_reason: sub.latest_invoice ? "subscription_cycle" : "subscription_create",
      period_start: item.current_period_start, period_end: item.current_period_end,
      parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: sub.id, metadata: {} } },
      lines: { object: "list", has_more: false, url: "/v1/invoices/lines", data: [{ id: newId("il"), object: "line_item", amount, currency: "usd" }] },
      status_transitions: { finalized_at: now(), paid_at: null, voided_at: null, marked_uncollectible_at: null },
    });
    sub.latest_invoice = invoice.id;
    const intent = this.put({
      id: newId("pi"), object: "payment_intent", amount, currency: "usd", status: "requires_payment_method", created: now(),
      customer: sub.customer, payment_method: null, last_payment_error: null, next_action: null, livemode: false,
      payment_method_types: ["card"], metadata: {},
    });
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString("hex")}`;
    invoice._payments = this.put({
      id: newId("inpay"), object: "invoice_payment", invoice: invoice.id, is_default: true, status: "open", currency: "usd",
      amount_requested: amount, amount_paid: null, created: now(), livemode: false,
      payment: { type: "payment_intent", payment_intent: intent.id },
    });
    this.emit("invoice.created", invoice);
    this.emit("invoice.finalized", invoice);
    return invoice;
  }

  intentOf = (invoice: Obj): string => ((invoice._payments as Obj).payment as { payment_intent: string }).payment_intent;

  private invoiceOfIntent = (intentId: string): Obj | undefined =>
    this.all("invoice").find((i) => this.intentOf(i) === intentId);

  /**
   * Charges an intent with a card. `authenticated`: the payer has just passed 3D Secure for this
   * card (Stripe.js confirming an intent that required action).
   */
  attempt(intent: Obj, pm: Obj, authenticated: boolean): void {
    if (intent.status === "succeeded") throw new StripeError(400, "invalid_request_error", "This PaymentIntent has already succeeded.", { code: "payment_intent_unexpected_state" });
    const invoice = this.invoiceOfIntent(intent.id);
    const again = intent.payment_method === pm.id && intent.status === "requires_action";
    intent.payment_method = pm.id;
    intent.next_action = null;
    intent.last_payment_error = null;
    if (invoice) Object.assign(invoice, { attempted: true, attempt_count: (invoice.attempt_count as number) + 1 });
    const behaviour = pm._behaviour as Behaviour;
    if (behaviour === "pays" || (behaviour === "authenticates" && authenticated && again)) return this.succeed(intent, invoice);
    if (behaviour === "authenticates") {
      intent.status = "requires_action";
      intent.next_action = { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: "" } };
      this.emit("payment_intent.requires_action", intent);
      if (invoice) this.emit("invoice.payment_action_required", invoice);
      return;
    }
    intent.status = "requires_payment_method";
    intent.last_payment_error = {
      type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined.", payment_method: pm,
    };
    this.emit("payment_intent.payment_failed", intent);
    if (invoice) this.failed(invoice);
  }

  private failed(invoice: Obj): void {
    this.emit("invoice.payment_failed", invoice);
    const sub = this.subscriptionOf(invoice);
    if (sub?.status === "active" && invoice.billing_reason === "subscription_cycle") this.setStatus(sub, "past_due");
  }

  private succeed(intent: Obj, invoice: Obj | undefined): void {
    intent.status = "succeeded";
    this.emit("payment_intent.succeeded", intent);
    if (!invoice) return;
    Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0 });
    (invoice.status_transitions as { paid_at: number }).paid_at = now();
    Object.assign(invoice._payments as Obj, { status: "paid", amount_paid: invoice.amount_due });
    this.emit("invoice.paid", invoice);
    this.emit("invoice.payment_succeeded", invoice);
    const sub = this.subscriptionOf(invoice);
    if (sub && sub.status !== "active") this.setStatus(sub, "active");
  }

  private subscriptionOf(invoice: Obj): Obj | undefined {
    const id = (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription;
    return this.objects.get(id);
  }

  private setStatus(sub: Obj, status: string): void {
    const previous = { status: sub.status };
    sub.status = status;
    this.emit("customer.subscription.updated", sub, previous);
  }

  updateSubscription(sub: Obj, change: { cancelAtPeriodEnd?: boolean; itemId?: string; priceId?: string; metadata?: object }): Obj {
    const previous: Record<string, unknown> = {};
    if (change.cancelAtPeriodEnd !== undefined && change.cancelAtPeriodEnd !== sub.cancel_at_period_end) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = change.cancelAtPeriodEnd;
      const item = (sub.items as { data: Obj[] }).data[0]!;
      sub.cancel_at = change.cancelAtPeriodEnd ? item.current_period_end : null;
      sub.canceled_at = change.cancelAtPeriodEnd ? now() : null;
    }
    if (change.priceId) {
      const items = (sub.items as { data: Obj[] }).data;
      const item = items.find((i) => i.id === change.itemId) ?? items[0]!;
      previous.items = structuredClone(sub.items);
      item.price = this.get(change.priceId, "price");
    }
    if (change.metadata) Object.assign(sub.metadata as object, change.metadata);
    if (Object.keys(previous).length) this.emit("customer.subscription.updated", sub, previous);
    return sub;
  }

  /** Ends the subscription now: status canceled and customer.subscription.deleted. */
  cancelNow(sub: Obj): Obj {
    Object.assign(sub, { status: "canceled", ended_at: now(), canceled_at: (sub.canceled_at as number | null) ?? now() });
    this.emit("customer.subscription.deleted", sub);
    return sub;
  }

  /** What Stripe does when a subscription's period ends: cancel it, or bill the next period. */
  endPeriod(sub: Obj): Obj {
    if (sub.status === "canceled") return sub;
    if (sub.cancel_at_period_end) return this.cancelNow(sub);
    const item = (sub.items as { data: Obj[] }).data[0]!;
    const price = item.price as Obj;
    const start = item.current_period_end as number;
    Object.assign(item, { current_period_start: start, current_period_end: start + PERIOD_S[(price.recurring as { interval: string }).interval]! });
    const invoice = this.createInvoice(sub, price);
    const customer = this.get(sub.customer as string, "customer");
    const pm = (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
    if (pm) this.attempt(this.get(this.intentOf(invoice), "payment_intent"), this.get(pm, "PaymentMethod"), false);
    else this.failed(invoice);
    return sub;
  }
}
