// POST /api/stripe/webhook: Stripe's signed events, verified on the raw body, then checked against
// a schema (./events.ts) before anything is read or stored. An event only says *which*
// subscription changed: its state is read back from Stripe and stored with the event's time, so a
// late or out-of-order event never undoes a newer change. A failed card payment counts towards the
// account's decline stop (./declines.ts). Each event id is applied once (Stripe delivers at least once).
import { Elysia, t } from "elysia";
import type Stripe from "stripe";
import type { AppContext } from "../context";
import { readCappedText } from "../http/body";
import { HttpError } from "../http/errors";
import { log } from "../log";
import { recordDecline } from "./declines";
import { checkEvent } from "./events";
import { viaStripe } from "./stripe";
import { applied, firstDelivery, uidOfCustomer } from "./store";
import { setProFromSubscription } from "./subscription";

// NOTE: Stripe's events embed whole objects (an invoice with its lines), larger than the API's
// usual 64 KiB; http/edge.ts lets this path through to this cap.
export const WEBHOOK_BODY_LIMIT = 512 * 1024;

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
      const checked = checkEvent(event, Math.floor(Date.now() / 1000));
      if (!checked.ok) throw new HttpError(400, checked.message);
      const { id, type, created, action } = checked.event;
      if (await applied(ctx.db.sql, id)) return { received: true };
      const uid = action && (await uidOfCustomer(ctx.db.sql, action.customer));
      if (action && !uid) {
        // NOTE: 2xx, or Stripe would retry for days: a deleted account's subscription is canceled
        // after its customer row is gone, and other products may share the Stripe account.
        log.debug("stripe event for a customer that is no account's", { event: id, type });
        return { received: true };
      }
      // NOTE: read before the transaction: no network wait while it holds locks. The insert of the
      // event id below decides between two deliveries racing past the check above.
      const subscription =
        action?.kind === "subscription" ? await viaStripe("subscriptions.retrieve", () => stripe.subscriptions.retrieve(action.subscription)) : null;
      const first = await ctx.db.sql.begin(async (tx) => {
        if (!(await firstDelivery(tx, id, type))) return false;
        if (subscription) await setProFromSubscription(tx, subscription, created);
        if (uid && action?.kind === "decline") await recordDecline(tx, uid, action);
        return true;
      });
      if (!first) log.debug("stripe event already applied", { event: id });
      return { received: true };
    },
    { parse: "none", headers: t.Object({ "stripe-signature": t.String({ minLength: 1, error: "Stripe-Signature header is missing." }) }) },
  );
