// Billing's named queries: an account's Stripe customer, its subscriptions as last seen, the webhook
// events already applied, and the `pro` scope they decide.
import { namedQuery, type Queryable } from "../db";
import { tierKeyOfLookupKey } from "../shared/pricing";

/** Subscription statuses that keep Pro: paying, trying, or retrying a failed renewal. */
export const PRO_STATUSES = ["active", "trialing", "past_due"] as const;

export const customerOf = namedQuery("billing.customerOf", async (sql: Queryable, uid: string) => {
  const [row] = await sql<{ customer_id: string }[]>`SELECT customer_id FROM billing_customers WHERE uid = ${uid}`;
  return row?.customer_id ?? null;
});

/** Stores the account's customer unless one is stored already; the one that stays. */
export const saveCustomer = namedQuery("billing.saveCustomer", async (sql: Queryable, uid: string, customerId: string) => {
  await sql`INSERT INTO billing_customers (uid, customer_id) VALUES (${uid}, ${customerId}) ON CONFLICT (uid) DO NOTHING`;
  const [row] = await sql<{ customer_id: string }[]>`SELECT customer_id FROM billing_customers WHERE uid = ${uid}`;
  return row!.customer_id;
});

export const uidOfCustomer = namedQuery("billing.uidOfCustomer", async (sql: Queryable, customerId: string) => {
  const [row] = await sql<{ uid: string }[]>`SELECT uid FROM billing_customers WHERE customer_id = ${customerId}`;
  return row?.uid ?? null;
});

export const applied = namedQuery("billing.applied", async (sql: Queryable, id: string) => {
  const rows = await sql`SELECT 1 FROM billing_events WHERE id = ${id}`;
  return rows.length === 1;
});

/** Records a webhook event; false when it was recorded (and so applied) before. */
export const firstDelivery = namedQuery("billing.firstDelivery", async (sql: Queryable, id: string, type: string) => {
  const rows = await sql`INSERT INTO billing_events (id, type) VALUES (${id}, ${type}) ON CONFLICT (id) DO NOTHING RETURNING id`;
  return rows.length === 1;
});

export type SubscriptionRow = {
  id: string;
  uid: string;
  status: string;
  lookupKey: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  created: Date;
};

/**
 * Stores a subscription's state. `stateAt` is Stripe's time of the webhook event it was read for
 * (null for a route's own Stripe answer): a state read for an older event than the stored one is
 * ignored, as two deliveries' reads may commit in either order. TRICKY: `canceled` is final in
 * Stripe, so a state read before the cancellation (a slow API answer, a late webhook) never brings
 * a canceled subscription back.
 */
export const saveSubscription = namedQuery("billing.saveSubscription", async (sql: Queryable, s: SubscriptionRow & { stateAt: Date | null }) => {
  await sql`
    INSERT INTO billing_subscriptions (subscription_id, uid, status, price_lookup_key, current_period_end, cancel_at_period_end, created, state_at)
    VALUES (${s.id}, ${s.uid}, ${s.status}, ${s.lookupKey}, ${s.currentPeriodEnd}, ${s.cancelAtPeriodEnd}, ${s.created}, ${s.stateAt})
    ON CONFLICT (subscription_id) DO UPDATE SET
      status = EXCLUDED.status, price_lookup_key = EXCLUDED.price_lookup_key,
      current_period_end = EXCLUDED.current_period_end, cancel_at_period_end = EXCLUDED.cancel_at_period_end, updated = now(),
      state_at = greatest(billing_subscriptions.state_at, EXCLUDED.state_at)
    WHERE billing_subscriptions.status <> 'canceled'
      AND (EXCLUDED.state_at IS NULL OR billing_subscriptions.state_at IS NULL OR EXCLUDED.state_at >= billing_subscriptions.state_at)`;
});

/** The account's newest subscription, or null. */
export const latestSubscription = namedQuery("billing.latestSubscription", async (sql: Queryable, uid: string) => {
  const [row] = await sql<SubscriptionRow[]>`
    SELECT subscription_id AS id, uid, status, price_lookup_key AS "lookupKey", current_period_end AS "currentPeriodEnd",
           cancel_at_period_end AS "cancelAtPeriodEnd", created
    FROM billing_subscriptions WHERE uid = ${uid} ORDER BY created DESC LIMIT 1`;
  return row ?? null;
});

/** The tier key of the account's newest subscription that still grants Pro, or null. */
export const subscribedTier = namedQuery("billing.subscribedTier", async (sql: Queryable, uid: string) => {
  const [row] = await sql<{ lookupKey: string | null }[]>`
    SELECT price_lookup_key AS "lookupKey" FROM billing_subscriptions
    WHERE uid = ${uid} AND status = ANY(${PRO_STATUSES as unknown as string[]}::text[])
    ORDER BY created DESC LIMIT 1`;
  return row?.lookupKey ? tierKeyOfLookupKey(row.lookupKey) : null;
});

/** Grants or revokes `pro` from the account's stored subscriptions; the new state when it changed, else null. */
export const syncProScope = namedQuery("billing.syncProScope", async (sql: Queryable, uid: string) => {
  const changed = await sql`
    WITH want AS (
      SELECT EXISTS (SELECT 1 FROM billing_subscriptions WHERE uid = ${uid} AND status = ANY(${PRO_STATUSES as unknown as string[]}::text[])) AS pro
    )
    UPDATE users SET scope = CASE WHEN want.pro THEN array_append(scope, 'pro') ELSE array_remove(scope, 'pro') END
    FROM want
    WHERE uid = ${uid} AND ('pro' = ANY(scope)) IS DISTINCT FROM want.pro
    RETURNING want.pro`;
  return changed[0] ? { pro: changed[0].pro as boolean } : null;
});

/** Every account's customer id, for naming the customers Stripe lists. */
export const allCustomers = namedQuery("billing.allCustomers", (sql: Queryable) =>
  sql<{ uid: string; customerId: string }[]>`SELECT uid, customer_id AS "customerId" FROM billing_customers`,
);

/** The account's subscriptions Stripe has not ended, as last seen: what its deletion must cancel. */
export const openSubscriptionIds = namedQuery("billing.openSubscriptionIds", async (sql: Queryable, uid: string) => {
  const rows = await sql<{ id: string }[]>`SELECT subscription_id AS id FROM billing_subscriptions
    WHERE uid = ${uid} AND status NOT IN ('canceled', 'incomplete_expired')`;
  return rows.map((r) => r.id);
});
