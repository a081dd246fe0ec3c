// The admin area's Stripe tab against the local Stripe: subscriptions as Stripe reports them with
// the mismatches against our scopes, the tiers' prices by lookup key with a missing and a wrong one
// flagged, a user's subscription and invoices, and account deletion cancelling the subscription —
// also when Stripe refuses, without keeping the account.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type Stripe from "stripe";
import { SESSION_COOKIE } from "../../../src/auth";
import { syncStripe } from "../../../src/billing/sync";
import { setLogSink } from "../../../src/log";
import { priceLookupKey, TIERS } from "../../../src/shared/pricing";
import { call, verifiedSession } from "../../helpers/api";
import { req, startTestServer } from "../../helpers/server";
import { startStripeMock, stripeEnv, stripeFor, type StripeMock } from "../../helpers/stripe";

let mock: StripeMock;
let stripe: Stripe;
let server: Awaited<ReturnType<typeof startTestServer>>;
let admin: string;
let member: string;
const SAME = { origin: "http://bothy.test" };
const PASSWORD = "a sturdy passphrase";

const uidOf = async (email: string) => (await server.db.sql<{ uid: string }[]>`SELECT uid FROM users WHERE email = ${email}`)[0]?.uid;

/** An account paying for the 20K tier through the product's own billing routes. */
async function subscriber(email: string) {
  const cookie = await verifiedSession(server, email, PASSWORD);
  expect((await call(server.app, "POST", "/api/stripe/create-customer", { cookie, headers: SAME })).status).toBe(200);
  const made = await call(server.app, "POST", "/api/stripe/create-subscription", {
    cookie, headers: SAME, body: { paymentMethodId: "pm_card_visa", tier: "20k", billing: "month" },
  });
  expect(made.json.status).toBe("active");
  return { cookie, uid: (await uidOf(email))!, subscriptionId: made.json.id as string };
}

const html = async (path: string, cookie: string) =>
  (await (await server.app.handle(req(path, { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } }))).text()).replace(/<!-- -->/g, "");

beforeAll(async () => {
  mock = startStripeMock();
  stripe = stripeFor(mock);
  await syncStripe(stripe);
  // NOTE: error lines are written, so the test of a refused cancellation can read its line.
  server = await startTestServer({ env: { ...stripeEnv(mock), LOG_LEVEL: "error" } });
  admin = await verifiedSession(server, "root@example.com", PASSWORD);
  await server.db.sql`UPDATE users SET scope = '{admin}' WHERE email = 'root@example.com'`;
  member = await verifiedSession(server, "ada@example.com", PASSWORD);
});
afterAll(async () => {
  await server?.stop();
  await mock?.stop();
});

