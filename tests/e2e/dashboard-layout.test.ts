// What the owner's dashboard looks like in real Chromium, at 1440 and 390 px, light and dark: each
// popover (user menu, date picker, export modal, annotate form) lies inside the viewport and is
// the element under its own box and controls (nothing paints over it); the header keeps the domain
// readable on a phone; the Carbon & Energy, Sizes and Events texts are not cut; a domain without
// visits has no rating; the current settings item is highlighted; the realtime view, opened from the
// live badge, takes a new hit without a reload and fits both widths. Screenshots in test-results/.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser";
import { CHROME_UA } from "../helpers/collect";
import { dashboardLoaded, prepareSites, signIn, type Owner } from "../helpers/dashboard";
import { freshDatabase } from "../helpers/db";
import { removedAfterAll } from "../helpers/scratch";
import { ROOT, spawnServer, type Child } from "../helpers/server";
import { scaled } from "../helpers/time";

const FREE: Owner = { email: "ada@example.com", name: "Ada Lovelace-Byron", password: "analytical engine 1843" };
const PRO: Owner = { email: "grace@example.com", name: "Grace Brewster Hopper", password: "cobol compiler 1959", scope: ["pro"] };
const SITE = "bakery-shop.example";

let server: Child;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const scratch = removedAfterAll();

beforeAll(async () => {
  const db = scratch(await freshDatabase());
  await prepareSites(db.env, FREE, [{ name: SITE, ageDays: 25, views: 600, days: 20 }]);
  await prepareSites(db.env, PRO, [{ name: "shop.example", ageDays: 60, views: 900, days: 30 }, { name: "quiet.example", ageDays: 5 }]);
  // NOTE: BETA=0 so the free owner's menu offers "Upgrade to Pro" and the Pro owner's plan comes from its scope.
  server = await spawnServer("src/server.ts", { ...db.env, BETA: "0" }, { timeoutMs: 90_000 });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  mkdirSync(`${ROOT}/test-results`, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  server?.proc.kill("SIGTERM");
  await server?.exited;
});

const WIDTHS = [1440, 390] as const;
const THEMES = ["light", "dark"] as const;

/** How a box falls short: outside the viewport, or another element is at its centre. */
const problemsOf = (l: Locator, what: string) =>
  l.evaluate((el, what) => {
    const r = el.getBoundingClientRect();
    const out: string[] = [];
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
      out.push(`${what} lies outside the ${innerWidth}×${innerHeight} viewport (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`);
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(el === hit || el.contains(hit))) out.push(`${what} is covered by <${hit?.tagName.toLowerCase()} class="${hit?.getAttribute("class") ?? ""}">`);
    return out;
  }, what);

/** The problems of a popover's box and of each of its key controls. */
async function popoverProblems(box: Locator, controls: Record<string, Locator>) {
  const found = await problemsOf(box, "the popover");
  for (const [name, l] of Object.entries(controls)) found.push(...(await problemsOf(l, `"${name}"`)));
  return found;
}

