// The Bots & crawlers section in real Chromium against a real server process: the owner's Pro key
// sends access log lines of three crawlers and a person, and the dashboard's section shows each
// crawler with its operator and purpose, and totals equal to the crawlers' lines' bytes; it stays
// within the page at 1440 and 390 px, light and dark, with nothing cut off.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { formatNumber } from "../../src/shared/numbers";
import { formatBytes } from "../../src/shared/units";
import { launchBrowser } from "../helpers/browser";
import { consoleWatch, dashboardLoaded, fakeOembed, prepareSites, signIn, type Owner } from "../helpers/dashboard";
import { freshDatabase } from "../helpers/db";
import { sidewaysProblems } from "../helpers/layout";
import { removedAfterAll } from "../helpers/scratch";
import { spawnServer, stopChild, type Child } from "../helpers/server";

const OWNER: Owner = { email: "ada@example.com", name: "Ada Lovelace", password: "a sturdy passphrase", scope: ["pro"] };
const DOMAIN = "crawled.example";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A log stamp `hours` before now, in UTC: `28/Nov/2026:10:00:00 +0000`. */
function stamp(hours: number): string {
  const d = new Date(Date.now() - hours * 3_600_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}
const line = (hours: number, bytes: number, ua: string) => `192.0.2.8 - - [${stamp(hours)}] "GET /post HTTP/1.1" 200 ${bytes} "-" "${ua}"`;
const LINES = [
  line(30, 120_000, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"),
  line(29, 80_000, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"),
  line(28, 64_000, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
  line(27, 9_000, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)"),
  line(26, 70_000, "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"),
];
const CRAWLER_BYTES = 120_000 + 80_000 + 64_000 + 9_000;

const { problems, watch } = consoleWatch();
// NOTE: the synthetic traffic's referrers include social posts, which the dashboard embeds.
const oembed = fakeOembed();
let server: Child;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const scratch = removedAfterAll();

beforeAll(async () => {
  const db = scratch(await freshDatabase());
  await prepareSites(db.env, OWNER, [{ name: DOMAIN, tz: "UTC", ageDays: 30, views: 40, days: 5 }]);
  server = await spawnServer("src/server.ts", { ...db.env, OEMBED_API_BASE: oembed.base }, { timeoutMs: 90_000 });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await stopChild(server);
  oembed.stop();
});

test("the owner's log lines show as the section's crawlers, with the lines' bytes, within the page at 1440 and 390 px, light and dark", async () => {
  const p = await watch(browser.context);
  const dashboard = `/dashboard/${DOMAIN}?range=7d`;
  await signIn(p, server.url, OWNER, dashboard);
  const key = await p.evaluate(async () => {
    const res = await fetch("/api/api-keys", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "logs" }) });
    return ((await res.json()) as { apiKey: { key: string } }).apiKey.key;
  });
  const sent = await fetch(`${server.url}/api/ingest/log?domain=${DOMAIN}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "text/plain" }, body: LINES.join("\n") });
  expect(await sent.json()).toMatchObject({ lines: 5, crawlers: { requests: 4, bytes: CRAWLER_BYTES }, people: 1, faults: 0 });

  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [1440, 390]) {
      await p.emulateMedia({ colorScheme });
      await p.setViewportSize({ width, height: 900 });
      await p.goto(`${server.url}${dashboard}`);
      await dashboardLoaded(p);
      const section = p.locator('[data-section="crawlers"]');
      await section.locator('[data-crawler="GPTBot"]').waitFor();
      expect(await section.locator("[data-crawler]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-crawler")))).toEqual(["GPTBot", "Googlebot", "Perplexity-User"]);
      expect(await section.locator('[data-crawler="GPTBot"]').textContent()).toContain("OpenAI · AI training");
      expect(await section.locator('[data-total="requests"]').textContent()).toBe(formatNumber(4));
      expect(await section.locator('[data-total="bytes"]').textContent()).toBe(formatBytes(CRAWLER_BYTES));
      await section.scrollIntoViewIfNeeded();
      const layout = await sidewaysProblems(p, '[data-section="crawlers"]');
      expect({ colorScheme, width, ...layout }).toEqual({ colorScheme, width, wide: width, clipped: [] });
      if (process.env.SHOTS) await section.screenshot({ path: `${process.env.SHOTS}/crawlers-${width}-${colorScheme}.png` });
    }
  }
  expect(problems).toEqual([]);
  await p.close();
}, 180_000);
