// The website pages follow the visitor's colour scheme: with Chromium emulating a dark preference
// their background turns dark and axe-core finds no text below its contrast ratio; in light they
// stay light, and the pages of other layouts (here sign-in) keep their own scheme.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import axe from "axe-core";
import type { Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser";
import { startTestServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  server = await startTestServer({ env: { BASE_URL: "" } });
  browser = await launchBrowser();
  page = await browser.context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const WEBSITE_PAGES = [
  "/", "/privacy", "/terms", "/install", "/google-analytics-vs-bothy", "/google-vs-new", "/how-green-is-your-website",
  // The blog and docs layouts, with Markdown text, highlighted code, tables and the docs sidebar.
  "/blog", "/blog/counting-unique-visits-without-cookies", "/news", "/docs", "/docs/metrics",
];

/** The body's background as "r,g,b", whatever colour space the stylesheet wrote it in. */
const background = () =>
  page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d")!;
    canvas.fillStyle = getComputedStyle(document.body).backgroundColor;
    canvas.fillRect(0, 0, 1, 1);
    return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)].join(",");
  });

const contrastViolations = async () => {
  await page.evaluate(axe.source); // NOTE: evaluated by the DevTools protocol, so the page CSP allows it
  return page.evaluate(async () => {
    const r = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: ["color-contrast"], resultTypes: ["violations"] });
    return r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`)).slice(0, 5);
  });
};

describe("dark mode", () => {
  for (const path of WEBSITE_PAGES) {
    test(`${path} turns dark with a dark preference, and its text stays readable`, async () => {
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto(`${server.url}${path}`);
      expect(await background()).toBe("255,255,255");
      await page.emulateMedia({ colorScheme: "dark" });
      const dark = (await background()).split(",").map(Number);
      // gray-950: every channel near black.
      expect(Math.max(...dark)).toBeLessThan(40);
      expect(await contrastViolations()).toEqual([]);
    });
  }

  test("a page of another layout keeps its own scheme", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${server.url}/signin`);
    expect(await background()).toBe("255,255,255");
  });
});
