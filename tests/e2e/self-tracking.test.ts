// The product measures itself: its pages carry the tracker
// for their own host, client navigations count as page views, and the switched-off routes are never
// counted — whether opened directly, reached by a client navigation, or by back/forward.
// TRICKY: the tracker stays quiet on loopback host names, so Chromium resolves "bothy.test" to
// 127.0.0.1 and the site is opened under that name, as a visitor would open a real one.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { hydrated, launchBrowser } from "../helpers/browser";
import { addDomain, until } from "../helpers/collect";
import { startTestServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let site: string;
let siteId: number;
const errors: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { COLLECT_FLUSH_MS: "50" } });
  siteId = await addDomain(server.db.sql, "bothy.test");
  site = server.url.replace("127.0.0.1", "bothy.test");
  browser = await launchBrowser({ visitor: true, args: ["--host-resolver-rules=MAP bothy.test 127.0.0.1"] });
  page = await browser.context.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const viewed = async () =>
  (await server.db.sql<{ path: string }[]>`SELECT path FROM hits WHERE site_id = ${siteId} AND kind = 1 ORDER BY time`).map((r) => r.path);

/** Navigates the way a click on a same-origin link does, through the client router. */
const clientGo = async (path: string) => {
  await page.evaluate((href) => {
    const a = Object.assign(document.createElement("a"), { href });
    document.body.append(a);
    a.click();
    a.remove();
  }, path);
  await page.waitForURL(`${site}${path}`);
  await page.waitForFunction((p) => document.querySelector("main")?.isConnected && location.pathname === p, path);
};

test("tracked pages count, client and back/forward navigations included; switched-off routes never", async () => {
  const first = await page.goto(`${site}/reset`);
  expect(/<script async="" src="\/script.js">/.test(await first!.text())).toBe(false); // switched off: no tracker
  await hydrated(page, "main a, main button");

  // From a switched-off page to a counted one: React adds the tracker, which counts that page.
  await clientGo("/privacy");
  await until("the page view of /privacy", async () => (await viewed()).includes("/privacy"));

  await clientGo("/terms");
  await clientGo("/verify"); // switched off
  await clientGo("/no-such-page"); // 404: switched off
  await clientGo("/install");
  await page.goBack(); // back to the 404 page: not counted
  await page.waitForURL(`${site}/no-such-page`);
  await page.goBack(); // back past it to where /verify led
  await page.goBack();
  await page.waitForURL(`${site}/terms`);
  await until("the page view of /terms after back", async () => (await viewed()).filter((p) => p === "/terms").length === 2);

  // /reset, /verify and the 404 page were on screen too, and never counted.
  expect(await viewed()).toEqual(["/privacy", "/terms", "/install", "/terms"]);
  expect(errors).toEqual([]);
});

test("a switched-off page between two views of one page: both count, and the first sends its leave beacon", async () => {
  // NOTE: a page the first test never opened, so every count starts at 0 and no beacon of that test
  // still on its way can be taken for one of these.
  const path = "/google-analytics-vs-bothy";
  const count = async (kind: 1 | 2) =>
    (await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM hits WHERE site_id = ${siteId} AND kind = ${kind} AND path = ${path}`)[0]!.n;
  await clientGo(path);
  await until("a view of the page", async () => (await count(1)) === 1);

  await clientGo("/verify"); // switched off: the view of the page ends here
  await until("the leave beacon of the page", async () => (await count(2)) === 1);
  await clientGo(path);
  await until("the second view of the page", async () => (await count(1)) === 2);

  await clientGo("/verify");
  await page.goBack(); // by back/forward this time
  await page.waitForURL(`${site}${path}`);
  await until("the third view of the page", async () => (await count(1)) === 3);
  expect((await viewed()).filter((p) => p === "/verify")).toEqual([]);
  expect(errors).toEqual([]);
});

test("a click on Live demo records the demo-button event", async () => {
  const clicks = async () =>
    (await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM hits WHERE site_id = ${siteId} AND kind = 3 AND event_name = 'demo-button'`)[0]!.n;
  await clientGo("/privacy");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Live demo" }).click();
  await until("the demo-button event", async () => (await clicks()) === 1);
  expect(errors).toEqual([]);
});

test("SELF_TRACKING=off leaves the tracker out of every page", async () => {
  const off = await startTestServer({ env: { SELF_TRACKING: "off" } });
  try {
    const tag = /<script async="" src="\/script.js">/;
    const html = await (await fetch(`${off.url}/`)).text();
    expect(tag.test(html)).toBe(false);
    expect(html.includes('data-tracking="off"')).toBe(true);
    expect(tag.test(await (await fetch(`${server.url}/`)).text())).toBe(true);
  } finally {
    await off.stop();
  }
});
