// The product's pages load nothing from another origin: real Chromium records every request the
// pages make, signed out and signed in, the API reference at /api/docs included (its Scalar bundle
// is served from this origin under the pages' CSP, and must still render the reference).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser";
import { consoleWatch, fakeOembed, prepareSites, signIn, type Owner } from "../helpers/dashboard";
import { freshDatabase } from "../helpers/db";
import { removedAfterAll } from "../helpers/scratch";
import { spawnServer, type Child } from "../helpers/server";

const OWNER: Owner = { email: "ada@example.com", name: "Ada Lovelace", password: "analytical engine 1843" };

const SIGNED_OUT = ["/", "/privacy", "/terms", "/install", "/google-analytics-vs-bothy", "/how-green-is-your-website", "/signup", "/signin", "/reset", "/api/docs"];
const SIGNED_IN = ["/settings/domains", "/settings/profile", "/settings/edit", "/settings/password", "/settings/api-keys", "/dashboard/shop.example", "/dashboard/shop.example/settings", "/dashboard/shop.example/install"];

// NOTE: the dashboard's post wall asks our server, which asks the oEmbed provider: a local one here.
const oembed = fakeOembed();
const { problems, watch } = consoleWatch();
let server: Child;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const requested: string[] = [];

beforeAll(async () => {
  const db = scratch(await freshDatabase());
  await prepareSites(db.env, OWNER, [{ name: "shop.example", views: 50, days: 3 }]);
  server = await spawnServer("src/server.ts", { ...db.env, OEMBED_API_BASE: oembed.base }, { timeoutMs: 90_000 });
  browser = await launchBrowser();
  browser.context.on("request", (r) => void requested.push(r.url()));
  page = await watch(browser.context);
});

afterAll(async () => {
  await browser?.close();
  server?.proc.kill("SIGTERM");
  await server?.exited;
  oembed.stop();
});

// NOTE: declared after the hooks that stop the server, so its data directory goes after it.
const scratch = removedAfterAll();

/** Opens a page and waits until its network is quiet, so late requests are recorded too. */
const visit = async (path: string) => {
  const res = await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
  expect(res?.status()).toBe(200);
};

const foreign = () => {
  const own = new URL(server.url).origin;
  return requested.filter((u) => !u.startsWith("data:") && !u.startsWith("blob:") && new URL(u).origin !== own);
};

describe("no request leaves the product's origin", () => {
  test("signed out: every public page and the API reference", async () => {
    for (const path of SIGNED_OUT) await visit(path);
    // The reference rendered from our JSON, with our bundle: the endpoints are on the page.
    await page.getByText("/api/stats-public").first().waitFor();
    expect(requested.some((u) => /\/api\/docs\/scalar-[\d.]+\.js$/.test(u))).toBe(true);
    const csp = (await page.request.get(`${server.url}/api/docs`)).headers()["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    expect(requested.length).toBeGreaterThan(SIGNED_OUT.length);
    expect(foreign()).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("signed in: settings and the dashboard", async () => {
    await signIn(page, server.url, OWNER, "/settings/domains");
    const before = requested.length;
    for (const path of SIGNED_IN) await visit(path);
    expect(requested.length).toBeGreaterThan(before + SIGNED_IN.length);
    expect(foreign()).toEqual([]);
    expect(problems).toEqual([]);
  });
});
