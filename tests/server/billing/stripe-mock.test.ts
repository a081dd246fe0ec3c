import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { stripeClient } from "../../../src/billing/stripe";
import { PRODUCT_ID, syncStripe } from "../../../src/billing/sync";
import { until } from "../../helpers/collect";
import { PUBLISHABLE_KEY, SECRET_KEY, startStripeMock, stripeFor, type StripeMock } from "../../helpers/stripe";

let mock: StripeMock;
let stripe: Stripe;
let price: string;
let firstSync: Awaited<ReturnType<typeof syncStripe>>;
const events: { type: string; object: { id: string; status?: string } }[] = [];
let hook: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  hook = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (req) => {
      const event = await stripe.webhooks.constructEventAsync(await req.text(), req.headers.get("stripe-signature")!, "whsec_mocktest");
      events.push({ type: event.type, object: event.data.object as { id: string; status?: string } });
      return new Response("{}");
    },
  });
  mock = startStripeMock({ webhookUrl: `http://127.0.0.1:${hook.port}/`, webhookSecret: "whsec_mocktest" });
  stripe = stripeFor(mock);
  firstSync = await syncStripe(stripe);
  price = (await stripe.prices.list({ lookup_keys: ["bothy_pro_20k_month"] })).data[0]!.id;
});
afterAll(async () => {
  await mock.stop();
  await hook.stop(true);
});

/** A customer paying by one of Stripe's test payment methods, subscribed to the 20K monthly price. */
async function subscribe(testCard: string) {
  const customer = await stripe.customers.create({ email: "payer@example.com" });
  const pm = await stripe.paymentMethods.attach(testCard, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
  const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price }], expand: ["latest_invoice.payments"] });
  const invoice = sub.latest_invoice as Stripe.Invoice;
  const intentId = invoice.payments!.data[0]!.payment.payment_intent as string;
  return { customer, pm, sub, invoice, intent: await stripe.paymentIntents.retrieve(intentId) };
}

/** What Stripe.js does with the publishable key: confirm an intent by its client secret. */
const confirm = (intent: Stripe.PaymentIntent, paymentMethod?: string) =>
  fetch(`${mock.url}/v1/payment_intents/${intent.id}/confirm`, {
    method: "POST",
    headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_secret: intent.client_secret!, ...(paymentMethod ? { payment_method: paymentMethod } : {}) }),
  });

describe("the local Stripe's test payment methods", () => {
  test("pm_card_visa pays the first invoice: subscription active, invoice paid, signed events sent", async () => {
    const { sub, invoice, intent } = await subscribe("pm_card_visa");
    expect(sub.status).toBe("active");
    expect(invoice.status).toBe("paid");
    expect(intent.status).toBe("succeeded");
    await mock.delivered();
    expect(events.filter((e) => e.object.id === invoice.id).map((e) => e.type)).toContain("invoice.paid");
  });

  test("pm_card_chargeDeclined leaves the intent requires_payment_method and the invoice open; a new card pays it", async () => {
    const { sub, invoice, intent } = await subscribe("pm_card_chargeDeclined");
    expect(sub.status).toBe("incomplete");
    expect(invoice.status).toBe("open");
    expect(intent.status).toBe("requires_payment_method");
    expect(intent.last_payment_error?.code).toBe("card_declined");
    await mock.delivered();
    expect(events.some((e) => e.type === "invoice.payment_failed" && e.object.id === invoice.id)).toBe(true);

    const declined = await confirm(intent);
    expect(declined.status).toBe(402);
    expect((await declined.json()).error).toMatchObject({ type: "card_error", code: "card_declined", message: "Your card was declined." });
    const visa = await stripe.paymentMethods.attach("pm_card_visa", { customer: sub.customer as string });
    expect((await (await confirm(intent, visa.id)).json()).status).toBe("succeeded");
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("active");
  });

  test("pm_card_authenticationRequired needs action; confirming with the client secret completes it", async () => {
    const { sub, intent } = await subscribe("pm_card_authenticationRequired");
    expect(sub.status).toBe("incomplete");
    expect(intent.status).toBe("requires_action");
    expect(intent.client_secret).toStartWith(`${intent.id}_secret_`);
    const confirmed = await confirm(intent);
    expect((await confirmed.json()).status).toBe("succeeded");
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("active");
  });
});

