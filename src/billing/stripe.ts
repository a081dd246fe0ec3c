// The Stripe SDK as this instance configures it (keys and API base from config), and the one
// translation of Stripe's errors into HttpErrors: a card problem is the payer's to fix (400 with
// Stripe's own words), a missing object is a 404, anything else means Stripe is unreachable or
// refused us (503, logged).
import Stripe from "stripe";
import type { Config } from "../config";
import { HttpError } from "../http/errors";
import { log } from "../log";

/** The SDK for the account of `secretKey`, talking to STRIPE_API_BASE (a local Stripe in tests). */
export function stripeClient(secretKey: string, apiBase: Config["STRIPE_API_BASE"]): Stripe {
  const base = new URL(apiBase);
  const protocol = base.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (protocol === "http" ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
}

/** Runs a Stripe call; its failure becomes the HttpError the edge answers with. */
export async function viaStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) throw new HttpError(400, err.message);
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing") {
      throw new HttpError(404, "No such billing record.");
    }
    log.error("stripe call failed", { call: what, error: err instanceof Error ? err.message : String(err) });
    throw new HttpError(503, "Payments are unavailable right now. Please try again in a minute.");
  }
}
