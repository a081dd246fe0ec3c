import { describe, expect, test } from "bun:test";
import { billingConfigured, isBeta, isPro } from "../../../src/plans";

const KEYS = { STRIPE_SECRET_KEY: "sk_test_a", STRIPE_PUBLISHABLE_KEY: "pk_test_a", STRIPE_WEBHOOK_SECRET: "whsec_a" };
const NONE = { STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };

describe("beta mode", () => {
  test("BETA unset: beta until all three Stripe settings are there", () => {
    expect(isBeta({ BETA: undefined, ...NONE })).toBe(true);
    expect(isBeta({ BETA: undefined, ...KEYS, STRIPE_WEBHOOK_SECRET: undefined })).toBe(true);
    expect(billingConfigured(KEYS)).toBe(true);
    expect(isBeta({ BETA: undefined, ...KEYS })).toBe(false);
  });

  test("BETA=1 and BETA=0 decide whatever the keys", () => {
    expect(isBeta({ BETA: "1", ...KEYS })).toBe(true);
    expect(isBeta({ BETA: "0", ...NONE })).toBe(false);
  });

  test("in beta everyone is Pro; outside it only the pro scope", () => {
    expect(isPro({ BETA: undefined, ...NONE }, { scope: [] })).toBe(true);
    expect(isPro({ BETA: undefined, ...KEYS }, { scope: [] })).toBe(false);
    expect(isPro({ BETA: undefined, ...KEYS }, { scope: ["pro"] })).toBe(true);
  });
});
