// Filters and saved segments on the owner's dashboard, in real Chromium against the real server
// and seeded traffic: a referrer's label click adds a chip and every section shows the API's
// numbers for that slice (the yearly report's link too); a second filter added with the keyboard
// through the Filter menu; the filters in the URL across a reload and back/forward; a segment saved
// (a taken name refused in the menu), picked again after a reload, renamed and deleted; Clear all
// brings the unfiltered numbers back. axe with the menus open; no console errors. A page goal added
// through the Goals section's form (axe finds nothing serious with it open) shows the API's
// conversions; its name filters the dashboard to the goal (its chip, f=goal:<id>, the slice's
// numbers), and a second click takes the filter away.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { presetRange } from "../../components/dashboard/date-rules";
import { formatNumber } from "../../components/dashboard/format";
import { countryName } from "../../components/dashboard/widgets/countries";
import { dayIn } from "../../src/shared/days";
import { filtersFromParams, type Filter } from "../../src/shared/filters";
import type { GoalRow } from "../../src/shared/goals";
import type { PathStats, RefStats, SummaryStats } from "../../src/stats/contract";
import { launchBrowser } from "../helpers/browser";
import { axeViolations, consoleWatch, dashboardLoaded, fakeOembed, listValues, prepareSites, settle, signIn, type Owner } from "../helpers/dashboard";
import { freshDatabase } from "../helpers/db";
import { removedAfterAll } from "../helpers/scratch";
import { spawnServer, type Child } from "../helpers/server";

const OWNER: Owner = { email: "ada@example.com", name: "Ada Lovelace", password: "analytical engine 1843" };
const TZ = "Europe/London";
const DOMAIN = "slice.example";

const oembed = fakeOembed();
const { problems, watch, expecting4xx } = consoleWatch();
let server: Child;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const scratch = removedAfterAll();

beforeAll(async () => {
  const db = scratch(await freshDatabase());
  await prepareSites(db.env, OWNER, [{ name: DOMAIN, tz: TZ, ageDays: 30, views: 800, days: 6 }]);
  server = await spawnServer("src/server.ts", { ...db.env, OEMBED_API_BASE: oembed.base }, { timeoutMs: 90_000 });
  browser = await launchBrowser();
  page = await watch(browser.context);
});

afterAll(async () => {
  await browser?.close();
  server?.proc.kill("SIGTERM");
  await server?.exited;
  oembed.stop();
});

const range = () => presetRange("7d", dayIn(TZ, Date.now()));

/** The API's answer for the 7-day range and `filters`, asked with the page's own session. */
function stats<T>(dataType: string, filters: Filter[]): Promise<T> {
  const q = new URLSearchParams({ domain: DOMAIN, ...range(), dataType });
  if (filters.length) q.set("filters", JSON.stringify(filters));
  return page.evaluate(async (q) => (await fetch(`/api/stats?${q}`)).json(), q.toString()) as Promise<T>;
}

const shownViews = () => page.locator('[data-figure="visits"] [data-value]').textContent();
const chips = () => page.getByTestId("filter-chip").allTextContents();
const urlFilters = () => filtersFromParams(new URL(page.url()).searchParams);

/** The page shows the API's numbers for `filters`: the summary's totals and the countries list. */
async function showsSlice(filters: Filter[]) {
  const summary = await stats<SummaryStats>("SUMMARY", filters);
  expect(await shownViews()).toBe(formatNumber(summary.visits.hits));
  expect(await page.locator('[data-figure="unique"] [data-value]').textContent()).toBe(formatNumber(summary.visits.unique));
  expect(await listValues(page, "countries")).toEqual(summary.country.slice(0, 10).map((r) => formatNumber(r.value)));
  return summary;
}

