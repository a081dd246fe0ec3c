// What the admin area reads from Stripe itself (never from our copy alone): every subscription as
// Stripe reports it, matched against the accounts' scopes; the tiers' prices by lookup key; one
// account's subscriptions and invoices. Also the step that cancels an account's subscriptions once
// the account is deleted. Without Stripe keys every read says billing is off.
import type Stripe from "stripe";
import { accountsForBilling, onAccountDeletion } from "../auth";
import type { AppContext } from "../context";
import { log } from "../log";
import { billingConfigured } from "../plans";
import { BILLINGS, periodPrice, priceLookupKey, TIERS, tierKeyOfLookupKey } from "../shared/pricing";
import { allCustomers, customerOf, openSubscriptionIds, PRO_STATUSES } from "./store";
import { stripeClient } from "./stripe";
import { mainItem } from "./subscription";
import { activePrices } from "./sync";

/** Lists read from Stripe stop here: an admin page, not an export. */
const LIST_MAX = 1000;

const isoOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
const idOf = (ref: string | { id: string }) => (typeof ref === "string" ? ref : ref.id);
const paying = (status: string) => (PRO_STATUSES as readonly string[]).includes(status);

type Mismatch = "paid without Pro" | "Pro without a subscription" | null;

function subscriptionRow(sub: Stripe.Subscription) {
  const item = mainItem(sub);
  return {
    id: sub.id,
    customer: idOf(sub.customer),
    status: sub.status,
    tier: item?.price.lookup_key ? tierKeyOfLookupKey(item.price.lookup_key) : null,
    periodEnd: isoOf(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}

export function billingAdmin(ctx: Pick<AppContext, "config" | "db">) {
  const { config, db } = ctx;
  const stripe = billingConfigured(config) ? stripeClient(config.STRIPE_SECRET_KEY!, config.STRIPE_API_BASE) : null;

  return {
    /** Every subscription Stripe holds, with the account it belongs to and whether its scope agrees. */
    async subscriptions() {
      if (!stripe) return { configured: false as const };
      const subs = await stripe.subscriptions.list({ status: "all", limit: 100 }).autoPagingToArray({ limit: LIST_MAX });
      const uidOf = new Map((await allCustomers(db.sql)).map((c) => [c.customerId, c.uid]));
      const accounts = await accountsForBilling(db.sql, [...new Set(subs.map((s) => uidOf.get(idOf(s.customer))).filter((u): u is string => !!u))]);
      const byUid = new Map(accounts.map((a) => [a.uid, a]));
      const rows = subs.map((sub) => {
        const row = subscriptionRow(sub);
        const account = byUid.get(uidOf.get(row.customer) ?? "");
        const pro = !!account?.scope.includes("pro");
        const mismatch: Mismatch = account && paying(row.status) && !pro ? "paid without Pro" : null;
        return { ...row, uid: account?.uid ?? null, email: account?.email ?? null, pro, mismatch };
      });
      const paid = new Set(rows.filter((r) => paying(r.status) && r.uid).map((r) => r.uid));
      const unpaid = accounts
        .filter((a) => a.scope.includes("pro") && !paid.has(a.uid))
        .map((a) => ({ uid: a.uid, email: a.email, mismatch: "Pro without a subscription" as Mismatch }));
      return { configured: true as const, subscriptions: rows, proWithoutSubscription: unpaid };
    },

    /** Each tier and period with the Stripe price holding its lookup key; `problem` says what is wrong. */
    async prices() {
      const found = stripe ? await activePrices(stripe) : new Map<string, Stripe.Price>();
      const rows = TIERS.flatMap((tier) =>
        BILLINGS.map((billing) => {
          const key = priceLookupKey(tier, billing);
          const price = found.get(key);
          const cents = periodPrice(tier, billing) * 100;
          const problem = !price ? "no price" : price.unit_amount !== cents ? `Stripe charges ${(price.unit_amount ?? 0) / 100} $` : null;
          return { tier: tier.key, visitors: tier.visitors, billing, dollars: cents / 100, lookupKey: key, priceId: price?.id ?? null, problem };
        }),
      );
      return { configured: !!stripe, prices: rows };
    },

    /** One account's subscriptions and invoices as Stripe has them; null without a customer. */
    async account(uid: string) {
      if (!stripe) return null;
      const customer = await customerOf(db.sql, uid);
      if (!customer) return null;
      const [subs, invoices] = await Promise.all([
        stripe.subscriptions.list({ customer, status: "all", limit: 100 }),
        stripe.invoices.list({ customer, limit: 24 }),
      ]);
      return {
        customer,
        subscriptions: subs.data.map(subscriptionRow),
        invoices: invoices.data.map((i) => ({
          id: i.id ?? "", number: i.number, status: i.status, dollars: i.total / 100, created: isoOf(i.created)!, url: i.hosted_invoice_url ?? null,
        })),
      };
    },
  };
}

/** Cancels a deleted account's subscriptions at once: nobody is left to pay for, or to use, Pro. */
export function cancelOnDeletion(ctx: Pick<AppContext, "db">, stripe: Stripe) {
  onAccountDeletion(ctx.db, async (uid) => {
    const ids = await openSubscriptionIds(ctx.db.sql, uid);
    return async () => {
      for (const id of ids) {
        // NOTE: the account is gone either way; a subscription Stripe kept is logged for an admin,
        // whose monitoring page lists the last hour's errors.
        await stripe.subscriptions.cancel(id).then(
          () => log.info("subscription canceled with its account", { subscription: id }),
          (err: unknown) => log.error("subscription of a deleted account not canceled", { subscription: id, error: err instanceof Error ? err.message : String(err) }),
        );
      }
    };
  });
}
