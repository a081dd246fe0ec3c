// Card testing against the billing routes: declined cards stop after DECLINE_STOP.declines with a
// 429 and Retry-After, and Stripe is not called again; the named `payment` limit answers 429 past
// its per-account budget. Stripe's events reach the app as they would in production.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DECLINE_STOP } from "../../../src/billing/declines";
import { LIMITS } from "../../../src/http/limits";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { appBehindTap, PUBLISHABLE_KEY, WEBHOOK_SECRET, type StripeMock, type StripeTap } from "../../helpers/stripe";

let billing: Awaited<ReturnType<typeof appBehindTap>>;
let mock: StripeMock;
let tap: StripeTap;
let server: Awaited<ReturnType<typeof startTestServer>>;
let hook: ReturnType<typeof Bun.serve>;
const SAME = { origin: "http://bothy.test" };
const PASSWORD = "a sturdy passphrase";

beforeAll(async () => {
  // NOTE: the mock posts its events here, and they go on to the app in-process.
  hook = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (req) => {
      const body = await req.text();
      const res = await server.app.handle(new Request("http://bothy.test/api/stripe/webhook", { method: "POST", headers: req.headers, body }));
      return new Response(await res.text(), { status: res.status });
    },
  });
  billing = await appBehindTap({ webhookUrl: `http://127.0.0.1:${hook.port}/`, webhookSecret: WEBHOOK_SECRET });
  ({ mock, tap, server } = billing);
});
afterAll(async () => {
  await billing?.stop();
  await hook?.stop(true);
});

/** What Stripe.js does in the browser: confirm the invoice's intent with the card the retry attached. */
async function confirmInBrowser(email: string, intent: { id: string; client_secret: string }) {
  const [row] = await server.db.sql<{ id: string }[]>`SELECT customer_id AS id FROM billing_customers c JOIN users u USING (uid) WHERE u.email = ${email}`;
  const { default_payment_method: card } = mock.state.get(row!.id, "customer").invoice_settings as { default_payment_method: string };
  const res = await fetch(`${mock.url}/v1/payment_intents/${intent.id}/confirm`, {
    method: "POST",
    headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_secret: intent.client_secret, payment_method: card }),
  });
  expect(res.status).toBe(402);
  await mock.delivered();
}

describe("card testing", () => {
  test("ten declined cards in a row: after the stop every attempt answers 429 and Stripe hears nothing", async () => {
    const email = "cards@example.com";
    const cookie = await verifiedSession(server, email, PASSWORD);
    const first = await call(server.app, "POST", "/api/stripe/create-subscription", {
      cookie, headers: SAME, body: { paymentMethodId: "pm_card_chargeDeclined", tier: "20k", billing: "month" },
    });
    expect(first.json).toMatchObject({ status: "incomplete", latest_invoice: { payment_intent: { status: "requires_payment_method" } } });
    await mock.delivered();
    const invoiceId = first.json.latest_invoice.id as string;

    const attempts: { status: number; stripeCalls: number; retryAfter: string | null; message?: string }[] = [];
    for (let card = 2; card <= 10; card++) {
      const before = tap.calls.length;
      const res = await call(server.app, "POST", "/api/stripe/retry-invoice", {
        cookie, headers: SAME, body: { paymentMethodId: "pm_card_chargeDeclined", invoiceId },
      });
      attempts.push({ status: res.status, stripeCalls: tap.calls.length - before, retryAfter: res.headers.get("retry-after"), message: res.json?.error?.message });
      if (res.status === 200) await confirmInBrowser(email, res.json.payment_intent);
    }
    const tried = DECLINE_STOP.declines - 1;
    expect(attempts.map((a) => a.status)).toEqual([...Array(tried).fill(200), ...Array(9 - tried).fill(429)]);
    for (const refused of attempts.slice(tried)) {
      expect(refused.stripeCalls).toBe(0);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(DECLINE_STOP.windowHours * 3600);
    }
    // NOTE: the last ones may meet the per-account `payment` limit first; the stop came before it.
    expect(attempts[tried]!.message).toContain("declined several times");
    // A new subscription is refused the same way, and the account holds the one it began with.
    const before = tap.calls.length;
    const again = await call(server.app, "POST", "/api/stripe/create-subscription", {
      cookie, headers: SAME, body: { paymentMethodId: "pm_card_chargeDeclined", tier: "20k", billing: "month" },
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(tap.calls.length).toBe(before);
    expect(mock.state.all("subscription")).toHaveLength(1);
    const [declines] = await server.db.sql`SELECT count(*)::int AS n FROM billing_declines d JOIN users u USING (uid) WHERE u.email = ${email}`;
    expect(declines!.n).toBe(DECLINE_STOP.declines);
  });

  test("the payment limit answers 429 with Retry-After past an account's budget", async () => {
    const cookie = await verifiedSession(server, "limit@example.com", PASSWORD);
    const budget = LIMITS.payment.account.per;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i <= budget; i++) {
      last = await call(server.app, "POST", "/api/stripe/retry-invoice", { cookie, headers: SAME, body: { paymentMethodId: "pm_card_visa", invoiceId: "in_nosuchinvoice" } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(budget).fill(404), 429]);
    expect(last!.json.error.message).toBe(LIMITS.payment.message);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
