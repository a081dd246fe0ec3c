// One upgrade at a time per account: concurrent create-subscription calls (a double click, three
// tabs) make one Stripe subscription, which every call answers with; a second click after a decline
// gets the same pending subscription rather than a new one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { syncStripe } from "../../../src/billing/sync";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { startStripeMock, stripeEnv, stripeFor, type StripeMock } from "../../helpers/stripe";

let mock: StripeMock;
let server: Awaited<ReturnType<typeof startTestServer>>;
const SAME = { origin: "http://bothy.test" };
const PASSWORD = "a sturdy passphrase";

beforeAll(async () => {
  mock = startStripeMock();
  await syncStripe(stripeFor(mock));
  server = await startTestServer({ env: stripeEnv(mock) });
});
afterAll(async () => {
  await server?.stop();
  await mock?.stop();
});

/** The account's subscriptions in the local Stripe and in our database. */
async function subscriptionsOf(email: string) {
  const [row] = await server.db.sql<{ uid: string; customer: string }[]>`
    SELECT u.uid, c.customer_id AS customer FROM users u JOIN billing_customers c USING (uid) WHERE u.email = ${email}`;
  const stored = await server.db.sql<{ id: string }[]>`SELECT subscription_id AS id FROM billing_subscriptions WHERE uid = ${row!.uid}`;
  return {
    stripe: mock.state.all("subscription").filter((s) => s.customer === row!.customer).map((s) => s.id),
    stored: stored.map((s) => s.id),
    customers: mock.state.all("customer").filter((c) => (c.metadata as { uid?: string }).uid === row!.uid).length,
  };
}

const subscribe = (cookie: string, paymentMethodId: string) =>
  call(server.app, "POST", "/api/stripe/create-subscription", { cookie, headers: SAME, body: { paymentMethodId, tier: "20k", billing: "month" } });

describe("POST /api/stripe/create-subscription", () => {
  test("three concurrent upgrades of one account make exactly one subscription, which all three answer with", async () => {
    const cookie = await verifiedSession(server, "thrice@example.com", PASSWORD);
    const answers = await Promise.all([1, 2, 3].map(() => subscribe(cookie, "pm_card_visa")));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const { stripe, stored, customers } = await subscriptionsOf("thrice@example.com");
    expect(stripe).toHaveLength(1);
    expect(stored).toEqual(stripe);
    expect(customers).toBe(1);
    for (const a of answers) expect(a.json).toMatchObject({ id: stripe[0], status: "active" });
    expect((await call(server.app, "GET", "/api/user", { cookie })).json.user.pro).toBe(true);
  });

  test("a second click after a declined card answers with the same pending subscription", async () => {
    const cookie = await verifiedSession(server, "twice@example.com", PASSWORD);
    const first = await subscribe(cookie, "pm_card_chargeDeclined");
    expect(first.json).toMatchObject({ status: "incomplete" });
    const second = await subscribe(cookie, "pm_card_chargeDeclined");
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ id: first.json.id, status: "incomplete", latest_invoice: { id: first.json.latest_invoice.id } });
    expect((await subscriptionsOf("twice@example.com")).stripe).toEqual([first.json.id]);
  });
});
