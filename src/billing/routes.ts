// The signed-in billing endpoints the upgrade screen calls: a customer, a subscription paid by a card
// (or the retry of its declined invoice), plan changes, cancel at period end and resume, and the
// plan with its invoices. Every subscription Stripe answers with goes through
// setProFromSubscription, so Pro does not wait for the webhook when Stripe already said. Paying is
// limited per client and account (the named `payment` limit) and stops after repeated declines
// (./declines.ts); an account's upgrades run one at a time and make one subscription (./upgrade.ts).
import { Elysia, t } from "elysia";
import Stripe from "stripe";
import { signedIn, withSession, type User } from "../auth";
import type { AppContext } from "../context";
import type { AddressSource } from "../http/client";
import { HttpError } from "../http/errors";
import { limitsOf } from "../http/limits";
import { BILLINGS, TIERS, tierByKey, type Billing } from "../shared/pricing";
import { assertMayPay, recordDecline } from "./declines";
import { invoiceListView, planView, priceFor, readInvoice, readSubscription } from "./payments";
import { customerOf, latestSubscription, PRO_STATUSES, saveCustomer } from "./store";
import { viaStripe } from "./stripe";
import { mainItem, setProFromSubscription } from "./subscription";
import { freshUpgradeKey, oneUpgradeAtATime, type Upgrade } from "./upgrade";

const stripeId = (prefix: string, error: string) => t.String({ pattern: `^${prefix}_[A-Za-z0-9_]{1,200}$`, error });
const plan = {
  tier: t.Union(TIERS.map((x) => t.Literal(x.key)), { error: "Choose one of the Pro tiers." }),
  billing: t.Union(BILLINGS.map((b) => t.Literal(b)), { error: "Choose month or year." }),
};
const paymentMethodId = stripeId("pm", "Enter your card again.");

const paying = (status: string | undefined) => (PRO_STATUSES as readonly string[]).includes(status ?? "");
const ALREADY_PRO = "You already have Pro. Change your plan instead.";

