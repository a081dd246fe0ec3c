// The inspect page ("/how-green-is-your-website") in real Chromium against the real server, whose
// inspector (its own Chromium) reaches the loopback fixture site and this server itself through
// INSPECT_ALLOW_HOSTS: polling until the result, the 15-minute cache (counted in the database),
// "Check again", history charts, leaving the view stops polling, the private and generic errors,
// axe, no console errors, and Bothy's own home page being cleaner than ≥ 90% of websites.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import axe from "axe-core";
import type { Page, Response as PwResponse } from "playwright-core";
import { PRIVATE_MARKER } from "../../src/shared/inspect-url";
import { launchBrowser } from "../helpers/browser";
import { startFixtureSite, TRACKER_HOSTS, type FixtureSite } from "../helpers/inspect-site";
import { axisAndGridTops, textsOutsideChart, urlsBrokenMidWord } from "../helpers/layout";
import { startTestServer } from "../helpers/server";

let site: FixtureSite;
let gwf: ReturnType<typeof Bun.serve>;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const problems: string[] = [];
/** Set while a test asks for a screenshot that is gone on purpose: Chromium logs that 404. */
let expect404 = false;

beforeAll(async () => {
  site = await startFixtureSite();
  // The Green Web Foundation's v3 protocol, locally: no host is known to be green here.
  gwf = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (r) => Response.json({ url: new URL(r.url).pathname.split("/").pop(), green: false }) });
  server = await startTestServer({ env: { ...site.env, INSPECT_QUIET_MS: "300", GREENCHECK_API_BASE: `http://127.0.0.1:${gwf.port}` } });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error" && !(expect404 && m.text().includes("404"))) problems.push(`console: ${m.text()} at ${m.location().url}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  gwf?.stop(true);
  await site?.stop();
});

