// The billing room: Stripe customers and subscriptions for Pro, the webhook that keeps them, and
// the one function where a subscription decides the `pro` scope (setProFromSubscription). Without
// Stripe keys the instance runs in beta (src/plans) and this room serves nothing.
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { billingConfigured } from "../plans";
import { cancelOnDeletion } from "./admin";
import { billingRoutes } from "./routes";
import { subscribedTier } from "./store";
import { stripeClient } from "./stripe";
import { syncStripe } from "./sync";
import { webhookRoute } from "./webhook";

/** The tier an account pays for, for the usage checks; null without a subscription that grants Pro. */
export const subscribedTierOf = ({ db }: Pick<AppContext, "db">) => (uid: string) => subscribedTier(db.sql, uid);

export { billingAdmin } from "./admin";
export { viaStripe } from "./stripe";

/** `npm run stripe:sync`: the product and the prices in the Stripe account of `secretKey`, at `apiBase`. */
export const syncStripeAccount = (secretKey: string, apiBase: string) => syncStripe(stripeClient(secretKey, apiBase));

export const billingRoom = (ctx: AppContext) => {
  const { config } = ctx;
  if (!billingConfigured(config)) return new Elysia({ name: "billing" });
  const stripe = stripeClient(config.STRIPE_SECRET_KEY!, config.STRIPE_API_BASE);
  cancelOnDeletion(ctx, stripe);
  return new Elysia({ name: "billing" })
    .use(webhookRoute(ctx, stripe, config.STRIPE_WEBHOOK_SECRET!))
    .use(billingRoutes(ctx, stripe, config.STRIPE_PUBLISHABLE_KEY!));
};
