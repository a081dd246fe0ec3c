// Where a Stripe subscription decides an account's plan: setProFromSubscription stores its state
// and grants or revokes `pro`, and, when the scope changed, retires the cached stats of the
// account's domains so the next read applies the new plan, and moves their retention to it. Webhooks and the billing routes both
// come through here, with the subscription as Stripe last answered it.
import type Stripe from "stripe";
import type { Queryable } from "../db";
import { bumpStatsEpochs, ownedDomainIds } from "../domains";
// TRICKY: the module itself, not ../plans: plans' index reaches domains, which reaches back here.
import { applyPlanRetention } from "../plans";
import { saveSubscription, syncProScope, uidOfCustomer } from "./store";

const idOf = (ref: string | { id: string }) => (typeof ref === "string" ? ref : ref.id);

/** The one item Bothy's subscriptions carry: its price and billing period. */
export const mainItem = (sub: Stripe.Subscription): Stripe.SubscriptionItem | undefined => sub.items.data[0];

/**
 * Applies a subscription to its account, inside the caller's transaction. `stateAt`: the created
 * time of the webhook event it was read for (see saveSubscription). Null when the customer is no
 * account's (another product on the same Stripe account); else whether the scope changed.
 */
export async function setProFromSubscription(
  tx: Queryable,
  sub: Stripe.Subscription,
  stateAt: Date | null = null,
): Promise<{ uid: string; changed: boolean } | null> {
  const uid = await uidOfCustomer(tx, idOf(sub.customer));
  if (!uid) return null;
  const item = mainItem(sub);
  await saveSubscription(tx, {
    id: sub.id,
    uid,
    status: sub.status,
    lookupKey: item?.price.lookup_key ?? null,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    created: new Date(sub.created * 1000),
    stateAt,
  });
  const scope = await syncProScope(tx, uid);
  if (scope) {
    await applyPlanRetention(tx, uid, { pro: scope.pro, at: new Date() });
    await bumpStatsEpochs(tx, await ownedDomainIds(tx, uid));
  }
  return { uid, changed: scope !== null };
}
