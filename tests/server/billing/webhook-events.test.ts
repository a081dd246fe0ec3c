// The webhook against signed events that are not what Stripe sends: each malformed one answers 400
// and changes nothing; an event for a customer that is no account's is taken (2xx) and ignored; and
// of two events whose reads of Stripe commit out of order, the newer event's state stays.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type Stripe from "stripe";
import { signatureHeader } from "../../../tools/stripe-mock/server";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { appBehindTap, WEBHOOK_SECRET, type StripeTap } from "../../helpers/stripe";

let billing: Awaited<ReturnType<typeof appBehindTap>>;
let tap: StripeTap;
let stripe: Stripe;
let server: Awaited<ReturnType<typeof startTestServer>>;
const SAME = { origin: "http://bothy.test" };
let serial = 0;

beforeAll(async () => {
  billing = await appBehindTap();
  ({ stripe, tap, server } = billing);
});
afterAll(() => billing?.stop());

const eventOf = (type: string, object: unknown, created: unknown) => ({
  id: `evt_test${++serial}`, object: "event", api_version: "2026-10-28.endive", created, livemode: false, type, data: { object },
});

const deliver = (event: unknown) => {
  const payload = JSON.stringify(event);
  return call(server.app, "POST", "/api/stripe/webhook", {
    body: payload, headers: { "stripe-signature": signatureHeader(payload, WEBHOOK_SECRET), "content-type": "application/json; charset=utf-8" },
  });
};

async function subscriber(email: string) {
  const cookie = await verifiedSession(server, email, "a sturdy passphrase");
  const made = await call(server.app, "POST", "/api/stripe/create-subscription", {
    cookie, headers: SAME, body: { paymentMethodId: "pm_card_visa", tier: "20k", billing: "month" },
  });
  expect(made.json.status).toBe("active");
  return { cookie, sub: await stripe.subscriptions.retrieve(made.json.id) };
}

/** Everything the webhook could have changed: events, subscriptions, scopes, declines. */
const stored = async () =>
  server.db.sql`SELECT (SELECT json_agg(b ORDER BY id) FROM billing_events b) AS events,
    (SELECT json_agg(s ORDER BY subscription_id) FROM billing_subscriptions s) AS subs,
    (SELECT json_agg(u.scope ORDER BY email) FROM users u) AS scopes, (SELECT count(*)::int FROM billing_declines) AS declines`;

describe("malformed but signed events", () => {
  test("each answers 400 with what is wrong, never 5xx, and stores nothing", async () => {
    const { sub } = await subscriber("shape@example.com");
    // Stripe now says canceled: an event that got through would revoke Pro.
    await stripe.subscriptions.cancel(sub.id);
    const now = Math.floor(Date.now() / 1000);
    const invoice = { object: "invoice", id: "in_test1", customer: sub.customer, parent: { type: "subscription_details", subscription_details: { subscription: sub.id } } };
    const malformed = {
      "missing data.object": { ...eventOf("customer.subscription.deleted", undefined, now), data: {} },
      "wrong types of fields": eventOf("customer.subscription.deleted", { object: "subscription", id: 12345, customer: ["cus_x"] }, now),
      "null subscription id": eventOf("invoice.paid", { ...invoice, parent: { type: "subscription_details", subscription_details: { subscription: null } } }, now),
      "a timestamp that is no time": eventOf("customer.subscription.deleted", sub, "2026-01-01T00:00:00Z"),
      "a timestamp far in the future": eventOf("customer.subscription.deleted", sub, now + 10 * 365 * 86400),
      "another object than the type's": eventOf("invoice.payment_failed", sub, now),
    };
    const before = await stored();
    for (const [what, event] of Object.entries(malformed)) {
      const res = await deliver(event);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect(res.json.error.message).toStartWith("The event is malformed:");
    }
    expect(await stored()).toEqual(before);
    expect((await deliver(eventOf("customer.subscription.deleted", sub, now))).status).toBe(200);
    expect(await stored()).not.toEqual(before);
  });

  test("an event for a customer that is no account's is taken and ignored", async () => {
    const customer = await stripe.customers.create({ email: "elsewhere@example.com" });
    const before = await stored();
    const calls = tap.calls.length;
    const res = await deliver(eventOf("customer.subscription.updated", { object: "subscription", id: "sub_elsewhere", customer: customer.id }, Math.floor(Date.now() / 1000)));
    expect(res.status).toBe(200);
    expect(await stored()).toEqual(before);
    expect(tap.calls.length).toBe(calls);
  });
});

describe("events out of order", () => {
  test("an older event whose read of Stripe commits after a newer one's does not overwrite it", async () => {
    const { cookie, sub } = await subscriber("late@example.com");
    const held = tap.hold(new RegExp(`^GET /v1/subscriptions/${sub.id}$`));
    const older = deliver(eventOf("customer.subscription.updated", sub, sub.created + 1));
    await held.arrived; // the older event's read has Stripe's answer from before the change below

    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    const changed = await stripe.subscriptions.retrieve(sub.id);
    expect((await deliver(eventOf("customer.subscription.updated", changed, sub.created + 2))).status).toBe(200);
    held.release();
    expect((await older).status).toBe(200);

    const [row] = await server.db.sql`SELECT cancel_at_period_end AS cancel FROM billing_subscriptions WHERE subscription_id = ${sub.id}`;
    expect(row).toEqual({ cancel: true });
    expect((await call(server.app, "GET", "/api/stripe/subscription", { cookie })).json.subscription.cancelAtPeriodEnd).toBe(true);
  });
});
