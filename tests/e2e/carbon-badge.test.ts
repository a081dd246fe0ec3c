// The earned carbon badge in real Chromium against a real server process: the owner ticks "Carbon
// badge" in the website's settings and gets the badge (an image that loads) and the HTML to embed;
// the public evidence page shows last month's letter and figures to a signed-out visitor, its badge
// image loaded, within the page at 1440 and 390 px, light and dark.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { lastFullMonth } from "../../src/badge/evidence";
import { addDays, localTime, utcMidnight } from "../../src/shared/days";
import { launchBrowser } from "../helpers/browser";
import { consoleWatch, prepareSites, signIn, type Owner } from "../helpers/dashboard";
import { freshDatabase } from "../helpers/db";
import { sidewaysProblems } from "../helpers/layout";
import { removedAfterAll } from "../helpers/scratch";
import { spawnServer, type Child } from "../helpers/server";

const OWNER: Owner = { email: "grace@example.com", name: "Grace Hopper", password: "a sturdy passphrase", scope: ["pro"] };
const DOMAIN = "badge.example";
const TZ = "Europe/Paris";

const { problems, watch } = consoleWatch();
let server: Child;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  const db = scratch(await freshDatabase());
  const month = lastFullMonth(localTime(TZ, Date.now()).day);
  const noon = (key: string) => utcMidnight(key) + 12 * 3_600_000;
  await prepareSites(db.env, OWNER, [
    { name: DOMAIN, tz: TZ, ageDays: 90, verified: true, spans: [{ from: noon(addDays(month.startKey, 3)), to: noon(addDays(month.startKey, 9)), views: 180 }] },
  ]);
  server = await spawnServer("src/server.ts", db.env, { timeoutMs: 90_000 });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  server?.proc.kill("SIGTERM");
  await server?.exited;
});
const scratch = removedAfterAll();

/** Whether every <img> of the page has loaded a picture. */
const imagesLoaded = (p: import("playwright-core").Page) =>
  p.evaluate(() => [...document.querySelectorAll("main img")].map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));

test("the owner turns the badge on in the settings and gets it with the HTML to embed", async () => {
  const p = await watch(browser.context);
  await signIn(p, server.url, OWNER, `/dashboard/${DOMAIN}/settings`);
  const box = p.getByLabel(/^Carbon badge:/);
  expect(await box.isChecked()).toBe(false);
  await box.check();
  await p.getByRole("button", { name: "Save settings" }).click();
  const embed = p.getByTestId("badge-embed");
  await embed.waitFor();
  await p.waitForFunction(() => [...document.querySelectorAll('[data-testid="badge-embed"] img')].every((i) => (i as HTMLImageElement).naturalWidth > 0));
  expect(await embed.locator("code").textContent()).toBe(
    `<a href="${server.url}/carbon/${DOMAIN}"><img src="${server.url}/badge/${DOMAIN}.svg" alt="Carbon rating of ${DOMAIN} from real visits" height="20"></a>`,
  );
  for (const width of [1440, 390]) {
    await p.setViewportSize({ width, height: 900 });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  expect(problems).toEqual([]);
  await p.close();
}, 120_000);

test("the evidence page shows last month's letter and figures to anyone, within the page at 1440 and 390 px, light and dark", async () => {
  const context = await browser.context.browser()!.newContext();
  const p = await watch(context);
  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [1440, 390]) {
      await p.emulateMedia({ colorScheme });
      await p.setViewportSize({ width, height: 900 });
      await p.goto(`${server.url}/carbon/${DOMAIN}`);
      expect(await p.getByTestId("verdict").textContent()).toMatch(/rates (A\+|A|B|C|D|E|F) \(A\+ is the cleanest/);
      expect(await p.getByTestId("visits").textContent()).toBe("180");
      await p.waitForFunction(() => [...document.querySelectorAll("main img")].every((i) => (i as HTMLImageElement).complete));
      expect(await imagesLoaded(p)).toEqual([true]);
      const layout = await sidewaysProblems(p);
      expect({ colorScheme, width, ...layout }).toEqual({ colorScheme, width, wide: width, clipped: [] });
    }
  }
  expect(problems).toEqual([]);
  await context.close();
}, 120_000);
