// The yearly sustainability report in real Chromium against a real server process: the dashboard's
// dots menu links to it, the page shows last year's figures as /api/stats gives them, and its
// "Print / Download PDF" link downloads a PDF (application/pdf, printed by the server's own
// Chromium) whose text, read with poppler's pdftotext, holds the year's page views and CO2 and
// each month's, as the stats API states them, and its VSME page whose total is the year's CO2. On a phone (390 px) the tables keep every
// column within its own box and the chart's labels stay readable and apart. When the stats are busy
// (a server that lets one stats read run and none wait), the dots menu's link leads to a page that
// says so, with a link to try again, rather than failing silently.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localTime } from "../../src/shared/days";
import type { PathStats } from "../../src/stats/contract";
import { formatMass } from "../../src/shared/units";
import { formatNumber } from "../../src/shared/numbers";
import { monthName } from "../../src/shared/yearly";
import { hydrated, launchBrowser } from "../helpers/browser";
import { consoleWatch, dashboardLoaded, prepareSites, signIn, statsFor, type Owner } from "../helpers/dashboard";
import { freshDatabase, removeDir } from "../helpers/db";
import { removedAfterAll } from "../helpers/scratch";
import { spawnServer, type Child } from "../helpers/server";

const OWNER: Owner = { email: "ada@example.com", name: "Ada Lovelace", password: "analytical engine 1843" };
const DOMAIN = "shop.example";
const TZ = "Europe/London";
const PDFTOTEXT = "/usr/bin/pdftotext";

const { problems, watch } = consoleWatch();
let server: Child;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
/** Last year in the domain's zone: every month sealed. */
const last = Number(localTime(TZ, Date.now()).day.slice(0, 4)) - 1;

beforeAll(async () => {
  const db = scratch(await freshDatabase());
  const at = (iso: string) => Date.parse(iso);
  await prepareSites(db.env, OWNER, [
    {
      name: DOMAIN,
      tz: TZ,
      ageDays: 800,
      spans: [
        { from: at(`${last}-02-03T00:00:00Z`), to: at(`${last}-02-20T00:00:00Z`), views: 240 },
        { from: at(`${last}-06-01T00:00:00Z`), to: at(`${last}-06-30T00:00:00Z`), views: 400 },
        { from: at(`${last}-11-10T00:00:00Z`), to: at(`${last}-11-12T00:00:00Z`), views: 90 },
      ],
    },
  ]);
  server = await spawnServer("src/server.ts", { ...db.env, COLLECT_FLUSH_MS: "50" }, { timeoutMs: 90_000 });
  browser = await launchBrowser();
  const p = await browser.context.newPage();
  await signIn(p, server.url, OWNER, `/dashboard/${DOMAIN}`);
  await p.close();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  server?.proc.kill("SIGTERM");
  await server?.exited;
});
const scratch = removedAfterAll();

