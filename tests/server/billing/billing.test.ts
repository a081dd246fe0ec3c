import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type Stripe from "stripe";
import { syncStripe } from "../../../src/billing/sync";
import { DOWNGRADE_GRACE_DAYS, FREE_HISTORY_DAYS } from "../../../src/shared/plans";
import { WEBHOOK_BODY_LIMIT } from "../../../src/billing/webhook";
import { signatureHeader } from "../../../tools/stripe-mock/server";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { startSmtp, type TestSmtp } from "../../helpers/smtp";
import { startStripeMock, stripeEnv, stripeFor, WEBHOOK_SECRET, type StripeMock } from "../../helpers/stripe";

let mock: StripeMock;
let stripe: Stripe;
let server: Awaited<ReturnType<typeof startTestServer>>;
let collector: ReturnType<typeof Bun.serve>;
let smtp: TestSmtp;
/** Every event the local Stripe sent, as it sent them: the tests deliver them to the app themselves. */
const sent: { payload: string; event: Stripe.Event }[] = [];
const SAME = { origin: "http://bothy.test" };

beforeAll(async () => {
  collector = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (req) => {
      const payload = await req.text();
      sent.push({ payload, event: JSON.parse(payload) });
      return new Response("{}");
    },
  });
  mock = startStripeMock({ webhookUrl: `http://127.0.0.1:${collector.port}/`, webhookSecret: WEBHOOK_SECRET });
  stripe = stripeFor(mock);
  await syncStripe(stripe);
  smtp = await startSmtp();
  server = await startTestServer({ env: { ...stripeEnv(mock), SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await mock.stop();
  await collector.stop(true);
});

const deliver = (payload: string, signature = signatureHeader(payload, WEBHOOK_SECRET)) =>
  call(server.app, "POST", "/api/stripe/webhook", { body: payload, headers: { "stripe-signature": signature, "content-type": "application/json; charset=utf-8" } });

async function proUser(email: string) {
  const cookie = await verifiedSession(server, email, "a sturdy passphrase");
  await call(server.app, "POST", "/api/domains", { cookie, headers: SAME, body: { domain: `${email.split("@")[0]}.example.com` } });
  const [free] = await server.db.sql`SELECT d.retention_days AS days FROM domains d JOIN users u ON u.uid = d.owner WHERE u.email = ${email}`;
  expect(free).toEqual({ days: FREE_HISTORY_DAYS });
  expect((await call(server.app, "POST", "/api/stripe/create-customer", { cookie, headers: SAME })).status).toBe(200);
  const made = await call(server.app, "POST", "/api/stripe/create-subscription", {
    cookie, headers: SAME, body: { paymentMethodId: "pm_card_visa", tier: "20k", billing: "month" },
  });
  expect(made.json).toMatchObject({ status: "active", latest_invoice: { status: "paid", payment_intent: { status: "succeeded" } } });
  await mock.delivered();
  return { cookie, subscriptionId: made.json.id as string };
}

const state = async (email: string) => {
  const [row] = await server.db.sql`
    SELECT u.scope, (SELECT sum(stats_epoch)::int FROM domains d WHERE d.owner = u.uid) AS epoch,
           (SELECT count(*)::int FROM billing_events) AS events
    FROM users u WHERE email = ${email}`;
  return row as { scope: string[]; epoch: number; events: number };
};

const lastEvent = (type: string, objectId: string) => {
  const found = sent.findLast((s) => s.event.type === type && (s.event.data.object as { id: string }).id === objectId);
  if (!found) throw new Error(`no ${type} for ${objectId}`);
  return found;
};

describe("POST /api/stripe/webhook", () => {
  test("a bad signature answers 400 and changes nothing", async () => {
    const { subscriptionId } = await proUser("sig@example.com");
    await stripe.subscriptions.cancel(subscriptionId);
    await mock.delivered();
    const { payload } = lastEvent("customer.subscription.deleted", subscriptionId);
    const before = await state("sig@example.com");
    expect(before.scope).toContain("pro");

    const forged = await deliver(payload, signatureHeader(payload, "whsec_notoursecret"));
    expect(forged.status).toBe(400);
    expect(forged.json.error).toMatchObject({ status: 400, code: "bad-request" });
    expect((await deliver(payload.replace('"canceled"', '"active"'), signatureHeader(payload, WEBHOOK_SECRET))).status).toBe(400);
    expect((await deliver(payload, "t=1,v1=00")).status).toBe(400);
    const unsigned = await call(server.app, "POST", "/api/stripe/webhook", { body: payload });
    expect(unsigned.status).toBe(400);
    expect(await state("sig@example.com")).toEqual(before);

    expect((await deliver(payload)).status).toBe(200);
    expect((await state("sig@example.com")).scope).not.toContain("pro");
  });

  test("a replayed event is applied once", async () => {
    const { subscriptionId } = await proUser("replay@example.com");
    await stripe.subscriptions.cancel(subscriptionId);
    await mock.delivered();
    const { payload, event } = lastEvent("customer.subscription.deleted", subscriptionId);
    const before = await state("replay@example.com");
    expect((await deliver(payload)).status).toBe(200);
    const once = await state("replay@example.com");
    expect(once.scope).not.toContain("pro");
    expect(once.epoch).toBe(before.epoch + 1);
    expect(once.events).toBe(before.events + 1);
    for (let i = 0; i < 3; i++) expect((await deliver(payload)).json).toEqual({ received: true });
    expect(await state("replay@example.com")).toEqual(once);
    const [row] = await server.db.sql`SELECT count(*)::int AS n FROM billing_events WHERE id = ${event.id}`;
    expect(row!.n).toBe(1);
  });

  test("an older event arriving after a newer one does not undo it", async () => {
    const { cookie, subscriptionId } = await proUser("order@example.com");
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await stripe.subscriptions.cancel(subscriptionId);
    await mock.delivered();
    const older = lastEvent("customer.subscription.updated", subscriptionId);
    const newer = lastEvent("customer.subscription.deleted", subscriptionId);
    expect((older.event.data.object as Stripe.Subscription).status).toBe("active");

    expect((await deliver(newer.payload)).status).toBe(200);
    expect((await state("order@example.com")).scope).not.toContain("pro");
    expect((await deliver(older.payload)).status).toBe(200);
    expect((await state("order@example.com")).scope).not.toContain("pro");
    expect((await call(server.app, "GET", "/api/user", { cookie })).json.user.pro).toBe(false);
  });
});

describe("retention follows the subscription", () => {
  const retention = async (email: string) => {
    const [row] = await server.db.sql`
      SELECT d.retention_days AS days, d.retention_grace_until AS until FROM domains d JOIN users u ON u.uid = d.owner WHERE u.email = ${email}`;
    return row as { days: number | null; until: Date | null };
  };

  test("a paid subscription clears the free window; its deletion starts the grace period, which the profile states", async () => {
    const { cookie, subscriptionId } = await proUser("keep@example.com");
    const profile = async () => (await call(server.app, "GET", "/settings/profile", { cookie })).text.replace(/<!-- -->/g, "");
    expect(await profile()).not.toContain('data-testid="grace"');
    expect(await retention("keep@example.com")).toEqual({ days: null, until: null });

    await stripe.subscriptions.cancel(subscriptionId);
    await mock.delivered();
    const before = Date.now();
    expect((await deliver(lastEvent("customer.subscription.deleted", subscriptionId).payload)).status).toBe(200);
    const after = await retention("keep@example.com");
    expect(after.days).toBe(FREE_HISTORY_DAYS);
    const graceMs = DOWNGRADE_GRACE_DAYS * 86_400_000;
    expect(after.until!.getTime()).toBeGreaterThanOrEqual(before + graceMs - 1000);
    expect(after.until!.getTime()).toBeLessThanOrEqual(Date.now() + graceMs);
    const until = after.until!.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const notice = /data-testid="grace"[^>]*>([^<]*)</.exec(await profile())?.[1];
    expect(notice).toContain(`keep all of their history until ${until} (${DOWNGRADE_GRACE_DAYS} days of grace)`);
    expect(notice).toContain(`visits older than ${FREE_HISTORY_DAYS} days are deleted`);
  });
});

describe("usage against the subscribed tier", () => {
  test("an account paying for 20k with more visits sees its tier on the profile and is mailed once", async () => {
    const { cookie } = await proUser("busy@example.com");
    const [site] = await server.db.sql<{ id: number }[]>`
      SELECT d.id FROM domains d JOIN users u ON u.uid = d.owner WHERE u.email = 'busy@example.com'`;
    // 25,000 unique visits in the last hours, inside this UTC month whatever the day.
    await server.db.sql`INSERT INTO hits (time, site_id, kind, local_day, local_hour, path, is_unique)
      SELECT t, ${site!.id}, 1, t::date, extract(hour FROM t)::int, '/', true
      FROM (SELECT greatest(date_trunc('month', now()), now() - i * INTERVAL '100 milliseconds') AS t FROM generate_series(1, 25000) i) s`;

    const profile = await call(server.app, "GET", "/settings/profile", { cookie });
    expect(profile.text).toMatch(/<meter[^>]*max="20000"[^>]*value="20000"/);
    expect(profile.text.replace(/<!-- -->/g, "")).toContain("your tier: Up to 20K monthly visitors");

    const before = smtp.mails.length;
    await server.db.maintenance!.runOnce();
    await server.db.maintenance!.runOnce();
    const mails = (await smtp.waitFor(before + 1)).filter((m) => m.to.includes("busy@example.com") && m.text.includes("unique visits"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("http://bothy.test/pricing-update?tier=250k");
  });
});

describe("webhook bodies", () => {
  test("a signed event larger than the API's 64 KiB is taken; one over the webhook's cap is refused with 413", async () => {
    const event = (size: number) =>
      JSON.stringify({ id: `evt_big${size}`, object: "event", type: "customer.updated", created: 1, data: { object: { id: "cus_x", object: "customer", note: "x".repeat(size) } } });
    const big = event(200 * 1024);
    const res = await app(big);
    expect(res.status).toBe(200);
    const [row] = await server.db.sql`SELECT type FROM billing_events WHERE id = 'evt_big204800'`;
    expect(row).toEqual({ type: "customer.updated" });
    expect((await app(event(WEBHOOK_BODY_LIMIT))).status).toBe(413);
  });
  const app = (payload: string) =>
    server.app.handle(
      new Request("http://bothy.test/api/stripe/webhook", {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(payload)), "stripe-signature": signatureHeader(payload, WEBHOOK_SECRET) },
        body: payload,
      }),
    );
});

describe("the billing API", () => {
  test("a declined card leaves the invoice to retry; a new card on the same invoice is confirmed by the browser", async () => {
    const cookie = await verifiedSession(server, "declined@example.com", "a sturdy passphrase");
    const made = await call(server.app, "POST", "/api/stripe/create-subscription", {
      cookie, headers: SAME, body: { paymentMethodId: "pm_card_chargeDeclined", tier: "500k", billing: "year" },
    });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ status: "incomplete", latest_invoice: { status: "open", payment_intent: { status: "requires_payment_method" } } });
    const invoiceId = made.json.latest_invoice.id;

    const retried = await call(server.app, "POST", "/api/stripe/retry-invoice", {
      cookie, headers: SAME, body: { paymentMethodId: "pm_card_visa", invoiceId },
    });
    expect(retried.json).toMatchObject({ id: invoiceId, payment_intent: { status: "requires_payment_method" } });
    expect(retried.json.payment_intent.client_secret).toStartWith(retried.json.payment_intent.id);
    const other = await verifiedSession(server, "other@example.com", "a sturdy passphrase");
    await call(server.app, "POST", "/api/stripe/create-customer", { cookie: other, headers: SAME });
    const stolen = await call(server.app, "POST", "/api/stripe/retry-invoice", { cookie: other, headers: SAME, body: { paymentMethodId: "pm_card_visa", invoiceId } });
    expect(stolen.status).toBe(404);
    expect((await call(server.app, "GET", "/api/user", { cookie })).json.user.pro).toBe(false);
  });

  test("plan view, change of tier, cancel at period end and resume", async () => {
    const { cookie } = await proUser("plan@example.com");
    const view = await call(server.app, "GET", "/api/stripe/subscription", { cookie });
    expect(view.json).toMatchObject({
      publishableKey: "pk_test_bothy",
      subscription: { status: "active", tier: "20k", billing: "month", cancelAtPeriodEnd: false },
      invoices: [{ status: "paid", amount: 9, currency: "usd" }],
    });
    expect(new Date(view.json.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());

    const changed = await call(server.app, "POST", "/api/stripe/change-plan", { cookie, headers: SAME, body: { tier: "1m", billing: "year" } });
    expect(changed.json.subscription).toMatchObject({ tier: "1m", billing: "year" });
    const same = await call(server.app, "POST", "/api/stripe/change-plan", { cookie, headers: SAME, body: { tier: "1m", billing: "year" } });
    expect(same.status).toBe(409);
    expect((await call(server.app, "POST", "/api/stripe/cancel", { cookie, headers: SAME })).json.subscription.cancelAtPeriodEnd).toBe(true);
    expect((await call(server.app, "POST", "/api/stripe/resume", { cookie, headers: SAME })).json.subscription.cancelAtPeriodEnd).toBe(false);
    const again = await call(server.app, "POST", "/api/stripe/create-subscription", { cookie, headers: SAME, body: { paymentMethodId: "pm_card_visa", tier: "20k", billing: "month" } });
    expect(again.status).toBe(409);
  });

  test("bad input gets the one error shape; signed out gets 401; other origins 403", async () => {
    const cookie = await verifiedSession(server, "input@example.com", "a sturdy passphrase");
    const tier = await call(server.app, "POST", "/api/stripe/create-subscription", { cookie, headers: SAME, body: { paymentMethodId: "pm_card_visa", tier: "7k", billing: "month" } });
    expect(tier.status).toBe(400);
    expect(tier.json.error.message).toBe("Choose one of the Pro tiers.");
    const card = await call(server.app, "POST", "/api/stripe/retry-invoice", { cookie, headers: SAME, body: { paymentMethodId: "visa", invoiceId: "in_1" } });
    expect(card.status).toBe(400);
    expect((await call(server.app, "POST", "/api/stripe/cancel", { cookie, headers: SAME })).status).toBe(404);
    expect((await call(server.app, "POST", "/api/stripe/create-customer", { headers: SAME })).status).toBe(401);
    expect((await call(server.app, "POST", "/api/stripe/create-customer", { cookie, headers: { origin: "https://evil.example" } })).status).toBe(403);
    const [row] = await server.db.sql`SELECT count(*)::int AS n FROM billing_customers c JOIN users u USING (uid) WHERE u.email = 'input@example.com'`;
    expect(row!.n).toBe(0);
  });
});
