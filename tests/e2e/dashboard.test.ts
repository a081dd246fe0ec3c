// The owner's dashboard in real Chromium against the real server process and seeded traffic:
// every section shows the API's numbers; screenshots at 1440 and
// 390 px; the sticky header; presets, a calendar pick (backwards too), hour/day rules; list
// search/paging/percent/expand; every popup; the dots menu; keyboard navigation; auto-refresh;
// the view in the URL (reload, back/forward); the error state; axe; no console errors. Access, plans, public and demo: dashboard-access.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { formatRange, presetRange } from "../../components/dashboard/date-rules";
import { addDays, dayIn, daysBetween } from "../../src/shared/days";
import { formatDuration, formatNumber, formatPercent } from "../../components/dashboard/format";
import type { PathStats, RefStats, SummaryStats } from "../../src/stats/contract";
import { launchBrowser } from "../helpers/browser";
import { axeViolations as axeOf, consoleWatch, dashboardLoaded, fakeOembed, listLabels, listValues, prepareSites } from "../helpers/dashboard";
import { settle as settleLoad, signIn, statsFor, statsRequests as requestsOf, type Owner } from "../helpers/dashboard";
import { until } from "../helpers/collect";
import { freshDatabase } from "../helpers/db";
import { removedAfterAll } from "../helpers/scratch";
import { ROOT, spawnServer, type Child } from "../helpers/server";

const OWNER: Owner = { email: "grace@example.com", name: "Grace Hopper", password: "cobol compiler 1959" };
const TZ = "Europe/Berlin";

const oembed = fakeOembed();
const { problems, watch: watched, expecting4xx } = consoleWatch();
let pro: Child;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  const db = scratch(await freshDatabase());
  await prepareSites(db.env, OWNER, [{ name: "shop.example", tz: TZ, ageDays: 60, views: 1200, days: 30 }]);
  pro = await spawnServer("src/server.ts", { ...db.env, OEMBED_API_BASE: oembed.base }, { timeoutMs: 90_000 });
  browser = await launchBrowser();
  page = await watched(browser.context);
  mkdirSync(`${ROOT}/test-results`, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  pro?.proc.kill("SIGTERM");
  await pro?.exited;
  oembed.stop();
});
const scratch = removedAfterAll();

const loaded = (p: Page = page) => dashboardLoaded(p);
const settle = (action: () => Promise<unknown>, p: Page = page) => settleLoad(p, action);
const api = <T,>(dataType: string, range: { startKey: string; endKey: string }, domain = "shop.example", p: Page = page) => statsFor<T>(p, dataType, range, domain);
const values = (id: string) => listValues(page, id);
const labels = (id: string) => listLabels(page, id);
const statsRequests = (p: Page = page) => requestsOf(p);
const axeViolations = (p: Page = page) => axeOf(p);
const today = () => dayIn(TZ, Date.now());
// NOTE: a three-day range's end, 3+ days back, all in one month (the picker draws one month at a time).
const customEnd = (end = addDays(today(), -3)) => (Number(end.slice(8)) >= 3 ? end : addDays(`${end.slice(0, 7)}-01`, -1));