describe("filters on the owner's dashboard", () => {
  test("a referrer click, a filter by keyboard, the URL, a saved segment, Clear all", async () => {
    await signIn(page, server.url, OWNER, `/dashboard/${DOMAIN}`);
    await dashboardLoaded(page);
    const all = await showsSlice([]);

    // A referrer's label adds `is <host>`: its chip, the URL, and every number is the slice's.
    const ref = await stats<RefStats>("REF", []);
    const host = ref.result.find((r) => r.label !== "direct" && r.label !== "unknown")!.label;
    const byHost: Filter[] = [["is", "referrer", [host]]];
    await settle(page, () => page.getByTestId("referrals-rows").getByRole("button", { name: `Filter by ${host}`, exact: true }).click());
    expect(await chips()).toEqual([`Referrer is ${host}×`]);
    expect(page.url()).toContain(`f=referrer:${host}`);
    expect(await page.getByTestId("filtered").isVisible()).toBe(true);
    const sliced = await showsSlice(byHost);
    expect(sliced.visits.hits).toBeLessThan(all.visits.hits);
    expect(sliced.country).not.toEqual(all.country);

    // `country is not X` through the Filter menu with the keyboard only.
    const country = sliced.country.find((r) => r.label !== "unknown")!.label;
    const name = countryName(country);
    const both: Filter[] = [...byHost, ["is_not", "country", [country]]];
    await page.getByRole("button", { name: "Filter", exact: true }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByTestId("filter-menu");
    await menu.waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.type("Country");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    expect(await menu.getByLabel("Dimension").inputValue()).toBe("country");
    expect(await menu.getByLabel("Operator").inputValue()).toBe("is_not");
    await page.keyboard.press("Tab");
    await page.keyboard.type(name);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await menu.getByRole("combobox", { name: "Value" }).inputValue()).toBe(name);
    await settle(page, () => page.keyboard.press("Enter"));
    expect(await menu.count()).toBe(0);
    expect(await chips()).toEqual([`Referrer is ${host}×`, `Country is not ${name}×`]);
    expect(urlFilters()).toEqual(both);
    await showsSlice(both);
    // The yearly report the dots menu links to is for the same slice.
    const report = await page.locator("#dashboard-menu a", { hasText: "Yearly sustainability report" }).getAttribute("href");
    expect(filtersFromParams(new URL(report!, server.url).searchParams)).toEqual(both);

    // A reload and back/forward keep the filters.
    await page.reload();
    await dashboardLoaded(page);
    expect(await chips()).toHaveLength(2);
    await showsSlice(both);
    // axe finds nothing serious with the chips on and the Filter menu open.
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await menu.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await settle(page, () => page.goBack());
    expect(urlFilters()).toEqual(byHost);
    await showsSlice(byHost);
    await settle(page, () => page.goForward());
    expect(urlFilters()).toEqual(both);
    await showsSlice(both);

    // Saved as a segment, cleared, and picked again after a reload.
    await page.getByRole("button", { name: /^Segments/ }).click();
    const segments = page.getByTestId("segments-menu");
    await segments.getByLabel("Save as segment").fill("Referred, abroad");
    await segments.getByRole("button", { name: "Save" }).click();
    await segments.getByRole("button", { name: /^Referred, abroad/ }).waitFor();
    expect(await segments.getByLabel("Save as segment").inputValue()).toBe("");
    expect(await axeViolations(page)).toEqual([]);
    // A name the domain has already (whatever its case) is refused, and the menu says why.
    expecting4xx(true);
    await segments.getByLabel("Save as segment").fill("referred, ABROAD");
    await segments.getByRole("button", { name: "Save" }).click();
    expect(await segments.getByRole("alert").textContent()).toMatch(/name/i);
    expecting4xx(false);
    await page.keyboard.press("Escape");
    await settle(page, () => page.getByRole("button", { name: "Clear all" }).click());
    expect(await chips()).toEqual([]);
    expect(urlFilters()).toEqual([]);
    await showsSlice([]);
    await page.reload();
    await dashboardLoaded(page);
    await page.getByRole("button", { name: /^Segments/ }).click();
    await settle(page, () => segments.getByRole("button", { name: /^Referred, abroad/ }).click());
    expect(urlFilters()).toEqual(both);
    await showsSlice(both);

    // Renamed and deleted in place.
    await page.getByRole("button", { name: /^Segments/ }).click();
    await segments.getByRole("button", { name: "Rename Referred, abroad" }).click();
    await segments.getByLabel("New name for Referred, abroad").fill("Referred");
    await segments.getByRole("button", { name: "Rename", exact: true }).click();
    await segments.getByRole("button", { name: "Delete Referred" }).click();
    await segments.getByText("No segments yet.", { exact: false }).waitFor();
    await page.keyboard.press("Escape");

    // Clear all: the unfiltered totals are back.
    await settle(page, () => page.getByRole("button", { name: "Clear all" }).click());
    expect(await shownViews()).toBe(formatNumber(all.visits.hits));
    expect(problems).toEqual([]);
  });

  test("a page goal added through the Goals form shows the API's conversions; its name toggles its goal filter", async () => {
    const top = (await stats<PathStats>("PATH", [])).path[0]!;
    const goals = page.locator("#section-goals");
    await goals.getByRole("button", { name: "Add a goal" }).click();
    await goals.getByLabel("Name", { exact: true }).fill("Top page");
    await goals.getByLabel("Page pattern").fill(top.label);
    expect(await axeViolations(page)).toEqual([]);
    const read = page.waitForResponse((r) => r.url().includes("dataType=GOALS"));
    await goals.getByRole("button", { name: "Add goal" }).click();
    await read;
    const row = goals.getByTestId("goal-row");
    await row.waitFor();
    const answer = await stats<{ goals: GoalRow[] }>("GOALS", []);
    // NOTE: a page goal converts on each view of its page: the top page's views.
    expect(answer.goals.map((g) => [g.name, g.conversions])).toEqual([["Top page", top.value]]);
    expect(await row.getByTestId("goal-conversions").textContent()).toBe(formatNumber(top.value));
    const name = row.getByRole("button", { name: "Filter by Top page" });
    await settle(page, () => name.click());
    const id = String(answer.goals[0]!.id);
    expect(await chips()).toEqual(["Goal is Top page×"]);
    expect(new URL(page.url()).searchParams.getAll("f")).toEqual([`goal:${id}`]);
    expect(await name.getAttribute("aria-pressed")).toBe("true");
    // NOTE: the goal's hits are the top page's: its views are the slice's.
    expect((await showsSlice([["is", "goal", [id]]])).visits.hits).toBe(top.value);
    await settle(page, () => name.click());
    expect(await chips()).toEqual([]);
    expect(urlFilters()).toEqual([]);
    expect(problems).toEqual([]);
  });
});