/** The text poppler reads from a PDF, in its printed layout. */
function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "bothy-report-"));
  try {
    const file = join(dir, "report.pdf");
    writeFileSync(file, bytes);
    const run = Bun.spawnSync([PDFTOTEXT, "-layout", file, "-"], { stdout: "pipe", stderr: "pipe" });
    if (run.exitCode !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`);
    return run.stdout.toString();
  } finally {
    removeDir(dir);
  }
}

test("the dots menu links to the report of the year the range ends in", async () => {
  const p = await watch(browser.context);
  await p.goto(`${server.url}/dashboard/${DOMAIN}`);
  await dashboardLoaded(p);
  await p.getByRole("button", { name: "Dashboard options" }).click();
  const thisYear = localTime(TZ, Date.now()).day.slice(0, 4);
  expect(await p.getByRole("link", { name: "Yearly sustainability report" }).getAttribute("href")).toBe(`/dashboard/${DOMAIN}/report?year=${thisYear}`);
  expect(problems).toEqual([]);
  await p.close();
}, 60_000);

test("the report shows last year's figures, and its PDF holds the same page views and CO2 as /api/stats", async () => {
  const p = await watch(browser.context);
  await p.goto(`${server.url}/dashboard/${DOMAIN}/report?year=${last}`);
  await p.getByTestId("year-report").waitFor();
  const year = await statsFor<PathStats>(p, "PATH", { startKey: `${last}-01-01`, endKey: `${last}-12-31` }, DOMAIN);
  if (year.carbonTotals === "locked") throw new Error("expected a Pro domain (beta)");
  const t = year.carbonTotals;
  expect(t.visits).toBe(730);
  expect(await p.getByTestId("report-page-views").textContent()).toBe(formatNumber(t.visits));
  expect(await p.getByTestId("report-co2").textContent()).toBe(formatMass(t.co2Grams));
  expect(await p.getByTestId("report-rating").textContent()).toBe(t.rating);
  expect(await p.getByTestId("report-chart").isVisible()).toBe(true);

  // The PDF as the link downloads it.
  const link = p.getByRole("link", { name: "Print / Download PDF" });
  expect(await link.getAttribute("href")).toBe(`/dashboard/${DOMAIN}/report.pdf?year=${last}`);
  const [download] = await Promise.all([p.waitForEvent("download", { timeout: 60_000 }), link.click()]);
  expect(download.suggestedFilename()).toBe(`${DOMAIN}_report_${last}.pdf`);
  const bytes = readFileSync((await download.path())!);
  await download.delete();
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

  // The same URL answers application/pdf, with the signed-in browser's session.
  const res = await p.context().request.get(`${server.url}/dashboard/${DOMAIN}/report.pdf?year=${last}`, { timeout: 60_000 });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");

  const text = pdfText(bytes);
  expect(text).toContain(`${DOMAIN} in ${last}`);
  expect(text).toContain(formatNumber(t.visits));
  expect(text).toContain(formatMass(t.co2Grams));
  for (const month of [`${last}-02`, `${last}-06`, `${last}-11`]) {
    const m = await statsFor<PathStats>(p, "PATH", { startKey: `${month}-01`, endKey: new Date(Date.UTC(last, Number(month.slice(5)), 0)).toISOString().slice(0, 10) }, DOMAIN);
    if (m.carbonTotals === "locked") throw new Error("expected a Pro domain (beta)");
    expect(m.carbonTotals.visits).toBeGreaterThan(0);
    // NOTE: each month's row reads "<Month>  <page views>  <bytes>  <kWh>  <CO2>" in the printed layout.
    const row = text.split("\n").find((l) => l.trim().startsWith(monthName(month)) && l.includes(" kWh"));
    expect({ month, row: row?.replace(/\s+/g, " ").trim() }).toEqual({
      month,
      row: expect.stringMatching(new RegExp(`^${monthName(month)} ${formatNumber(m.carbonTotals.visits)} .* ${formatMass(m.carbonTotals.co2Grams).replace(".", "\\.")}$`)),
    });
  }
  // The VSME page is printed, its total the year's CO2.
  expect(text).toContain("Energy and CO2e for a VSME report");
  expect(text.split("\n").find((l) => l.trim().startsWith("Total"))?.replace(/\s+/g, " ").trim()).toMatch(new RegExp(`^Total .* kWh ${formatMass(t.co2Grams).replace(".", "\\.")}$`));
  // Nothing of the page's controls is printed.
  expect(text).not.toContain("Print / Download PDF");
  expect(text).not.toContain("Download the sheet (XLSX)");
  expect(problems).toEqual([]);
  await p.close();
}, 120_000);

test("at 390 px the tables keep their CO2 column reachable and the chart's labels are readable and apart", async () => {
  const p = await watch(browser.context);
  await p.setViewportSize({ width: 390, height: 844 });
  await p.goto(`${server.url}/dashboard/${DOMAIN}/report?year=${last}`);
  await p.getByTestId("year-report").waitFor();
  // The page itself never scrolls sideways.
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Each headline card holds the longest figure one can show (a small site's energy) inside it.
  const spilled = await p.locator('section[aria-labelledby="totals"] dd').evaluateAll((figures) =>
    figures.filter((dd) => {
      dd.textContent = "0.00298 kWh";
      const text = document.createRange();
      text.selectNodeContents(dd);
      return text.getBoundingClientRect().right > dd.parentElement!.getBoundingClientRect().right - 1;
    }).length,
  );
  expect(spilled).toBe(0);
  // Every cell of both tables lies within its table's scroll box once that box is scrolled to it.
  for (const id of ["report-months", "report-heaviest", "vsme-table"]) {
    const clipped = await p.getByTestId(id).evaluate((table) => {
      const box = table.parentElement!;
      const out: string[] = [];
      for (const cell of table.querySelectorAll("th, td")) {
        (cell as HTMLElement).scrollIntoView({ block: "nearest", inline: "nearest" });
        const r = cell.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.right > window.innerWidth + 0.5) out.push(cell.textContent ?? "");
      }
      return out;
    });
    expect({ id, clipped }).toEqual({ id, clipped: [] });
    const co2 = id === "vsme-table" ? "CO2e" : "CO2";
    expect(await p.getByTestId(id).getByRole("columnheader", { name: co2, exact: true }).isVisible()).toBe(true);
  }
  // The VSME table fits the phone's width whole: its phase sits under its segment.
  expect(await p.getByTestId("vsme-table").evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
  // The chart's labels as drawn: at least 10 px high, none overlapping another.
  const labels = await p.getByTestId("report-chart").evaluate((chart) =>
    [...chart.querySelectorAll("text")]
      .filter((t) => t.getClientRects().length > 0)
      .map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent ?? "", left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
      }),
  );
  expect(labels.length).toBeGreaterThan(12);
  expect(labels.filter((l) => l.height < 10).map((l) => l.text)).toEqual([]);
  const overlaps = labels.flatMap((a, i) =>
    labels.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).map((b) => `${a.text} / ${b.text}`),
  );
  expect(overlaps).toEqual([]);
  expect(problems).toEqual([]);
  await p.close();
}, 60_000);

describe("when the stats are busy", () => {
  let busy: Child;
  beforeAll(async () => {
    const db = scratch(await freshDatabase());
    await prepareSites(db.env, OWNER, [{ name: DOMAIN, tz: TZ, ageDays: 800, views: 60, days: 20 }]);
    // NOTE: one stats read at a time and none waiting: the report's thirteen reads at once are refused as busy.
    busy = await spawnServer("src/server.ts", { ...db.env, STATS_READS_AT_ONCE: "1", STATS_READS_WAITING: "0" }, { timeoutMs: 90_000 });
  }, 240_000);
  afterAll(async () => {
    busy?.proc.kill("SIGTERM");
    await busy?.exited;
  });

  test("the dots menu's report link shows that the stats are busy, with a link to try again", async () => {
    const ctx = await browser.context.browser()!.newContext();
    try {
      const p = await ctx.newPage();
      await signIn(p, busy.url, OWNER, `/dashboard/${DOMAIN}`);
      await hydrated(p, '[aria-label="Dashboard options"]');
      await p.getByRole("button", { name: "Dashboard options" }).click();
      const thisYear = localTime(TZ, Date.now()).day.slice(0, 4);
      await p.getByRole("link", { name: "Yearly sustainability report" }).click();
      await p.waitForURL(`${busy.url}/dashboard/${DOMAIN}/report?year=${thisYear}`);
      const notice = p.getByRole("alert");
      await notice.getByText("The stats are busy right now").waitFor();
      expect(await notice.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(`/dashboard/${DOMAIN}/report?year=${thisYear}`);
      expect(await p.getByRole("link", { name: "← Back to the dashboard" }).getAttribute("href")).toBe(`/dashboard/${DOMAIN}`);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