describe("the owner's dashboard", () => {
  test("signed out, a dashboard sends to /signin remembering it; signed in, every section shows the API's numbers", async () => {
    // NOTE: the server answers with a redirect, which goto follows before it returns.
    await page.goto(`${pro.url}/dashboard/shop.example`);
    expect(page.url()).toBe(`${pro.url}/signin?redirect=%2Fdashboard%2Fshop.example`);
    await signIn(page, pro.url, OWNER, "/dashboard/shop.example");
    await loaded();
    const range = presetRange("7d", today());
    expect(await page.getByTestId("range-display").textContent()).toContain(formatRange(range));
    expect(await page.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");

    const summary = await api<SummaryStats>("SUMMARY", range);
    const path = await api<PathStats>("PATH", range);
    const ref = await api<RefStats>("REF", range);
    expect(summary.visits.hits).toBeGreaterThan(0);
    const figure = (k: string) => page.locator(`[data-figure="${k}"] [data-value]`).textContent();
    expect(await figure("visits")).toBe(formatNumber(summary.visits.hits));
    expect(await figure("unique")).toBe(formatNumber(summary.visits.unique));
    const rate = Math.round(Math.min(100, Math.max(0, (summary.visits.bounceCount / summary.visits.bounceNew) * 100)));
    expect(await figure("bounce")).toBe(`${rate}%`);

    expect(await labels("pages")).toEqual(path.path.slice(0, 10).map((r) => r.label));
    expect(await values("pages")).toEqual(path.path.slice(0, 10).map((r) => formatNumber(r.value)));
    expect(await values("referrals")).toEqual(ref.result.slice(0, 10).map((r) => formatNumber(r.value)));
    for (const [id, rows] of [["countries", summary.country], ["languages", summary.language], ["browsers", summary.browser], ["os", summary.os]] as const) {
      expect(await values(id)).toEqual(rows.slice(0, 10).map((r) => formatNumber(r.value)));
    }
    const sorted = (m: Record<string, number>) => Object.values(m).filter((v) => v > 0).sort((a, b) => b - a).map(formatNumber);
    expect(await values("sources")).toEqual(sorted(summary.source));
    expect(await values("devices")).toEqual(sorted(summary.device));
    const attention = path.path.filter((r) => r.durationAvg !== null).sort((a, b) => b.durationAvg! - a.durationAvg!);
    // Attention: the longest average visible time, and the deepest average scroll depth.
    expect([(await values("attention"))[0], (await values("scroll"))[0]]).toEqual([formatDuration(attention[0]!.durationAvg!), formatPercent(Math.max(...path.path.map((r) => r.scrollAvg ?? -1)) / 100)]);
    expect(await values("bounce")).toHaveLength(Math.min(10, path.path.filter((r) => r.bounceRate !== null).length));
    expect(await page.getByText("No insights yet").count()).toBe(0);
    // The social-post wall embeds x.com posts through the proxy (here the loopback fake provider).
    // Posts on other networks have no embed: they show as a link, without asking the proxy.
    if (ref.tweets.some((t) => /^https:\/\/(x|twitter)\.com\//.test(t.u))) await page.getByText("A post linking here").first().waitFor();
    const other = ref.tweets.find((t) => !/^https:\/\/(x|twitter)\.com\//.test(t.u));
    if (other) await page.getByRole("link", { name: new URL(other.u).pathname }).first().waitFor();
    expect(await axeViolations()).toEqual([]);
  });

  test("screenshots at 1440 and 390 px, with no sideways overflow on a phone", async () => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await loaded();
      // NOTE: the chart measures its box after the first paint; wait until it drew at that width.
      await page.waitForFunction(() => {
        const box = document.querySelector('[data-testid="time-chart"]');
        const svg = box?.querySelector("svg:not([aria-hidden])") ?? box?.querySelector("svg");
        return !!svg && Math.abs(svg.getBoundingClientRect().width - box!.getBoundingClientRect().width) < 2;
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${ROOT}/test-results/dashboard-${width}.png`, fullPage: true });
      await page.screenshot({ path: `${ROOT}/test-results/dashboard-${width}-top.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await loaded();
  });

  test("the header sticks once the page scrolled 150 px past the dashboard's top", async () => {
    const header = page.getByTestId("dashboard-header");
    expect(await header.getAttribute("data-sticky")).toBeNull();
    await page.evaluate(() => window.scrollTo(0, 100));
    await page.waitForTimeout(100); // NOTE: proving a non-event: nothing to wait for but time
    expect(await header.getAttribute("data-sticky")).toBeNull();
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => document.querySelector('[data-testid="dashboard-header"]')?.hasAttribute("data-sticky"));
    expect((await header.boundingBox())!.y).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector('[data-testid="dashboard-header"]')?.hasAttribute("data-sticky"));
  });

  test("presets and the hour/day rules", async () => {
    const req = statsRequests();
    await settle(() => page.getByRole("button", { name: "Yesterday" }).click());
    const y = presetRange("yesterday", today());
    expect(req.seen.map((q) => `${q.get("dataType")} ${q.get("startKey")} ${q.get("endKey")}`)).toEqual(
      ["SUMMARY", "PATH", "REF", "GOALS"].map((dataType) => `${dataType} ${y.startKey} ${y.endKey}`),
    );
    req.stop();
    expect(await page.getByRole("heading", { name: "Page views by hour" }).count()).toBe(1);

    await settle(() => page.getByRole("button", { name: "14 days" }).click());
    expect(await page.getByRole("heading", { name: "Page views by day" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Hours" }).isDisabled()).toBe(true);

    await settle(() => page.getByRole("button", { name: "7 days" }).click());
    await page.getByRole("button", { name: "Hours" }).click();
    expect(await page.getByRole("heading", { name: "Page views by hour" }).count()).toBe(1);
    await page.getByRole("button", { name: "Hours" }).click();
    expect(await page.getByRole("heading", { name: "Page views by day" }).count()).toBe(1);
    await page.getByRole("button", { name: "Line" }).click();
    expect(await page.getByRole("button", { name: "Line" }).getAttribute("aria-pressed")).toBe("true");
  });

  test("a custom range picked backwards in the calendar is reordered and loaded", async () => {
    await page.getByTestId("range-display").click();
    const picker = page.getByTestId("date-picker");
    await picker.waitFor();
    expect(await picker.getByTestId("picker-tz").textContent()).toBe(TZ);
    expect(await picker.getByTestId("picker-tz").getAttribute("title")).toContain("domain settings");
    expect(await picker.locator("thead th").allTextContents()).toEqual(["M", "T", "W", "T", "F", "S", "S"]);
    // The range does not start on the creation day: the third preset is selected on opening.
    expect(await picker.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(await picker.locator(`[data-day="${addDays(today(), 1)}"]`).isDisabled().catch(() => true)).toBe(true);

    const later = customEnd();
    const earlier = addDays(later, -2);
    // NOTE: both days sit in the previous month early in a month.
    if (later.slice(0, 7) !== today().slice(0, 7)) await picker.getByRole("button", { name: "Previous month" }).click();
    const req = statsRequests();
    await picker.locator(`[data-day="${later}"]`).click();
    await picker.locator(`[data-day="${earlier}"]`).hover();
    expect(await picker.locator(`[data-day="${addDays(later, -1)}"]`).getAttribute("data-style")).toBe("in-range");
    expect(await picker.locator(`[data-day="${earlier}"]`).getAttribute("data-preview")).toBe("true");
    await settle(() => picker.locator(`[data-day="${earlier}"]`).click());
    req.stop();
    expect(req.seen[0]!.get("startKey")).toBe(earlier);
    expect(req.seen[0]!.get("endKey")).toBe(later);
    expect(await page.getByTestId("range-display").textContent()).toContain(formatRange({ startKey: earlier, endKey: later }));
    await picker.getByRole("button", { name: "Done" }).click();
    await picker.waitFor({ state: "detached" });
    await settle(() => page.getByRole("button", { name: "Last 30 days" }).click());
  });

  test("the view lives in the URL: a custom range after ?range=30d survives a reload, and back returns to 30 days", async () => {
    const p = await watched(browser.context);
    const rsc: string[] = [];
    p.on("request", (r) => void (r.url().includes("/__rsc/") && rsc.push(r.url())));
    const req = statsRequests(p);
    await p.goto(`${pro.url}/dashboard/shop.example?range=30d`);
    await loaded(p);
    // The first load already asks the URL's 30 days (resolved on the viewer's clock until the domain's today is known).
    const first = req.seen[0]!;
    expect(daysBetween(first.get("startKey")!, first.get("endKey")!)).toBe(29);
    req.stop();
    const display = p.getByTestId("range-display");
    const thirty = formatRange(presetRange("30d", today()));
    await p.waitForFunction((t) => document.querySelector('[data-testid="range-display"]')?.textContent?.includes(t), thirty);
    expect(await p.getByRole("button", { name: "Last 30 days" }).getAttribute("aria-pressed")).toBe("true");

    const custom = { startKey: addDays(customEnd(), -2), endKey: customEnd() };
    await display.click();
    const picker = p.getByTestId("date-picker");
    if (custom.endKey.slice(0, 7) !== today().slice(0, 7)) await picker.getByRole("button", { name: "Previous month" }).click();
    await picker.locator(`[data-day="${custom.startKey}"]`).click();
    await settle(() => picker.locator(`[data-day="${custom.endKey}"]`).click(), p);
    await picker.getByRole("button", { name: "Done" }).click();
    expect(new URL(p.url()).search).toBe(`?from=${custom.startKey}&to=${custom.endKey}`);
    const shows = (r: { startKey: string; endKey: string }) =>
      p.waitForFunction((t) => document.querySelector('[data-testid="range-display"]')?.textContent?.includes(t), formatRange(r));

    // Back and forward within the page restore the view from the URL without asking the server for the page.
    await settle(() => p.goBack(), p);
    expect(new URL(p.url()).search).toBe("?range=30d");
    await p.waitForFunction((t) => document.querySelector('[data-testid="range-display"]')?.textContent?.includes(t), thirty);
    await settle(() => p.goForward(), p);
    await shows(custom);
    expect(rsc).toEqual([]);

    // A reload shows the same range, and back still returns to 30 days.
    const again = statsRequests(p);
    await p.reload();
    await loaded(p);
    again.stop();
    expect([again.seen[0]!.get("startKey"), again.seen[0]!.get("endKey")]).toEqual([custom.startKey, custom.endKey]);
    await shows(custom);
    await settle(() => p.goBack(), p);
    expect(new URL(p.url()).search).toBe("?range=30d");
    await p.waitForFunction((t) => document.querySelector('[data-testid="range-display"]')?.textContent?.includes(t), thirty);
    expect(await p.getByRole("button", { name: "Last 30 days" }).getAttribute("aria-pressed")).toBe("true");
    await p.close();
  });

  test("chart, list limit and an open popup are in the URL too, and a reload opens them again", async () => {
    const p = await watched(browser.context);
    await p.goto(`${pro.url}/dashboard/shop.example?range=7d`);
    await loaded(p);
    await p.getByRole("button", { name: "Line" }).click();
    await p.getByRole("button", { name: "Hours" }).click();
    await p.getByRole("button", { name: "Dashboard options" }).click();
    await p.getByRole("button", { name: /List items/ }).click();
    await p.keyboard.press("Escape");
    const top = (await api<PathStats>("PATH", presetRange("7d", today()), "shop.example", p)).path[0]!.label;
    await p.getByTestId("pages-rows").getByRole("button", { name: /^Inspect / }).first().click();
    const heading = p.getByRole("dialog").getByRole("heading", { name: `Referrals for ${top}`, exact: true });
    await heading.waitFor();
    const q = new URL(p.url()).searchParams;
    expect([q.get("range"), q.get("chart"), q.get("hours"), q.get("limit"), q.get("popup")]).toEqual([null, "line", "1", "20", `page:${top}`]);

    await p.reload();
    await loaded(p);
    await heading.waitFor();
    expect(await p.getByTestId("list-limit").textContent()).toBe("20");
    expect(await p.getByRole("button", { name: "Line" }).getAttribute("aria-pressed")).toBe("true");
    expect(await p.getByRole("heading", { name: "Page views by hour" }).count()).toBe(1);
    await p.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await p.waitForFunction(() => !new URL(location.href).searchParams.has("popup"));
    await p.close();
  });

  test("lists: search with Escape, paging, percentages, list items, and the full list", async () => {
    const pages = page.getByTestId("pages");
    await pages.getByRole("button", { name: "Search Top pages" }).click();
    const first = (await labels("pages"))[0]!;
    await pages.getByRole("searchbox").fill(first);
    expect((await labels("pages")).every((l) => l.toLowerCase().includes(first.toLowerCase()))).toBe(true);
    await pages.getByRole("searchbox").press("Escape");
    expect(await pages.getByRole("searchbox").count()).toBe(0);

    const path = await api<PathStats>("PATH", presetRange("30d", today()));
    const pagesCount = Math.ceil(path.path.length / 10);
    if (pagesCount > 1) {
      expect(await pages.getByText(`Page 1 of ${pagesCount}`).count()).toBe(1);
      await pages.getByRole("button", { name: "Next page" }).click();
      expect(await pages.getByText(`Page 2 of ${pagesCount}`).count()).toBe(1);
      expect((await labels("pages"))[0]).toBe(path.path[10]!.label);
    }
    await pages.getByRole("button", { name: "Show percentages" }).click();
    expect((await values("pages")).every((v) => v.endsWith("%"))).toBe(true);
    await pages.getByRole("button", { name: "Show percentages" }).click();

    await page.getByRole("button", { name: "Dashboard options" }).click();
    await page.getByRole("button", { name: /List items/ }).click();
    expect(await page.getByTestId("list-limit").textContent()).toBe("20");
    expect((await values("pages")).length).toBe(Math.min(20, path.path.length));
    await page.getByRole("button", { name: /List items/ }).click();
    await page.getByRole("button", { name: /List items/ }).click();
    expect(await page.getByTestId("list-limit").textContent()).toBe("10");
    await page.keyboard.press("Escape");

    await pages.getByRole("button", { name: "View all" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.locator("li").count()).toBeGreaterThanOrEqual(Math.min(path.path.length, 50));
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  test("row popups: referrals for a page, entry pages for a referrer; crumbs and the close control", async () => {
    const ref = await api<RefStats>("REF", presetRange("30d", today()));
    const path = await api<PathStats>("PATH", presetRange("30d", today()));
    const host = ref.result.find((r) => r.label !== "direct" && r.label !== "unknown");
    await page.getByTestId("pages-rows").getByRole("button", { name: /^Inspect / }).first().click();
    let dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: `Referrals for ${path.path[0]!.label}`, exact: true }).waitFor();
    await dialog.locator('[data-testid="page-referrals-rows"] > li').first().waitFor(); // asked for when it opens
    await dialog.getByRole("button", { name: "Dashboard" }).click();
    await dialog.waitFor({ state: "detached" });

    if (host) {
      await page.getByTestId("referrals-rows").getByRole("button", { name: `Inspect ${host.label}`, exact: true }).click();
      dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: `Top entry pages from ${host.label}` }).waitFor();
      // NOTE: the popup asks for its rows when it opens.
      const rows = dialog.locator('[data-testid="referrer-pages-rows"] > li');
      const want = Math.min(10, ref.path[host.label]?.length ?? 0);
      expect(want).toBeGreaterThan(0);
      await rows.nth(want - 1).waitFor();
      expect(await rows.count()).toBe(want);
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
    }
  });

  test("the energy inspector, campaign detail tabs, event values expanding one at a time", async () => {
    const path = await api<PathStats>("PATH", presetRange("30d", today()));
    const ref = await api<RefStats>("REF", presetRange("30d", today()));
    if (path.energy === "locked" || path.events === "locked") throw new Error("the Pro server answered locked");
    expect(await labels("energy")).toEqual(path.energy.slice(0, 10).map((r) => r.label));
    await page.getByTestId("energy-rows").locator("button").first().click();
    let dialog = page.getByRole("dialog");
    const inspect = dialog.getByRole("link", { name: /inspect|check/i });
    expect(await inspect.getAttribute("href")).toBe(`/how-green-is-your-website?url=${encodeURIComponent(`https://shop.example${path.energy[0]!.label}`)}`);
    await dialog.getByRole("button", { name: "Energy per page" }).click();
    await dialog.waitFor({ state: "detached" });

    expect(await labels("campaigns")).toEqual(ref.campaign.slice(0, 10).map((r) => r.label));
    // NOTE: closing a popup gives the focus back to its row, which can scroll the page under a click
    // that follows at once (seen once in a full run: no popup opened); a missed click is made again.
    const opener = page.getByTestId("campaigns-rows").getByRole("button", { name: /^Inspect / }).first();
    dialog = page.getByRole("dialog");
    await until("the campaign's popup", async () => ((await dialog.count()) > 0 ? true : (await opener.click(), null)), 15_000, 500);
    // NOTE: the dashboard's REF has no campaign pages: the Path tab asks for its campaign's when first shown.
    const req = statsRequests();
    for (const tab of ["Source", "Medium", "Path", "Source", "Path"]) {
      await dialog.getByRole("tab", { name: tab }).click();
      expect(await dialog.getByRole("tab", { name: tab }).getAttribute("aria-selected")).toBe("true");
    }
    const want = ref.campaign[0]!.path.slice(0, 10).map((r) => r.label);
    await dialog.locator('[data-testid="campaign-path-rows"] > li').nth(want.length - 1).waitFor(); // no rows at all time out here
    expect(await labels("campaign-path")).toEqual(want);
    req.stop();
    expect(req.seen.map((q) => [q.get("dataType"), q.get("campaign")])).toEqual([["REF", ref.campaign[0]!.label]]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    const withValues = path.events.filter((e) => (e.children?.length ?? 0) > 0);
    expect(withValues.length).toBeGreaterThan(1);
    const rows = page.getByTestId("events-rows").locator(":scope > li button[aria-expanded]");
    await rows.nth(0).click();
    expect(await page.getByTestId("row-expand").count()).toBe(1);
    await rows.nth(1).click();
    expect(await page.getByTestId("row-expand").count()).toBe(1);
    expect(await rows.nth(0).getAttribute("aria-expanded")).toBe("false");
    await rows.nth(1).click();
    expect(await page.getByTestId("row-expand").count()).toBe(0);
  });

  test("clicking a day in the chart shows that single day, by hour", async () => {
    const chart = page.getByTestId("time-chart");
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = (await chart.boundingBox())!;
    const req = statsRequests();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await settle(async () => {
      await page.mouse.move(box.x + box.width * 0.52, box.y + box.height * 0.5, { steps: 3 });
      await page.mouse.click(box.x + box.width * 0.52, box.y + box.height * 0.5);
    });
    req.stop();
    const first = req.seen[0]!;
    expect(first.get("startKey")).toBe(first.get("endKey")!);
    expect(await page.getByRole("heading", { name: "Page views by hour" }).count()).toBe(1);
    expect(await page.getByTestId("range-display").textContent()).toContain(formatRange({ startKey: first.get("startKey")!, endKey: first.get("endKey")! }));
    await settle(() => page.getByRole("button", { name: "Last 30 days" }).click());
  });

  test("the dots menu: Domain settings, and both exports open the Export modal, which closes outside or on its control", async () => {
    await page.getByRole("button", { name: "Dashboard options" }).click();
    expect(await page.getByRole("link", { name: "Domain settings" }).getAttribute("href")).toBe("/dashboard/shop.example/settings");
    for (const item of ["Export XLSX", "Export CSV"]) {
      if (!(await page.locator("#dashboard-menu").isVisible())) await page.getByRole("button", { name: "Dashboard options" }).click();
      await page.getByRole("button", { name: item }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText("Export the current date range").waitFor();
      expect(await dialog.getByRole("button", { name: "XLSX" }).count()).toBe(1);
      expect(await dialog.getByRole("button", { name: "CSV (ZIP)" }).count()).toBe(1);
      if (item === "Export XLSX") await dialog.getByRole("button", { name: "Close" }).click();
      else await page.mouse.click(5, 5);
      await dialog.waitFor({ state: "detached" });
    }
  });

  test("keyboard: arrows move between sections, r reloads, both ignored while a popup is open", async () => {
    await page.locator("body").click({ position: { x: 700, y: 5 } });
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("section-summary");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("section-pages");
    await page.keyboard.press("ArrowUp");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("section-summary");

    const req = statsRequests();
    await settle(() => page.keyboard.press("r"));
    expect(req.seen.filter((q) => q.get("dataType") === "SUMMARY")).toHaveLength(1);
    await page.getByTestId("pages").getByRole("button", { name: "View all" }).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("r");
    await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(200); // NOTE: proving a non-event: no reload went out
    expect(req.seen.filter((q) => q.get("dataType") === "SUMMARY")).toHaveLength(1);
    req.stop();
    await page.keyboard.press("Escape");
  });

  test("auto-refresh reloads every 60 s when on", async () => {
    const p = await watched(browser.context);
    await p.clock.install();
    await p.goto(`${pro.url}/dashboard/shop.example`);
    await loaded(p);
    const req = statsRequests(p);
    await p.clock.runFor(61_000);
    await p.waitForTimeout(300); // NOTE: proving a non-event: auto-refresh is off by default
    expect(req.seen).toHaveLength(0);
    await p.getByRole("button", { name: "Dashboard options" }).click();
    await p.getByRole("button", { name: /Auto-refresh/ }).click();
    await p.clock.runFor(61_000);
    await loaded(p);
    await p.waitForFunction(() => true);
    expect(req.seen.filter((q) => q.get("dataType") === "SUMMARY").length).toBeGreaterThanOrEqual(1);
    req.stop();
    await p.close();
  });

  test("a stats error replaces the dashboard with the Error heading and the message", async () => {
    expecting4xx(true);
    await page.goto(`${pro.url}/dashboard/nobody.example`);
    await page.getByRole("heading", { name: "Error" }).waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("No such domain.");
    expecting4xx(false);
  });


  test("no console errors anywhere", () => {
    expect(problems).toEqual([]);
  });
});
