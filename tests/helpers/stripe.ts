// The local Stripe (tools/stripe-mock) for tests, and the SDK pointed at it.
import Stripe from "stripe";
import { stripeClient } from "../../src/billing/stripe";
import { startStripeMock, type StripeMock } from "../../tools/stripe-mock/server";

export const WEBHOOK_SECRET = "whsec_testsecret";
export const PUBLISHABLE_KEY = "pk_test_bothy";
export const SECRET_KEY = "sk_test_bothy";

export { startStripeMock, type StripeMock };

/** The Stripe settings of an app that bills through `mock`, outside beta. */
export const stripeEnv = (mock: StripeMock): Record<string, string> => ({
  BETA: "0",
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: mock.url,
});

export const stripeFor = (mock: StripeMock): Stripe => stripeClient(SECRET_KEY, mock.url);