const inspectUrl = (url: string) => `${server.url}/how-green-is-your-website?url=${encodeURIComponent(url)}`;
const isCheck = (r: { url(): string }) => new URL(r.url()).pathname === "/api/check-analysis";
const runs = async (url: string) =>
  (await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM inspections WHERE url = ${url}`)[0]!.n;

/** Every check-analysis answer the page receives while `during` runs. */
async function answers(p: Page, during: () => Promise<void>) {
  const seen: Promise<{ url: URL; body: Record<string, unknown> }>[] = [];
  const onResponse = (r: PwResponse) => {
    if (isCheck(r)) seen.push(r.json().then((body) => ({ url: new URL(r.url()), body })));
  };
  p.on("response", onResponse);
  try {
    await during();
  } finally {
    p.off("response", onResponse);
  }
  return Promise.all(seen);
}

const heading = (name: string) => page.getByRole("heading", { level: 2, name });

async function axeViolations(p: Page) {
  await p.evaluate(axe.source);
  const violations = await p.evaluate(async () => {
    const r = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 3) }));
  });
  return violations.filter((v) => v.impact === "critical" || v.impact === "serious");
}

describe("the inspect page in Chromium", () => {
  const url = () => site.url("/");

  test("the page renders its form empty, and axe finds nothing serious", async () => {
    const res = await page.goto(`${server.url}/how-green-is-your-website`);
    expect(res?.status()).toBe(200);
    expect(await page.title()).toBe("How green is your website? · Bothy");
    await page.getByRole("heading", { level: 1, name: "How green is your website?" }).waitFor();
    expect(await page.getByLabel("Address of the page to inspect").inputValue()).toBe("");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("?url= prefills the form, shows the loading bar and polls until the result shows", async () => {
    const seen = await answers(page, async () => {
      await page.goto(inspectUrl(url()));
      await page.getByText(`One moment while we inspect ${url()}...`).waitFor();
      await page.getByRole("progressbar", { name: "Inspecting the page" }).waitFor();
      await heading("Fixture Shop — Green Test Page").waitFor();
    });
    expect(await page.getByLabel("Address of the page to inspect").inputValue()).toBe(url());
    // The first answer queued the run; the page asked again until the result came.
    expect(seen[0]!.body).toEqual({ action: "check_again" });
    expect(seen.at(-1)!.body.result).toBeDefined();
    expect(seen.every((s) => s.url.searchParams.get("check") === "false")).toBe(true);
    expect(await runs(url())).toBe(1);

    await page.getByText("Last checked: Just now").waitFor();
    const percentile = page.getByTestId("inspect-percentile");
    const text = (await percentile.textContent())!;
    const p = (seen.at(-1)!.body.averages as { percentile: number }).percentile;
    const rating = (seen.at(-1)!.body.result as { detail: { rating: string } }).detail.rating;
    expect(rating).toMatch(/^(A\+|[A-F])$/);
    expect(text).toBe(`Rated ${rating}: ${p < 50 ? `cleaner than ${Math.min(99, Math.floor(100 - p))}` : `dirtier than ${Math.min(99, Math.floor(p))}`}% of websites`);
    expect(await percentile.getAttribute("class")).toContain(p > 66 ? "m2" : p > 33 ? "m1" : "m0");

    const figure = (label: string) => page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) }).locator("dd").first();
    const result = seen.at(-1)!.body.result as { filecount: number; detail: { cookies: object; blocked: Record<string, number> } };
    expect(await figure("Requests").textContent()).toBe(String(result.filecount));
    expect(await figure("Green energy").textContent()).toBe("Not known");
    expect(await figure("Emissions per visit").textContent()).toMatch(/^[\d.]+ (g|kg) CO2$/);
    expect(await figure("Total size").textContent()).toMatch(/^[\d.]+ (kB|MB)$/);
    expect(Number(await figure("Blocked requests").textContent())).toBe(Object.values(result.detail.blocked).reduce((a, b) => a + b, 0));
    expect(Number(await figure("Cookies set").textContent())).toBe(Object.keys(result.detail.cookies).length);

    const blocked = (await page.getByTestId("blocked-list").textContent())!;
    for (const host of TRACKER_HOSTS) expect(blocked).toContain(host);
    const groups = await page.locator("details[data-group] summary").allTextContents();
    expect(groups.map((g) => g.replace(/\d.*$/, ""))).toEqual(["Images", "Scripts", "HTML", "Styles", "Fonts", "Videos", "Other"]);
    await page.locator('details[data-group="images"] summary').click();
    await page.locator('details[data-group="images"]').getByText("/img/hero.png").waitFor();

    await page.getByRole("img", { name: "Screenshot of Fixture Shop — Green Test Page" }).waitFor();
    expect(await page.getByRole("img", { name: /^Screenshot of/ }).getAttribute("src")).toStartWith("data:image/jpeg;base64,");
    await page.getByText("No historic data").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a second visit within 15 minutes is served from the stored result, with no new run", async () => {
    const before = await runs(url());
    const seen = await answers(page, async () => {
      await page.goto(inspectUrl(url()));
      await heading("Fixture Shop — Green Test Page").waitFor();
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body.result).toBeDefined();
    expect(await runs(url())).toBe(before);
  });

  test("a result older than 15 minutes shows its date and 'Check again', which runs again; two runs draw the charts", async () => {
    // NOTE: the run is aged in the database rather than by waiting 15 minutes.
    await server.db.sql`UPDATE inspections SET finished_at = finished_at - interval '20 minutes' WHERE url = ${url()}`;
    await page.goto(inspectUrl(url()));
    const notice = page.getByTestId("inspect-cached");
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Cached result from \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\. Check again$/);
    expect(await runs(url())).toBe(1);

    const seen = await answers(page, async () => {
      await page.getByRole("button", { name: "Check again" }).click();
      await page.getByText("Last checked: Just now").waitFor();
    });
    expect(seen[0]!.url.searchParams.get("check")).toBe("true");
    expect(await runs(url())).toBe(2);
    for (const id of ["chart-energy", "chart-size"]) await page.getByTestId(id).locator("svg").first().waitFor();
    // Two runs, two points per chart (VictoryScatter draws one path per point).
    const points = await page.getByTestId("chart-size").evaluate((fig) => [...fig.querySelectorAll("path")].filter((p) => /a/i.test(p.getAttribute("d") ?? "")).length);
    expect(points).toBe(2);
    // Each energy point is labelled with its run's letter; the size chart has none.
    const history = (seen.at(-1)!.body.history as { rating: string }[]).map((h) => h.rating);
    expect(history).toHaveLength(2);
    const letters = async (id: string) => (await page.getByTestId(id).locator("svg text").allTextContents()).filter((t) => /^(A\+|[A-F])$/.test(t));
    expect(await letters("chart-energy")).toEqual(history);
    expect(await letters("chart-size")).toEqual([]);
    expect(await page.getByText("No historic data").count()).toBe(0);
    expect(await page.getByRole("img", { name: "Energy per visit" }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("at 1050 px and on a phone the result fits the window", async () => {
    for (const width of [1050, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await heading("Fixture Shop — Green Test Page").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("at 1440 px and on a phone the charts draw inside their box, 'What to fix' wraps its URLs between parts, and the two CO2 figures are explained", async () => {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await heading("Fixture Shop — Green Test Page").waitFor();
      for (const id of ["chart-energy", "chart-size"]) {
        // Every label of each chart lies inside the chart's drawing (no rating letter or tick cut off).
        expect({ width, id, outside: await textsOutsideChart(page.getByTestId(id)) }).toEqual({ width, id, outside: [] });
        // The value axis ends at its top tick, whose grid line is the plot's top: nothing looks cut off above it.
        const { axisTop, gridTop } = await axisAndGridTops(page.getByTestId(id));
        expect({ width, id, ends: Math.abs(axisTop - gridTop) }).toEqual({ width, id, ends: 0 });
      }
      // A URL breaks across lines only after a separator, never inside a word.
      const badBreaks = await urlsBrokenMidWord(page.getByTestId("fix-list"));
      expect({ width, badBreaks }).toEqual({ width, badBreaks: [] });
      // Each fix's words and URL have at least 60% of its row: the size figure does not squeeze them.
      const squeezed = await page.getByTestId("fix-list").evaluate((list) =>
        [...list.querySelectorAll("li")].filter((li) => li.querySelector("[data-url]")!.parentElement!.getBoundingClientRect().width < 0.6 * li.clientWidth).length,
      );
      expect({ width, squeezed }).toEqual({ width, squeezed: 0 });
    }
    // The SWD and Ecoindex grams stand beside a word on why they differ.
    const why = page.getByTestId("co2-models");
    expect(await why.isVisible()).toBe(true);
    expect(await why.textContent()).toContain("Sustainable Web Design");
    expect(await why.textContent()).toContain("Ecoindex");
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("a missing screenshot shows the 'unavailable' picture", async () => {
    // NOTE: after the tests above, which need the screenshot; no later test opens this URL.
    await server.db.sql`DELETE FROM inspection_screenshots WHERE url = ${url()}`;
    expect404 = true;
    try {
      const shot = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/get-screenshot");
      const logged = page.waitForEvent("console", (m) => m.text().includes("404"));
      await page.goto(inspectUrl(url()));
      expect((await shot).status()).toBe(404);
      await page.getByRole("img", { name: "Screenshot unavailable" }).waitFor();
      await logged;
    } finally {
      expect404 = false;
    }
  });

  test("a private URL is refused in the page, without a request and without a retry link", async () => {
    const requests: string[] = [];
    const count = (r: { url(): string }) => isCheck(r) && requests.push(r.url());
    page.on("request", count);
    try {
      await page.goto(inspectUrl(`https://example.com/${PRIVATE_MARKER}/secret`));
      const alert = page.getByRole("alert");
      await alert.getByText("This page is private and cannot be inspected").waitFor();
      expect(await alert.getByRole("button").count()).toBe(0);
      // Typed into the form, it is refused the same way.
      await page.goto(`${server.url}/how-green-is-your-website`);
      await page.getByLabel("Address of the page to inspect").fill(`example.com/${PRIVATE_MARKER}`);
      await page.getByRole("button", { name: "Inspect" }).click();
      await alert.getByText("This page is private and cannot be inspected").waitFor();
      expect(requests).toEqual([]);
    } finally {
      page.off("request", count);
    }
    // The server refuses it too.
    const res = await fetch(`${server.url}/api/check-analysis?url=${encodeURIComponent(`https://example.com/${PRIVATE_MARKER}`)}`);
    expect(((await res.json()) as { result: { errorType: string } }).result.errorType).toBe("private");
  });

  test("an unreachable page shows 'Error connecting to website', the hint and 'Try again', which forces a new check", async () => {
    const dead = "http://127.0.0.1:1/"; // allowlisted host, closed port: the browser's connection is refused
    await page.goto(inspectUrl(dead));
    const alert = page.getByRole("alert");
    await alert.getByRole("heading", { name: "Error connecting to website" }).waitFor();
    await alert.getByText("Please check that page correctly resolves").waitFor();
    const again = page.waitForResponse(isCheck);
    await alert.getByRole("button", { name: "Try again" }).click();
    expect(new URL((await again).url()).searchParams.get("check")).toBe("true");
    await alert.getByRole("heading", { name: "Error connecting to website" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("Bothy's own home page, inspected by Bothy, is cleaner than at least 90% of websites", async () => {
    const home = `${server.url}/`;
    const seen = await answers(page, async () => {
      await page.goto(inspectUrl(home));
      await page.getByTestId("inspect-percentile").waitFor();
    });
    const { result, averages } = seen.at(-1)!.body as { result: { bytes: number; filecount: number; detail: { rating: string } }; averages: { percentile: number } };
    const percentile = page.getByTestId("inspect-percentile");
    const figure = Number(await percentile.getAttribute("data-figure"));
    console.log(`home page: ${result.bytes} bytes in ${result.filecount} requests, percentile ${averages.percentile}: ${await percentile.textContent()}`);
    expect(await percentile.textContent()).toBe(`Rated ${result.detail.rating}: cleaner than ${figure}% of websites`);
    expect(figure).toBeGreaterThanOrEqual(90);
    expect(await percentile.getAttribute("class")).toContain("m0");
  });

  test("leaving the view stops the polling", async () => {
    const own = await browser.context.newPage();
    try {
      // A paused fake clock: the page's timers (the 1 s poll) only fire when the test moves time on.
      // TRICKY: Playwright's clock belongs to the browser context, so every page opened after this
      // one has it too: this test runs last.
      await own.clock.install({ time: 0 });
      await own.clock.pauseAt(1000);
      const requests: URL[] = [];
      own.on("request", (r) => isCheck(r) && requests.push(new URL(r.url())));
      const first = own.waitForResponse(isCheck);
      await own.goto(inspectUrl(site.url("/heavy")));
      expect(await (await first).json()).toEqual({ action: "check_again" });
      // Not before a second has passed on the page's clock...
      await own.clock.runFor(999);
      await own.evaluate(() => fetch("/healthz").then((r) => r.ok));
      expect(requests).toHaveLength(1);
      // ...then time moves on in steps until the page polls again (the run takes seconds of real time).
      for (let i = 0; i < 40 && requests.length < 2; i++) {
        await own.clock.runFor(250);
        await own.evaluate(() => fetch("/healthz").then((r) => r.ok));
      }
      expect(requests.length).toBeGreaterThanOrEqual(2);
      await own.getByRole("banner").getByRole("link", { name: "Bothy" }).click();
      await own.waitForURL(`${server.url}/`);
      const left = requests.length;
      await own.clock.runFor(10_000);
      await own.evaluate(() => fetch("/healthz").then((r) => r.ok)); // NOTE: any poll fired above went out before this
      expect(requests.length).toBe(left);
    } finally {
      await own.close();
    }
  });

  test("no console error or uncaught exception appeared", () => {
    expect(problems).toEqual([]);
  });
});
