// The upgrade flow in real Chromium against a real server process and the local Stripe
// (tools/stripe-mock), with Stripe.js replaced by a stand-in served through request routing:
// a card that pays (Pro without a reload, Events unlocked), cancel at period end and the webhook
// that ends Pro; a declined card (message, keys stored) and its retry on the same invoice; the
// requires_action path, confirming while its webhook is held back; Stripe.js refused by a blocker;
// Stripe.js and its API allowed by the CSP on the profile page only.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { syncStripe } from "../../src/billing/sync";
import { PRO_FEATURES } from "../../src/shared/plans";
import { launchBrowser } from "../helpers/browser";
import { consoleWatch, fakeOembed, prepareSites, signIn, type Owner } from "../helpers/dashboard";
import { freshDatabase } from "../helpers/db";
import { removedAfterAll } from "../helpers/scratch";
import { spawnServer, type Child } from "../helpers/server";
import { startStripeMock, stripeEnv, stripeFor, type StripeMock } from "../helpers/stripe";
import { routeStripe } from "../helpers/stripe-js";

const PAYER: Owner = { email: "payer@example.com", name: "Pat Payer", password: "paying password 1" };
const DECLINED: Owner = { email: "declined@example.com", name: "Dee Clined", password: "declined password 1" };
const SECURE: Owner = { email: "secure@example.com", name: "Sec Ure", password: "3d secure password 1" };
const BLOCKED: Owner = { email: "blocked@example.com", name: "Block Ed", password: "blocked password 1" };

const { problems, watch } = consoleWatch();
// NOTE: the seeded traffic has social posts, which the dashboard embeds through the oEmbed provider.
const oembed = fakeOembed();
let mock: StripeMock;
let server: Child;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let relay: ReturnType<typeof webhookRelay>;

/** Between the local Stripe and the app: passes webhook deliveries on, or holds them back while held. */
function webhookRelay(target: () => string) {
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const relayed = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (req) => {
      const body = await req.arrayBuffer();
      await gate;
      const res = await fetch(target(), { method: "POST", headers: req.headers, body });
      return new Response(await res.arrayBuffer(), { status: res.status });
    },
  });
  return {
    url: `http://127.0.0.1:${relayed.port}`,
    hold: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
    release: () => open(),
    stop: () => relayed.stop(true),
  };
}

beforeAll(async () => {
  mock = startStripeMock({ webhookSecret: "whsec_testsecret" });
  await syncStripe(stripeFor(mock));
  const db = scratch(await freshDatabase());
  await prepareSites(db.env, PAYER, [{ name: "payer.example", ageDays: 10, views: 40, days: 5 }]);
  await prepareSites(db.env, DECLINED, []);
  await prepareSites(db.env, SECURE, []);
  await prepareSites(db.env, BLOCKED, []);
  server = await spawnServer("src/server.ts", { ...db.env, ...stripeEnv(mock), OEMBED_API_BASE: oembed.base }, { timeoutMs: 90_000 });
  relay = webhookRelay(() => `${server.url}/api/stripe/webhook`);
  mock.setWebhookUrl(relay.url);
  // NOTE: the first page waits for the web build; let it, before a browser's 30 s navigation limit.
  await fetch(`${server.url}/signin`);
  browser = await launchBrowser();
});

afterAll(async () => {
  oembed.stop();
  await browser?.close();
  server?.proc.kill("SIGTERM");
  await server?.exited;
  relay?.release();
  await mock?.stop();
  await relay?.stop();
});
const scratch = removedAfterAll();

async function upgradePage(owner: Owner, query = "") {
  const ctx = await browser.context.browser()!.newContext();
  await routeStripe(ctx, mock);
  const p = await watch(ctx);
  await signIn(p, server.url, owner, `/settings/profile${query}`);
  await p.getByRole("button", { name: "Upgrade now" }).and(p.locator(":enabled")).waitFor();
  return { p, close: () => ctx.close() };
}

async function payWith(p: Page, number: string) {
  await p.getByLabel("Card number").fill(number);
  await p.getByRole("button", { name: "Upgrade now" }).click();
}

const stored = (p: Page) =>
  p.evaluate(() => ({ id: localStorage.getItem("latestInvoiceId"), status: localStorage.getItem("latestInvoicePaymentIntentStatus") }));

/** The profile's Plan line and the upgrade section's heading, as shown. */
const planShown = async (p: Page) => ({
  plan: await p.locator("dt", { hasText: "Plan" }).locator("+ dd").textContent(),
  heading: await p.locator("#upgrade-heading").textContent(),
});

const isPro = async (p: Page) => (await (await p.request.get(`${server.url}/api/user`)).json()).user.pro as boolean;

const subscriptionsOf = (email: string) =>
  mock.state.all("subscription").filter((s) => mock.state.get(s.customer as string, "customer").email === email);

