// The dashboard widgets in real Chromium at 1440 and 390 px: rendered on the server, hydrated
// without a mismatch (the map and the chart draw at a measured width), no console error, no
// horizontal overflow, no critical or serious axe-core violation, the map loaded only when scrolled
// to (in a placeholder of its box), the map tooltip, a day click on the chart, a failed tweet
// hidden, and screenshots under dist/screenshots/ to look at.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import axe from "axe-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { buildCss } from "../../src/web/css";
import { launchBrowser } from "../helpers/browser";
import { Gallery } from "../fixtures/widgets/Gallery";

const ROOT = join(import.meta.dir, "../..");
const SHOTS = join(ROOT, "dist/screenshots");

let server: ReturnType<typeof Bun.serve>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  const built = await Bun.build({
    entrypoints: [join(ROOT, "tests/fixtures/widgets/client.tsx")],
    target: "browser",
    minify: true,
    splitting: true,
    naming: { entry: "app.js", chunk: "[name]-[hash].js" },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!built.success) throw new Error(built.logs.join("\n"));
  const scripts = new Map<string, string>();
  for (const out of built.outputs) scripts.set("/" + out.path.replace(/^\.\//, ""), await out.text());
  const css = await buildCss(ROOT, true);
  // NOTE: streamed and awaited whole, as the pages are rendered.
  const stream = await renderToReadableStream(createElement(Gallery));
  await stream.allReady;
  const body = await new Response(stream).text();
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Widgets</title><style>${css}</style></head><body class="bg-gray-50 font-sans"><div id="root">${body}</div><script type="module" src="/app.js"></script></body></html>`;
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const u = new URL(req.url);
      const script = scripts.get(u.pathname);
      if (script) return new Response(script, { headers: { "content-type": "text/javascript" } });
      // The oEmbed proxy: post 1002 has no embed any more.
      if (u.pathname === "/api/get-tweet") {
        const url = u.searchParams.get("url")!;
        if (url.endsWith("/1002")) return Response.json({ html: null, url, error: "gone" });
        const text = "Switched our docs to Bothy: no cookie banner, and the carbon figures nudged us to shrink our hero images.";
        return Response.json({ html: `<blockquote class="twitter-tweet"><p lang="en">${text}</p>&mdash; A reader <a href="${url}">20 November 2026</a></blockquote><script async src="https://platform.example/widgets.js"></script>`, url, error: null });
      }
      // The Energy & Carbon section's carbon.txt line: a home page never inspected.
      if (u.pathname === "/api/carbon-txt") return Response.json({ url: u.searchParams.get("url"), checkedAt: null, carbonTxt: null });
      return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
    },
  });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
});

async function open(width: number): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  const requested: string[] = [];
  page.on("request", (r) => void requested.push(new URL(r.url()).pathname));
  await page.goto(`http://127.0.0.1:${server.port}/`);
  await page.waitForFunction(() => (window as unknown as { __hydrated?: boolean }).__hydrated === true);
  // The map, below the fold, waits in a placeholder of its own box without fetching its code;
  // scrolled to, it draws in that same box.
  const placeholder = page.locator('[data-testid="world-map-placeholder"][data-map="off-screen"]');
  await placeholder.waitFor({ state: "attached" });
  expect(await placeholder.textContent()).toBe("Loading the map…");
  expect(requested.filter((s) => s.startsWith("/WorldMap-"))).toEqual([]);
  const waiting = (await placeholder.boundingBox())!;
  await placeholder.scrollIntoViewIfNeeded();
  // The measured drawings and the tweet loads land after hydration.
  await page.locator('[data-testid="world-map"] svg').waitFor();
  expect(requested.filter((s) => s.startsWith("/WorldMap-"))).toHaveLength(1);
  const drawn = (await page.getByTestId("world-map").boundingBox())!;
  expect([Math.round(drawn.width), Math.round(drawn.height)]).toEqual([Math.round(waiting.width), Math.round(waiting.height)]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => !document.body.textContent?.includes("One moment..."));
  return { page, problems };
}

for (const width of [1440, 390]) {
  describe(`widgets at ${width} px`, () => {
    test("hydrate cleanly, fit the width, pass axe, and look right", async () => {
      const { page, problems } = await open(width);
      expect(await page.evaluate(() => (window as unknown as { __recoverable: string[] }).__recoverable)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      // The map fills its box at this width, and the chart its own.
      const map = (await page.locator('[data-testid="world-map"]').boundingBox())!;
      const svg = (await page.locator('[data-testid="world-map"] svg').boundingBox())!;
      expect(Math.abs(svg.width - map.width)).toBeLessThan(2);
      // (victory adds a second svg per chart for its tooltip portal: count the charts drawn)
      expect(await page.locator('[data-testid="time-chart"]:has(svg)').count()).toBe(2);
      // Five posts loaded, the failed one gone.
      expect(await page.locator('[data-testid="tweet"]').count()).toBe(5);
      await page.evaluate(axe.source);
      const violations = await page.evaluate(async () => {
        const r = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 3) }));
      });
      expect(violations.filter((v) => v.impact === "critical" || v.impact === "serious")).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `widgets-${width}.png`), fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    });
  });
}

describe("widget interactions in Chromium", () => {
  test("the map tooltip names the country and its visits; a day column picks its day", async () => {
    const { page, problems } = await open(1440);
    const map = page.locator('[data-testid="world-map"] svg');
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    // The middle of the contiguous United States in the library's Mercator drawing.
    await page.mouse.move(box.x + box.width * 0.22, box.y + box.height * 0.52);
    await page.mouse.move(box.x + box.width * 0.225, box.y + box.height * 0.525);
    const tip = await page.locator('[data-testid="world-map"] text[visibility="visible"]').first().textContent();
    expect(tip).toMatch(/^United States: [\d,]+ visits$/);

    const chart = page.locator('[data-testid="time-chart"]').first();
    await chart.scrollIntoViewIfNeeded();
    const c = (await chart.boundingBox())!;
    await page.mouse.move(c.x + c.width * 0.5, c.y + c.height * 0.6);
    await page.mouse.click(c.x + c.width * 0.5, c.y + c.height * 0.6);
    expect(await page.getByTestId("picked-day").textContent()).toMatch(/^2026-11-\d\d$/);
    // The tooltip is drawn in the chart's svg; the screen-reader table holds every day.
    expect((await chart.locator("svg").allTextContents()).join(" ")).toMatch(/\w{3}, \d{1,2} Nov 2026[\s\S]*page views/);
    expect(await chart.locator("table tbody tr").count()).toBe(30);
    expect(problems).toEqual([]);
    await page.close();
  });
});
