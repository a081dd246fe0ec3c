// The dashboard's exports in real Chromium against real server processes: the dots menu opens the
// Export modal, its XLSX and CSV (ZIP) buttons download files named {domain}_{startKey}_{endKey}
// whose sheets (opened with exceljs and jszip) are the quick or the full set, each export counts
// as the product's own event ("export xlsx (dashboard)"), and a free account (BETA=0) sees the
// Unlock Pro Features promo instead of the buttons. A public dashboard shows its Export control only
// while its owner's Downloads switch is on, and exports by its id and password.
// TRICKY: the product's events stay quiet on loopback host names, so Chromium resolves
// "bothy.test" to 127.0.0.1 and the Pro server is opened (and configured) under that name.
import { afterAll, beforeAll, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { readFileSync } from "node:fs";
import type { Download, Page } from "playwright-core";
import { ALL_TABLES, QUICK_TABLES } from "../../src/export";
import { formatRange } from "../../components/dashboard/date-rules";
import type { PathStats } from "../../src/stats/contract";
import { launchBrowser } from "../helpers/browser";
import { consoleWatch, dashboardLoaded, fakeOembed, prepareSites, signIn, statsFor, type Owner } from "../helpers/dashboard";
import { until } from "../helpers/collect";
import { freshDatabase } from "../helpers/db";
import { removedAfterAll } from "../helpers/scratch";
import { spawnServer, type Child } from "../helpers/server";

const OWNER: Owner = { email: "ada@example.com", name: "Ada Lovelace", password: "analytical engine 1843" };
const FREE: Owner = { email: "free@example.com", name: "Free User", password: "free plan password 1" };
const DOMAIN = "shop.example";
const SELF = "bothy.test";
const SHARED = "shared.example";
const SHARED_PASSWORD = "shared dashboard password";
const REFUSED = "The owner of this dashboard does not offer its stats for download.";

const { problems, watch, expecting4xx } = consoleWatch();
// NOTE: the seeded traffic has social posts, which the dashboard embeds through the oEmbed provider.
const oembed = fakeOembed();
let pro: Child;
let free: Child;
let proUrl: string;
let publicIds: Record<string, string>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

/** A port nothing listens on right now, so the server's BASE_URL can name it before it starts. */
function freePort(): number {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

beforeAll(async () => {
  const [proDb, freeDb] = [scratch(await freshDatabase()), scratch(await freshDatabase())];
  publicIds = await prepareSites(proDb.env, OWNER, [
    { name: DOMAIN, views: 300, days: 20 },
    { name: SELF },
    { name: SHARED, views: 100, days: 10, public: true, password: SHARED_PASSWORD, verified: true },
  ]);
  await prepareSites(freeDb.env, FREE, [{ name: "free.example", views: 100, days: 10 }]);
  const port = freePort();
  proUrl = `http://${SELF}:${port}`;
  [pro, free] = await Promise.all([
    spawnServer("src/server.ts", { ...proDb.env, PORT: String(port), BASE_URL: proUrl, COLLECT_FLUSH_MS: "50", OEMBED_API_BASE: oembed.base }, { timeoutMs: 90_000 }),
    spawnServer("src/server.ts", { ...freeDb.env, BETA: "0", OEMBED_API_BASE: oembed.base }, { timeoutMs: 90_000 }),
  ]);
  browser = await launchBrowser({ visitor: true, args: [`--host-resolver-rules=MAP ${SELF} 127.0.0.1`] });
}, 240_000);
afterAll(async () => {
  oembed.stop();
  await browser?.close();
  for (const s of [pro, free]) s?.proc.kill("SIGTERM");
  await Promise.all([pro?.exited, free?.exited]);
});
const scratch = removedAfterAll();

/** Opens the Export modal from the dots menu item. */
async function openExport(p: Page, item: "Export XLSX" | "Export CSV") {
  await p.getByRole("button", { name: "Dashboard options" }).click();
  await p.getByRole("button", { name: item }).click();
  return p.getByRole("dialog", { name: "Export" });
}

async function sheetsOf(download: Download): Promise<string[]> {
  const bytes = readFileSync((await download.path())!);
  if (download.suggestedFilename().endsWith(".xlsx")) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    return book.worksheets.map((s) => s.name);
  }
  return Object.keys((await JSZip.loadAsync(bytes)).files).map((f) => f.replace(/\.csv$/, ""));
}

test("the modal's buttons download the range as XLSX and ZIP, quick or all tables, and count as the product's events", async () => {
  const p = await watch(browser.context);
  await signIn(p, proUrl, OWNER, `/dashboard/${DOMAIN}`);
  await dashboardLoaded(p);
  const summary = await p.evaluate(() => document.querySelector('[data-testid="range-display"]')?.textContent ?? "");

  const dialog = await openExport(p, "Export XLSX");
  expect(await dialog.textContent()).toContain(summary.trim());

  const cases = [
    { button: "XLSX", tables: "Dashboard summary", ext: "xlsx", sheets: QUICK_TABLES },
    { button: "CSV (ZIP)", tables: "All tables", ext: "zip", sheets: ALL_TABLES },
  ] as const;
  const names: string[] = [];
  for (const c of cases) {
    await dialog.getByLabel(c.tables).check();
    const [download] = await Promise.all([p.waitForEvent("download", { timeout: 30_000 }), dialog.getByRole("button", { name: c.button, exact: true }).click()]);
    names.push(download.suggestedFilename());
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${DOMAIN.replace(".", "\\.")}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.${c.ext}$`));
    expect(await sheetsOf(download)).toEqual([...c.sheets]);
  }
  // The file names carry the range the dashboard shows.
  const [startKey, endKey] = names[0]!.slice(DOMAIN.length + 1, -".xlsx".length).split("_");
  expect(formatRange({ startKey: startKey!, endKey: endKey! })).toBe(summary.trim());

  // Both exports are events of the product's own site, counted like any site's events.
  const today = endKey!;
  await until("both export events", async () => {
    const path = await statsFor<PathStats>(p, "PATH", { startKey: today, endKey: today }, SELF);
    const events = path.events === "locked" ? [] : path.events.map((e) => [e.label, e.value]);
    return events.length === 2 && events;
  });
  const path = await statsFor<PathStats>(p, "PATH", { startKey: today, endKey: today }, SELF);
  expect(path.events === "locked" ? [] : path.events.map((e) => [e.label, e.value, e.children?.map((v) => v.label)]).sort()).toEqual([
    ["export csv (dashboard)", 1, ["all"]],
    ["export xlsx (dashboard)", 1, ["quick"]],
  ]);
  expect(problems).toEqual([]);
  await p.close();
}, 90_000);

test("a free account outside beta sees the Unlock Pro Features promo instead of the buttons", async () => {
  const p = await watch(browser.context);
  await signIn(p, free.url, FREE, "/dashboard/free.example");
  await dashboardLoaded(p);
  const dialog = await openExport(p, "Export CSV");
  await dialog.getByTestId("pro-promo").waitFor();
  expect(await dialog.getByText("Unlock Pro Features", { exact: true }).count()).toBe(1);
  expect(await dialog.getByRole("link", { name: "Upgrade now →" }).getAttribute("href")).toBe("/settings/profile");
  expect(await dialog.getByRole("button", { name: "XLSX" }).count()).toBe(0);
  expect(problems).toEqual([]);
  await p.close();
}, 60_000);

/** A visitor's public dashboard, past its password prompt (the stats' first answer is its 401). */
async function openPublic(p: Page) {
  expecting4xx(true);
  await p.goto(`${proUrl}/public/${publicIds[SHARED]}`);
  await p.getByLabel("Password").fill(SHARED_PASSWORD);
  await p.getByRole("button", { name: "View dashboard" }).click();
  await dashboardLoaded(p);
  expecting4xx(false);
}

test("a public dashboard shows the Export control only while its owner allows downloads, and exports what it shows", async () => {
  const visitorCtx = await browser.context.browser()!.newContext();
  const visitor = await watch(visitorCtx);
  await openPublic(visitor);
  expect(await visitor.getByRole("button", { name: "Export", exact: true }).count()).toBe(0);
  const range = await visitor.getByTestId("range-display").textContent();
  // The export's URL refuses, as documented.
  expecting4xx(true);
  const refused = await visitor.evaluate(async ([id, password]) => {
    const res = await fetch(`/api/export?id=${id}&startKey=2026-01-01&endKey=2026-01-02&format=csv`, { headers: { "x-dashboard-password": password! } });
    return [res.status, (await res.json()).error.message];
  }, [publicIds[SHARED], SHARED_PASSWORD]);
  expecting4xx(false);
  expect(refused).toEqual([403, REFUSED]);

  // The owner turns Downloads on in the domain's settings.
  const ownerCtx = await browser.context.browser()!.newContext();
  const owner = await watch(ownerCtx);
  await signIn(owner, proUrl, OWNER, `/dashboard/${SHARED}/settings`);
  await owner.getByLabel(/^Downloads:/).check();
  await owner.getByRole("button", { name: "Save settings" }).click();
  await owner.getByText("Settings saved.").waitFor();
  await ownerCtx.close();

  await openPublic(visitor);
  await visitor.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = visitor.getByRole("dialog", { name: "Export" });
  expect(await dialog.textContent()).toContain(range!.trim());
  // The owner's notes are not in a public dashboard's export, and the modal does not offer them.
  expect(await dialog.textContent()).not.toContain("Annotations");
  await dialog.getByLabel("All tables").check();
  const [download] = await Promise.all([visitor.waitForEvent("download", { timeout: 30_000 }), dialog.getByRole("button", { name: "CSV (ZIP)", exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^dashboard_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.zip$/);
  expect(await sheetsOf(download)).toEqual(ALL_TABLES.filter((t) => t !== "Annotations"));
  expect(problems).toEqual([]);
  await visitorCtx.close();
}, 90_000);