export function billingRoutes(ctx: AppContext, stripe: Stripe, publishableKey: string) {
  const sql = () => ctx.db.sql;

  const apply = (sub: Stripe.Subscription) => sql().begin((tx) => setProFromSubscription(tx, sub));

  /** The account's Stripe customer, made on first use. */
  async function ensureCustomer(user: User): Promise<string> {
    const known = await customerOf(sql(), user.uid);
    if (known) return known;
    // NOTE: one key per account, so two first payments racing make one Stripe customer.
    const made = await viaStripe("customers.create", () =>
      stripe.customers.create({ email: user.email, name: user.name, metadata: { uid: user.uid } }, { idempotencyKey: `customer-${user.uid}` }),
    );
    return saveCustomer(sql(), user.uid, made.id);
  }

  /** Attaches the card to the customer and makes it what their invoices charge. */
  async function useCard(customer: string, paymentMethod: string) {
    const card = await viaStripe("paymentMethods.attach", () => stripe.paymentMethods.attach(paymentMethod, { customer }));
    await viaStripe("customers.update", () => stripe.customers.update(customer, { invoice_settings: { default_payment_method: card.id } }));
  }

  /** The named `payment` limit, then the stop after repeated declines: both before any Stripe call. */
  async function mayPay(uid: string, request: Request, server: AddressSource) {
    limitsOf(ctx).take("payment", { request, server, account: uid });
    await assertMayPay(sql(), uid);
  }

  /** A new subscription to `priceId`, created under the upgrade's idempotency key. */
  async function subscribe(user: User, upgrade: Upgrade, priceId: string, paymentMethod: string): Promise<Stripe.Subscription> {
    const customer = await ensureCustomer(user);
    await useCard(customer, paymentMethod);
    const sub = await viaStripe("subscriptions.create", () =>
      stripe.subscriptions
        .create({ customer, items: [{ price: priceId }], payment_behavior: "allow_incomplete", metadata: { uid: user.uid } }, { idempotencyKey: upgrade.key })
        .catch((err: unknown) => {
          // NOTE: Stripe refused (4xx) and made nothing; it would answer the same key with the same refusal.
          if (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 500) < 500) upgrade.key = freshUpgradeKey(user.uid);
          throw err;
        }),
    );
    upgrade.subscriptionId = sub.id;
    await apply(sub);
    return sub;
  }

  /**
   * The subscription an earlier click made, while it is of this plan and not over: a second click
   * answers with it. Else the upgrade starts afresh (an unpaid one of another plan is canceled).
   */
  async function earlier(uid: string, upgrade: Upgrade, priceId: string): Promise<Stripe.Subscription | null> {
    const sub = await viaStripe("subscriptions.retrieve", () => stripe.subscriptions.retrieve(upgrade.subscriptionId!));
    const over = sub.status === "canceled" || sub.status === "incomplete_expired";
    if (!over && mainItem(sub)?.price.id === priceId) return sub;
    if (paying(sub.status)) throw new HttpError(409, ALREADY_PRO);
    if (sub.status === "incomplete") await apply(await viaStripe("subscriptions.cancel", () => stripe.subscriptions.cancel(sub.id)));
    Object.assign(upgrade, { key: freshUpgradeKey(uid), subscriptionId: null });
    return null;
  }

  /** What the card form reads of a subscription; a decline it shows counts towards the stop. */
  async function answer(uid: string, sub: Stripe.Subscription) {
    const { view, decline } = await readSubscription(stripe, sub);
    if (decline) await recordDecline(sql(), uid, decline);
    return view;
  }

  /** The account's subscription that still bills, or a 404 saying there is none. */
  async function billedSubscription(uid: string): Promise<Stripe.Subscription> {
    const row = await latestSubscription(sql(), uid);
    if (!row || !paying(row.status)) throw new HttpError(404, "You have no Pro subscription.");
    return viaStripe("subscriptions.retrieve", () => stripe.subscriptions.retrieve(row.id));
  }

  const updated = async (uid: string, change: (sub: Stripe.Subscription) => Promise<Stripe.Subscription>) => {
    const sub = await change(await billedSubscription(uid));
    await apply(sub);
    return { subscription: planView(await latestSubscription(sql(), uid)) };
  };

  const setCancel = (uid: string, cancel: boolean) =>
    updated(uid, (sub) => viaStripe("subscriptions.update", () => stripe.subscriptions.update(sub.id, { cancel_at_period_end: cancel })));

  return new Elysia({ name: "billing-routes" })
    .use(withSession(ctx))
    .get("/api/stripe/subscription", async ({ user }) => {
      const me = signedIn(user);
      const customer = await customerOf(sql(), me.uid);
      const invoices = customer
        ? (await viaStripe("invoices.list", () => stripe.invoices.list({ customer, limit: 24 }))).data
        : [];
      return { publishableKey, subscription: planView(await latestSubscription(sql(), me.uid)), invoices: invoiceListView(invoices) };
    })
    .post("/api/stripe/create-customer", async ({ user }) => ({ stripeCustomerId: await ensureCustomer(signedIn(user)) }))
    .post(
      "/api/stripe/create-subscription",
      async ({ body, user, request, server }) => {
        const me = signedIn(user);
        await mayPay(me.uid, request, server);
        if (paying((await latestSubscription(sql(), me.uid))?.status)) throw new HttpError(409, ALREADY_PRO);
        const price = await priceFor(stripe, tierByKey(body.tier)!, body.billing as Billing);
        return oneUpgradeAtATime(sql, me.uid, async (upgrade) => {
          const sub = (upgrade.subscriptionId && (await earlier(me.uid, upgrade, price.id))) || (await subscribe(me, upgrade, price.id, body.paymentMethodId));
          return answer(me.uid, sub);
        });
      },
      { body: t.Object({ paymentMethodId, ...plan }) },
    )
    .post(
      "/api/stripe/retry-invoice",
      async ({ body, user, request, server }) => {
        const me = signedIn(user);
        await mayPay(me.uid, request, server);
        const customer = await customerOf(sql(), me.uid);
        const invoice = customer && (await readInvoice(stripe, body.invoiceId));
        // NOTE: another account's invoice answers exactly like one that does not exist.
        if (!invoice || invoice.customer !== customer) throw new HttpError(404, "No such invoice.");
        // NOTE: the browser confirms the card itself; its decline is seen here, before the next card.
        if (invoice.decline) {
          await recordDecline(sql(), me.uid, invoice.decline);
          await assertMayPay(sql(), me.uid);
        }
        await useCard(customer, body.paymentMethodId);
        return invoice.view;
      },
      { body: t.Object({ paymentMethodId, invoiceId: stripeId("in", "No such invoice.") }) },
    )
    .post(
      "/api/stripe/change-plan",
      async ({ body, user }) => {
        const me = signedIn(user);
        const price = await priceFor(stripe, tierByKey(body.tier)!, body.billing as Billing);
        return updated(me.uid, (sub) => {
          const item = mainItem(sub);
          if (item?.price.id === price.id) throw new HttpError(409, "You are on this plan already.");
          return viaStripe("subscriptions.update", () =>
            stripe.subscriptions.update(sub.id, {
              items: [{ ...(item ? { id: item.id } : {}), price: price.id }],
              proration_behavior: "create_prorations",
            }),
          );
        });
      },
      { body: t.Object(plan) },
    )
    .post("/api/stripe/cancel", ({ user }) => setCancel(signedIn(user).uid, true))
    .post("/api/stripe/resume", ({ user }) => setCancel(signedIn(user).uid, false));
}