describe("the local Stripe's API", () => {
  test("an Idempotency-Key replays its first answer; reused with other parameters it is refused", async () => {
    const customer = await stripe.customers.create({ email: "once@example.com" });
    const key = { idempotencyKey: `test-${customer.id}` };
    const first = await stripe.subscriptions.create({ customer: customer.id, items: [{ price }], payment_behavior: "default_incomplete" }, key);
    const again = await stripe.subscriptions.create({ customer: customer.id, items: [{ price }], payment_behavior: "default_incomplete" }, key);
    expect(again.id).toBe(first.id);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
    const other = await stripe.subscriptions.create({ customer: customer.id, items: [{ price }], payment_behavior: "allow_incomplete" }, key).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({ statusCode: 400 });
  });

  test("answers Stripe's error shapes, which the SDK reads as its typed errors", async () => {
    const missing = await stripe.customers.retrieve("cus_nothere").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing" });
    const noKey = await fetch(`${mock.url}/v1/customers`);
    expect(noKey.status).toBe(401);
    expect((await noKey.json()).error.type).toBe("invalid_request_error");
    const publishable = await fetch(`${mock.url}/v1/customers`, { method: "POST", headers: { authorization: `Bearer ${PUBLISHABLE_KEY}` } });
    expect(publishable.status).toBe(401);
  });

  test("cancel at period end, then the period's end cancels and sends customer.subscription.deleted", async () => {
    const { sub } = await subscribe("pm_card_visa");
    const canceling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({ status: "active", cancel_at_period_end: true });
    mock.endPeriod(sub.id);
    await mock.delivered();
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("canceled");
    expect(events.some((e) => e.type === "customer.subscription.deleted" && e.object.id === sub.id)).toBe(true);
  });
});

describe("npm run stripe:sync", () => {
  test("the product and 16 prices exist by lookup key; a second run creates nothing", async () => {
    expect(firstSync.productCreated).toBe(true);
    expect(firstSync.created).toHaveLength(16);
    const again = await syncStripe(stripe);
    expect(again).toMatchObject({ productCreated: false, created: [] });
    expect(again.kept).toHaveLength(16);
    const yearly = (await stripe.prices.list({ lookup_keys: ["bothy_pro_250k_year"] })).data[0]!;
    expect(yearly).toMatchObject({ unit_amount: 15 * 12 * 100, currency: "usd", product: PRODUCT_ID });
    expect(yearly.recurring?.interval).toBe("year");
  });
});

describe("npm run stripe:mock", () => {
  test("--port and --webhook start the local Stripe as a process that sends signed events to that URL", async () => {
    const { scripts } = (await Bun.file(new URL("../../../package.json", import.meta.url)).json()) as { scripts: Record<string, string> };
    expect(scripts["stripe:mock"]).toBe("node_modules/.bin/bun tools/stripe-mock/cli.ts");
    const proc = Bun.spawn(
      [process.execPath, "tools/stripe-mock/cli.ts", "--port", "0", "--webhook", `http://127.0.0.1:${hook.port}/`, "--webhook-secret", "whsec_mocktest"],
      { cwd: new URL("../../../", import.meta.url).pathname, stdin: "ignore", stdout: "pipe", stderr: "inherit" },
    );
    try {
      let printed = "";
      const reader = proc.stdout.getReader();
      const url = await until("the local Stripe's URL", async () => {
        const { value } = await reader.read();
        printed += new TextDecoder().decode(value);
        return /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
      });
      const customer = await stripeClient(SECRET_KEY, url!).customers.create({ email: "cli@example.com" });
      // The hook above verifies each signature with the secret given on the command line.
      await until("customer.created at the webhook", () => events.some((e) => e.type === "customer.created" && e.object.id === customer.id));
    } finally {
      // NOTE: SIGKILL: on SIGTERM the local Stripe first finishes its deliveries, which a failing hook never lets end.
      proc.kill("SIGKILL");
      await proc.exited;
    }
  });
});