describe("the Stripe tab", () => {
  test("non-admins get 404 from its API and /signin from its pages", async () => {
    for (const path of ["/api/admin/stripe", "/api/admin/prices", "/api/admin/access-requests/1/handled"]) {
      const method = path.endsWith("handled") ? "POST" : "GET";
      expect((await call(server.app, method, path, { cookie: member, headers: SAME, body: method === "POST" ? {} : undefined })).status).toBe(404);
      expect((await call(server.app, method, path, { headers: SAME, body: method === "POST" ? {} : undefined })).status).toBe(404);
    }
    for (const path of ["/admin/users/stripe", "/admin/price"]) {
      const res = await server.app.handle(req(path, { headers: { cookie: `${SESSION_COOKIE}=${member}` } }));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toStartWith("/signin");
    }
  });

  test("subscriptions as Stripe reports them, with both mismatches flagged", async () => {
    const fine = await subscriber("fine@example.com");
    const lapsed = await subscriber("lapsed@example.com");
    // A paying subscription whose account lost Pro (a missed webhook, a hand edit), and Pro granted by hand.
    await server.db.sql`UPDATE users SET scope = '{}' WHERE uid = ${lapsed.uid}`;
    await verifiedSession(server, "gift@example.com", PASSWORD);
    await server.db.sql`UPDATE users SET scope = '{pro}' WHERE email = 'gift@example.com'`;

    const { status, json } = await call(server.app, "GET", "/api/admin/stripe", { cookie: admin });
    expect(status).toBe(200);
    expect(json.configured).toBe(true);
    const bySub = new Map((json.subscriptions as { id: string; periodEnd: string }[]).map((s) => [s.id, s]));
    expect(bySub.get(fine.subscriptionId)).toMatchObject({ email: "fine@example.com", status: "active", tier: "20k", pro: true, mismatch: null });
    expect(bySub.get(lapsed.subscriptionId)).toMatchObject({ email: "lapsed@example.com", status: "active", pro: false, mismatch: "paid without Pro" });
    expect(new Date(bySub.get(fine.subscriptionId)!.periodEnd).getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    expect(json.proWithoutSubscription).toEqual([{ uid: await uidOf("gift@example.com"), email: "gift@example.com", mismatch: "Pro without a subscription" }]);

    const page = await html("/admin/users/stripe", admin);
    expect(page).toContain("2 mismatches");
    expect(page).toContain("paid without Pro");
    expect(page).toContain("gift@example.com");
  });

  test("a list longer than one Stripe page is read whole", async () => {
    const before = (await call(server.app, "GET", "/api/admin/stripe", { cookie: admin })).json.subscriptions.length as number;
    const customer = await stripe.customers.create({ email: "bulk@example.com" });
    const price = (await stripe.prices.list({ lookup_keys: [priceLookupKey(TIERS[0]!, "month")], active: true })).data[0]!;
    for (let i = 0; i < 11; i++) await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: "default_incomplete" });
    const after = (await call(server.app, "GET", "/api/admin/stripe", { cookie: admin })).json.subscriptions as { email: string | null }[];
    expect(after).toHaveLength(before + 11);
    // NOTE: a customer of another product on the same Stripe account is no account of ours.
    expect(after.filter((s) => s.email === null)).toHaveLength(11);
  });

  test("prices: every tier and period by lookup key; a missing and a wrong one are flagged", async () => {
    let { json } = await call(server.app, "GET", "/api/admin/prices", { cookie: admin });
    expect(json.prices).toHaveLength(TIERS.length * 2);
    expect(json.prices.filter((p: { problem: string | null }) => p.problem)).toEqual([]);

    const key = priceLookupKey(TIERS[1]!, "year");
    const old = (await stripe.prices.list({ lookup_keys: [key], active: true })).data[0]!;
    await stripe.prices.update(old.id, { active: false });
    const wrongKey = priceLookupKey(TIERS[2]!, "month");
    await stripe.prices.create({ product: "bothy_pro", currency: "usd", unit_amount: 100, recurring: { interval: "month" }, lookup_key: wrongKey, transfer_lookup_key: true });
    ({ json } = await call(server.app, "GET", "/api/admin/prices", { cookie: admin }));
    const problems = Object.fromEntries(json.prices.filter((p: { problem: string | null }) => p.problem).map((p: { lookupKey: string; problem: string }) => [p.lookupKey, p.problem]));
    expect(problems).toEqual({ [key]: "no price", [wrongKey]: "Stripe charges 1 $" });
    const page = await html("/admin/price", admin);
    expect(page).toContain("2 prices need");
    expect(page).toContain("no price");
  });

  test("a user's page shows the subscription and its invoices", async () => {
    const { uid, subscriptionId } = await subscriber("invoiced@example.com");
    const { json } = await call(server.app, "GET", `/api/admin/users/${uid}`, { cookie: admin });
    expect(json.billing.subscriptions).toEqual([expect.objectContaining({ id: subscriptionId, status: "active", tier: "20k" })]);
    expect(json.billing.invoices).toEqual([expect.objectContaining({ status: "paid", dollars: TIERS[0]!.monthly })]);
    const page = await html(`/admin/users/${uid}`, admin);
    expect(page).toContain("Subscription and invoices");
    expect(page).toContain(`$${TIERS[0]!.monthly.toFixed(2)}`);
    expect(await html(`/admin/users/${await uidOf("ada@example.com")}`, admin)).toContain("this account never subscribed");
  });
});

describe("deleting an account", () => {
  test("by its owner or by an admin, cancels its subscription at Stripe", async () => {
    const own = await subscriber("leaving@example.com");
    expect((await call(server.app, "POST", "/api/account/delete", { cookie: own.cookie, headers: SAME, body: { password: PASSWORD } })).status).toBe(200);
    expect((await stripe.subscriptions.retrieve(own.subscriptionId)).status).toBe("canceled");

    const ruled = await subscriber("removed@example.com");
    const res = await call(server.app, "POST", `/api/admin/users/${ruled.uid}/delete`, { cookie: admin, headers: SAME, body: { confirm: "removed@example.com" } });
    expect(res.status).toBe(200);
    expect((await stripe.subscriptions.retrieve(ruled.subscriptionId)).status).toBe("canceled");
  });

  test("when Stripe refuses the cancellation, the account is deleted all the same", async () => {
    const { cookie, uid, subscriptionId } = await subscriber("stubborn@example.com");
    // Stripe no longer knows the subscription: its cancellation answers 404.
    await server.db.sql`UPDATE billing_subscriptions SET subscription_id = 'sub_gone' WHERE subscription_id = ${subscriptionId}`;
    const logged: string[] = [];
    setLogSink((_level, line) => logged.push(line));
    try {
      expect((await call(server.app, "POST", "/api/account/delete", { cookie, headers: SAME, body: { password: PASSWORD } })).status).toBe(200);
    } finally {
      setLogSink();
    }
    expect(await uidOf("stubborn@example.com")).toBeUndefined();
    expect(await server.db.sql`SELECT 1 FROM domains WHERE owner = ${uid}`).toHaveLength(0);
    expect(logged.map((l) => JSON.parse(l))).toContainEqual(expect.objectContaining({ level: "error", msg: "subscription of a deleted account not canceled", subscription: "sub_gone" }));
  });

  test("a refused deletion (the last admin) cancels nothing", async () => {
    const { cookie, uid, subscriptionId } = await subscriber("boss@example.com");
    await server.db.sql`UPDATE users SET scope = '{admin,pro}' WHERE uid = ${uid}`;
    await server.db.sql`UPDATE users SET scope = '{}' WHERE email = 'root@example.com'`;
    try {
      const res = await call(server.app, "POST", "/api/account/delete", { cookie, headers: SAME, body: { password: PASSWORD } });
      expect(res.status).toBe(409);
      expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("active");
    } finally {
      await server.db.sql`UPDATE users SET scope = '{admin}' WHERE email = 'root@example.com'`;
    }
  });
});