async function openDashboard(domain: string, width: number, theme: "light" | "dark") {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${server.url}/dashboard/${domain}`);
  await dashboardLoaded(page);
  await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
  // NOTE: the chart draws after it measured its box; the popovers must stay above what it draws.
  await page.locator('[data-testid="time-chart"] svg').first().waitFor();
}

const shot = (name: string) => page.screenshot({ path: `${ROOT}/test-results/dashboard-layout-${name}.png` });

/** The text boxes inside `scope` whose text is cut (wider than the box shows); text for screen
 * readers only (sr-only, a 1 px box by design) is not shown, so not cut. */
const cutTexts = (scope: Locator) =>
  scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>("dt, dd, h2, h3, p, span, a, li")]
      .filter((el) => !el.classList.contains("sr-only"))
      .filter((el) => el.textContent!.trim() && el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
      .map((el) => el.textContent!.trim()),
  );

describe("dashboard popovers", () => {
  beforeAll(() => signIn(page, server.url, FREE, `/dashboard/${SITE}`));

  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      test(`at ${width} px (${theme}), each popover is on screen and nothing covers it`, async () => {
        await openDashboard(SITE, width, theme);
        const found: string[] = [];

        await page.locator('[aria-controls="user-menu"]').click();
        const menu = page.locator("#user-menu");
        await menu.getByRole("link", { name: SITE, exact: true }).waitFor();
        await shot(`${width}-${theme}-user-menu`);
        found.push(...(await popoverProblems(menu, {
          "Upgrade to Pro": menu.getByRole("link", { name: "Upgrade to Pro" }),
          "Green checker": menu.getByRole("link", { name: "Green checker" }),
          "Sign out": menu.getByRole("link", { name: "Sign out" }),
        })).map((p) => `user menu: ${p}`));
        await page.keyboard.press("Escape");

        await page.getByTestId("range-display").click();
        const picker = page.getByTestId("date-picker");
        await picker.waitFor();
        await shot(`${width}-${theme}-date-picker`);
        found.push(...(await popoverProblems(picker, {
          "Previous month": picker.getByRole("button", { name: "Previous month" }),
          Monday: picker.locator("th").nth(0),
          Tuesday: picker.locator("th").nth(1),
          Today: picker.getByRole("button", { name: "Today" }),
          "30 days": picker.getByRole("button", { name: "Last 30 days" }),
          Done: picker.getByRole("button", { name: "Done" }),
        })).map((p) => `date picker: ${p}`));
        await picker.getByRole("button", { name: "Done" }).click();

        await page.getByRole("button", { name: "Dashboard options" }).click();
        await page.getByRole("button", { name: "Export CSV" }).click();
        const modal = page.getByRole("dialog", { name: "Export" });
        await modal.waitFor();
        await shot(`${width}-${theme}-export`);
        found.push(...(await popoverProblems(modal, { Close: modal.getByRole("button", { name: "Close" }) })).map((p) => `export modal: ${p}`));
        await page.keyboard.press("Escape");
        await modal.waitFor({ state: "detached" });

        await page.getByRole("button", { name: "+ Annotate a day" }).click();
        const form = page.getByTestId("annotations").locator("form");
        await form.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await shot(`${width}-${theme}-annotate`);
        found.push(...(await popoverProblems(form, {
          Day: form.getByLabel("Day"),
          Note: form.getByLabel("Note"),
          "Add note": form.getByRole("button", { name: "Add note" }),
          Cancel: form.getByRole("button", { name: "Cancel" }),
        })).map((p) => `annotate: ${p}`));
        await form.getByRole("button", { name: "Cancel" }).click();

        expect(found).toEqual([]);
      });
    }
  }

  test("on a phone the header shows the whole domain name", async () => {
    await openDashboard(SITE, 390, "light");
    const title = page.locator('[data-testid="dashboard-header"] h1');
    const box = await title.evaluate((el) => ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth, right: el.getBoundingClientRect().right }));
    expect(box).toEqual({ text: SITE, cut: false, right: expect.any(Number) });
    expect(box.right).toBeLessThanOrEqual(390);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: `${ROOT}/test-results/dashboard-layout-390-header.png`, clip: { x: 0, y: 0, width: 390, height: 160 } });
  });

  test("the current settings item is highlighted, unlike the others", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/settings/profile`);
    const look = (l: Locator) => l.evaluate((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).color}`);
    const current = page.locator('nav a[aria-current="page"]');
    const other = page.locator("nav a:not([aria-current])", { hasText: "API Keys" });
    expect(await current.count()).toBe(1);
    expect(await look(current)).not.toBe(await look(other));
  });
});

describe("the Pro owner's sections", () => {
  beforeAll(async () => {
    await page.context().clearCookies();
    await signIn(page, server.url, PRO, "/dashboard/shop.example");
  });

  for (const width of WIDTHS) {
    test(`at ${width} px no text of Carbon & Energy, Sizes or Events is cut, and Carbon & Energy has a heading`, async () => {
      await openDashboard("shop.example", width, "light");
      const carbon = page.locator('[data-section="carbon"]');
      await carbon.getByTestId("carbon").waitFor();
      expect(await carbon.getByRole("heading", { name: "Carbon & Energy" }).count()).toBe(1);
      expect(await cutTexts(carbon.locator("dl").first())).toEqual([]);
      expect(await cutTexts(page.locator('[data-section="sizes"]'))).toEqual([]);
      expect(await cutTexts(page.locator('[data-section="events"]'))).toEqual([]);
      // The social posts (no embed proxy here: x.com posts fail, others show as a link) stay in their cards.
      const wall = page.getByTestId("tweet-wall");
      await page.waitForFunction(() => !document.querySelector('[data-testid="tweet-wall"]')?.textContent?.includes("One moment"));
      expect(await wall.evaluate((w) => [...w.querySelectorAll('[data-testid="tweet"]')].flatMap((card) => {
        const box = card.getBoundingClientRect();
        return [...card.querySelectorAll("a")].filter((a) => a.getBoundingClientRect().right > box.right + 0.5).map((a) => a.textContent);
      }))).toEqual([]);
      expect(await wall.textContent()).not.toBe("");
      await wall.screenshot({ path: `${ROOT}/test-results/dashboard-layout-${width}-posts.png` });
      await carbon.evaluate((el) => el.scrollIntoView({ block: "start" }));
      await page.screenshot({ path: `${ROOT}/test-results/dashboard-layout-${width}-carbon.png` });
    });
  }

  test("the live badge opens the realtime view, where a hit sent after it opened shows within 5 s without a reload; nothing overflows, light or dark", async () => {
    await openDashboard("shop.example", 1440, "light");
    await page.getByTestId("live-badge").click();
    await page.waitForURL(`${server.url}/dashboard/shop.example/realtime`);
    await page.locator('[data-testid="realtime"][data-live]').waitFor();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const path = `/live-${Date.now()}`;
    const sent = await fetch(`${server.url}/b/v`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME_UA },
      body: JSON.stringify({ d: "shop.example", p: path, w: 1400, z: "Europe/Berlin" }),
    });
    expect(sent.status).toBe(202);
    await page.getByTestId("realtime-pages").getByText(path, { exact: true }).waitFor({ timeout: scaled(5_000) });
    expect(Number(await page.getByTestId("on-now").textContent())).toBeGreaterThanOrEqual(1);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    for (const width of WIDTHS) {
      for (const theme of THEMES) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
        // NOTE: the chart redraws once it measured its box at the new width.
        await page.waitForFunction(() => {
          const box = document.querySelector('[data-testid="realtime-chart"]');
          const svg = box?.querySelector("svg");
          return !!svg && Math.abs(svg.getBoundingClientRect().width - box!.getBoundingClientRect().width) < 2;
        });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${ROOT}/test-results/dashboard-layout-${width}-${theme}-realtime.png`, fullPage: true });
      }
    }
  });

  test("a domain without visits has no CO2 rating", async () => {
    await openDashboard("quiet.example", 1440, "light");
    const tile = page.locator('[data-testid="carbon"] [data-stat="per-visit"]');
    const text = await tile.textContent();
    expect(text).toContain("No visits yet");
    expect(text).not.toMatch(/A\+|Rated/);
  });
});
