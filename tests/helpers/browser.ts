// Real Chromium for e2e tests: Debian's /usr/bin/chromium through playwright-core, headless,
// with a fresh profile and no background traffic (only loopback requests leave the browser).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { browserHost, CHROMIUM_BASE_ARGS } from "../../src/inspect/browser";
import { CHROME_UA } from "./collect";
import { pageClockScript } from "./fake-clock";
import { TEST_ENV } from "./server";
import { scaled } from "./time";

/** The Chromium the tests run: CHROMIUM_PATH (under FAKE_NOW, the run's launcher), else Debian's. */
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Playwright's default for every wait and navigation. */
const PLAYWRIGHT_TIMEOUT_MS = 30_000;

/**
 * @param opts.visitor look like a person's browser to the tracker, which stays quiet for webdriver
 *   sessions and HeadlessChrome (a bot to isbot): no --enable-automation, a normal Chrome UA.
 */
export async function launchBrowser(
  opts: { args?: string[]; visitor?: boolean } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  // NOTE: the profile and Chromium's own temp files (its singleton socket) in one dir, removed on close.
  const home = mkdtempSync(join(tmpdir(), "bothy-chromium-"));
  const profile = join(home, "profile");
  mkdirSync(join(home, "tmp"));
  const visitor = opts.visitor
    ? {
        ignoreDefaultArgs: ["--enable-automation"],
        // TRICKY: Playwright's userAgent option does not reach beacons sent while a page unloads;
        // those went out as HeadlessChrome and were dropped as bots. The switch covers every request.
        args: ["--disable-blink-features=AutomationControlled", `--user-agent=${CHROME_UA}`],
      }
    : { args: [] };
  const removeProfile = () => rmSync(home, { recursive: true, force: true });
  const context = await chromium
    .launchPersistentContext(profile, {
      executablePath: TEST_CHROMIUM,
      headless: true,
      ...(opts.visitor ? { userAgent: CHROME_UA, ignoreDefaultArgs: visitor.ignoreDefaultArgs } : {}),
      args: [...CHROMIUM_BASE_ARGS, ...visitor.args, ...(opts.args ?? [])],
      viewport: { width: 1280, height: 800 },
      env: { ...process.env, TMPDIR: join(home, "tmp") },
    })
    .catch((err) => {
      removeProfile();
      throw err;
    });
  // NOTE: every context of this browser, those tests open through context.browser().newContext()
  // included, gets the run's deadlines and clock.
  const clock = pageClockScript();
  const prepare = async (opened: BrowserContext) => {
    // Playwright's own waits (30 s) are deadlines like the helpers': TEST_TIME_SCALE stretches them.
    opened.setDefaultTimeout(scaled(PLAYWRIGHT_TIMEOUT_MS));
    // Under FAKE_NOW (tests/run.ts) Chromium runs on the real clock; its pages take the moved one.
    if (clock) await opened.addInitScript(clock);
    return opened;
  };
  await prepare(context);
  const browser = context.browser();
  if (browser) {
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => prepare(await newContext(options));
  }
  return { context, close: () => context.close().finally(removeProfile) };
}

/** Waits until React owns every element the selector matches (hydrated), so clicks reach their
 * handlers and typed values stay. */
// TRICKY: hydration claims elements one by one, across frames on a busy machine, and a controlled
// input claimed after a fill takes its state's value back. So a page's first form being React's
// (a settings page's feedback dialog, say) says nothing of the form in its main.
export const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((sel) => {
    const found = [...document.querySelectorAll(sel)];
    return found.length > 0 && found.every((el) => Object.keys(el).some((k) => k.startsWith("__reactProps")));
  }, selector);

/** The inspector's browsers as the tests' servers run them: CHROMIUM_PATH, at TEST_ENV's CPU weight. */
export const testBrowserHost = (recycleAfter?: number) =>
  browserHost(TEST_CHROMIUM, recycleAfter, Number(TEST_ENV.CHROMIUM_NICE));
