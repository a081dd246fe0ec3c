// Blog, news and docs in real Chromium against the real server process: no critical or serious axe
// violation on their pages, the docs search box finding a page by a word of its text through the
// index the server built, on a phone the article before a collapsed docs menu (and beside the open
// sidebar on a desktop), and no console error on the way.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { hydrated, launchBrowser } from "../helpers/browser";
import { axeViolations } from "../helpers/dashboard";
import { freshDatabase } from "../helpers/db";
import { removedAfterAll } from "../helpers/scratch";
import { spawnServer, type Child } from "../helpers/server";

let server: Child;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  server = await spawnServer("src/server.ts", scratch(await freshDatabase()).env, { timeoutMs: 120_000 });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()} at ${m.location().url}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
}, 150_000);

afterAll(async () => {
  await browser?.close();
  server?.proc.kill("SIGTERM");
  await server?.exited;
});
const scratch = removedAfterAll();

describe("content pages in Chromium", () => {
  const paths = ["/blog", "/blog/what-page-weight-costs", "/news", "/news/analytics-core", "/docs", "/docs/metrics", "/docs/configuration"];
  for (const path of paths) {
    test(`axe-core finds no critical or serious violations on ${path}`, async () => {
      const res = await page.goto(`${server.url}${path}`);
      expect(res?.status()).toBe(200);
      expect(await page.locator("h1").count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("the docs search finds a page by a word of its text and leads to its section", async () => {
    await page.goto(`${server.url}/docs`);
    await hydrated(page, "#docs-search");
    const index = page.waitForResponse((r) => r.url().endsWith("/docs/search.json"));
    await page.fill("#docs-search", "docker");
    expect((await index).status()).toBe(200);
    const hit = page.getByRole("search").getByRole("link", { name: /^Self-hosting/ });
    await hit.waitFor();
    expect(await hit.getAttribute("href")).toBe("/docs/self-hosting#docker");
    await page.fill("#docs-search", "zzzqqq");
    await page.getByText("No page matches “zzzqqq”.").waitFor();
  });

  test("on a phone the article's heading is in the first screen and the docs menu is collapsed until opened; on a desktop the sidebar is open", async () => {
    const nav = page.getByRole("navigation", { name: "Documentation" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/docs/metrics`);
    const box = (await page.locator("article h1").boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await nav.getByRole("link", { name: "Configuration" }).isVisible()).toBe(false);
    await page.getByText("Documentation menu").click();
    expect(await nav.getByRole("link", { name: "Configuration" }).isVisible()).toBe(true);
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe("The metrics");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/docs/metrics`);
    expect(await nav.getByRole("link", { name: "Configuration" }).isVisible()).toBe(true);
    expect(await page.getByText("Documentation menu").isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("no console error or uncaught exception appeared on any page", () => {
    expect(problems).toEqual([]);
  });
});
