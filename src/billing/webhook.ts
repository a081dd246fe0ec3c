// POST /api/stripe/webhook: Stripe's signed events, verified on the raw body before anything is
// read. An event only says *which* subscription changed: its state is read back from Stripe, so
// events that arrive late or out of order apply the subscription as it is now and never undo a
// newer change. Each event id is applied once (Stripe delivers at least once).
import { Elysia, t } from "elysia";
import type Stripe from "stripe";
import type { AppContext } from "../context";
import { readCappedText } from "../http/body";
import { HttpError } from "../http/errors";
import { log } from "../log";
import { viaStripe } from "./stripe";
import { applied, firstDelivery } from "./store";
import { setProFromSubscription } from "./subscription";

// NOTE: Stripe's events embed whole objects (an invoice with its lines), larger than the API's
// usual 64 KiB; http/edge.ts lets this path through to this cap.
export const WEBHOOK_BODY_LIMIT = 512 * 1024;

const HANDLED = new Set(["invoice.paid", "invoice.payment_failed", "customer.subscription.updated", "customer.subscription.deleted"]);

/** The subscription an event is about, or null. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object: string; id: string; parent?: Stripe.Invoice.Parent | null };
  if (object.object === "subscription") return object.id;
  const ref = object.object === "invoice" ? object.parent?.subscription_details?.subscription : null;
  return ref ? (typeof ref === "string" ? ref : ref.id) : null;
}

export const webhookRoute = (ctx: AppContext, stripe: Stripe, secret: string) =>
  new Elysia({ name: "billing-webhook" }).post(
    "/api/stripe/webhook",
    async ({ request }) => {
      const raw = await readCappedText(request, WEBHOOK_BODY_LIMIT);
      let event: Stripe.Event;
      try {
        // NOTE: under Bun the SDK verifies with WebCrypto, which is async only.
        event = await stripe.webhooks.constructEventAsync(raw, request.headers.get("stripe-signature") ?? "", secret);
      } catch {
        throw new HttpError(400, "The Stripe-Signature header does not match the body.");
      }
      if (await applied(ctx.db.sql, event.id)) return { received: true };
      const subscriptionId = HANDLED.has(event.type) ? subscriptionIdOf(event) : null;
      // NOTE: read before the transaction: no network wait while it holds locks. The insert of the
      // event id below decides between two deliveries racing past the check above.
      const subscription = subscriptionId ? await viaStripe("subscriptions.retrieve", () => stripe.subscriptions.retrieve(subscriptionId)) : null;
      const first = await ctx.db.sql.begin(async (tx) => {
        if (!(await firstDelivery(tx, event.id, event.type))) return false;
        if (subscription) await setProFromSubscription(tx, subscription);
        return true;
      });
      if (!first) log.debug("stripe event already applied", { event: event.id });
      return { received: true };
    },
    { parse: "none", headers: t.Object({ "stripe-signature": t.String({ minLength: 1, error: "Stripe-Signature header is missing." }) }) },
  );