describe("upgrading", () => {
  test("a card that pays: Pro without a reload, Events unlock; cancel at period end, then the period's end ends Pro", async () => {
    const { p, close } = await upgradePage(PAYER, "?tier=250k&billing=year");
    expect(await p.getByLabel("Monthly visitors").inputValue()).toBe("250k");
    expect(await p.getByRole("radio", { name: /billed \$180 yearly/ }).isChecked()).toBe(true);
    expect(await p.getByText("Save $48 yearly").count()).toBe(1);
    expect(await p.getByText(/charged \$180 in USD/).count()).toBe(1);
    // The feature list is the one the pricing card shows.
    expect(await p.locator("form[aria-busy] > ul > li").allTextContents()).toEqual(PRO_FEATURES.map((f) => f.label));
    await p.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await p.evaluate(() => {
      const seen = ((window as unknown as { authenticating: boolean }).authenticating = false);
      new MutationObserver(() => {
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Authenticating...");
        if (button?.disabled) (window as unknown as { authenticating: boolean }).authenticating = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      return seen;
    });
    await payWith(p, "4242 4242 4242 4242");
    await p.getByRole("heading", { name: "Your plan" }).or(p.getByTestId("current-plan")).first().waitFor({ timeout: 30_000 });
    expect(await p.getByTestId("current-plan").textContent()).toContain("Up to 250K monthly visitors · $180 a year");
    expect(await p.getByRole("status").getByText("Payment received: welcome to Pro.").count()).toBe(1);
    expect(await planShown(p)).toEqual({ plan: "Pro", heading: "Your plan" });
    expect(await p.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await p.evaluate(() => (window as unknown as { authenticating: boolean }).authenticating)).toBe(true);
    expect(await stored(p)).toEqual({ id: null, status: null });
    expect(await isPro(p)).toBe(true);

    await p.goto(`${server.url}/dashboard/payer.example`);
    await p.locator("#section-events").waitFor();
    expect(await p.locator("#section-events").getAttribute("data-locked")).not.toBe("true");

    await p.goto(`${server.url}/settings/profile`);
    await p.getByRole("button", { name: "Cancel at period end" }).click();
    await p.getByText(/Pro ends on/).waitFor();
    expect(await isPro(p)).toBe(true);
    const [sub] = subscriptionsOf(PAYER.email);
    mock.endPeriod(sub!.id);
    await mock.delivered();
    expect(await isPro(p)).toBe(false);
    await p.goto(`${server.url}/dashboard/payer.example`);
    await p.locator("#section-events").waitFor();
    expect(await p.locator("#section-events").getAttribute("data-locked")).toBe("true");
    await close();
  });

  test("a declined card: the message and the stored keys; a new card pays the same invoice", async () => {
    const { p, close } = await upgradePage(DECLINED);
    await payWith(p, "4000 0000 0000 0002");
    await p.getByRole("alert").getByText("Your card was declined.").waitFor();
    const keys = await stored(p);
    expect(keys.status).toBe("requires_payment_method");
    expect(keys.id).toStartWith("in_");
    expect(await isPro(p)).toBe(false);

    await payWith(p, "4242424242424242");
    await p.getByTestId("current-plan").waitFor({ timeout: 30_000 });
    expect(await stored(p)).toEqual({ id: null, status: null });
    const subs = subscriptionsOf(DECLINED.email);
    expect(subs).toHaveLength(1);
    expect(subs[0]!.latest_invoice).toBe(keys.id);
    expect(mock.state.get(keys.id!, "invoice").status).toBe("paid");
    await close();
  });

  test("a card that requires authentication is confirmed with the client secret, then Pro once the webhook lands", async () => {
    const { p, close } = await upgradePage(SECURE);
    relay.hold();
    await payWith(p, "4000002500003155");
    // Stripe took the payment; until its webhook lands the page says it is confirming, and the plan is not Pro yet.
    await p.getByRole("status").getByText("Payment received. Confirming your Pro plan…").waitFor({ timeout: 30_000 });
    expect(await p.getByRole("progressbar", { name: "Confirming your Pro plan" }).count()).toBe(1);
    expect(await planShown(p)).toEqual({ plan: "Free", heading: "Upgrade to Pro" });
    expect(await isPro(p)).toBe(false);
    relay.release();
    await p.getByTestId("current-plan").waitFor({ timeout: 30_000 });
    expect(await p.getByRole("status").getByText("Payment received: welcome to Pro.").count()).toBe(1);
    expect(await planShown(p)).toEqual({ plan: "Pro", heading: "Your plan" });
    expect(await isPro(p)).toBe(true);
    const [sub] = subscriptionsOf(SECURE.email);
    expect(sub!.status).toBe("active");
    await close();
  });
});

describe("Stripe.js", () => {
  test("blocked by a privacy blocker: the form says what happened and what to do, and cannot be sent", async () => {
    const ctx = await browser.context.browser()!.newContext();
    // NOTE: not watched: the refused script is a console error by design here.
    await ctx.route(/^https:\/\/js\.stripe\.com\//, (route) => route.abort("blockedbyclient"));
    const p = await ctx.newPage();
    await signIn(p, server.url, BLOCKED, "/settings/profile");
    const said = p.getByRole("alert").filter({ hasText: "js.stripe.com" });
    await said.waitFor();
    expect(await said.textContent()).toContain("could not load");
    expect(await said.textContent()).toContain("Allow js.stripe.com");
    expect(await said.getByRole("link", { name: "hello@bothy.dev" }).getAttribute("href")).toBe("mailto:hello@bothy.dev");
    expect(await p.getByRole("button", { name: "Upgrade now" }).isDisabled()).toBe(true);
    await ctx.close();
  });

  test("the profile page's CSP allows Stripe; other pages do not; no console errors", async () => {
    const ctx = await browser.context.browser()!.newContext();
    const p = await watch(ctx);
    await signIn(p, server.url, SECURE, "/settings/domains");
    const domains = await p.request.get(`${server.url}/settings/domains`);
    expect(domains.headers()["content-security-policy"]).not.toContain("stripe.com");
    const profile = await p.request.get(`${server.url}/settings/profile`);
    const csp = profile.headers()["content-security-policy"]!;
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain("frame-src https://js.stripe.com");
    await ctx.close();
    expect(problems).toEqual([]);
  });
});
