// The inspect page in Chromium shows a stored result's carbon.txt claims under the green verdict:
// the disclosure as a nofollow link, the upstream provider, at 1440 and 390 px, light and dark, the
// line never wider than a phone. The result is stored directly: no site is inspected, nothing leaves loopback.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser";
import { startTestServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const URL_ = "https://claims.example/";
const FILES = { images: [], scripts: [], html: [], styles: [], fonts: [], videos: [], other: [] };

beforeAll(async () => {
  server = await startTestServer({ env: { INSPECT_CONCURRENCY: "0" } });
  const detail = {
    title: "Claims", finalUrl: URL_, green: "Hoster", rating: "A", kwh: 0.0001, blocked: {}, blockedBytes: 0, cookies: {},
    files: FILES, refused: [], truncated: null,
    carbonTxt: {
      status: "found", url: `${URL_}carbon.txt`, version: "0.4",
      disclosures: [{ docType: "web-page", url: "https://claims.example/sustainability-report-with-a-long-name", domain: "claims.example", validUntil: "2027-06-30" }],
      services: [{ domain: "a-rather-long-hosting-provider-name.example", serviceType: "shared-hosting" }],
    },
  };
  await server.db.sql`
    INSERT INTO inspections (url, status, requested_at, started_at, finished_at, bytes, bytes_initial, filecount, co2, detail)
    VALUES (${URL_}, 'done', now(), now(), now(), 1000, 500, 1, 0.01, ${server.db.sql.json(detail)})`;
  browser = await launchBrowser();
  page = await browser.context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

for (const [width, scheme] of [[1440, "light"], [390, "dark"], [390, "light"], [1440, "dark"]] as const) {
  test(`${width} px, ${scheme}: the claims are shown beside the verdict and fit`, async () => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}/how-green-is-your-website?url=${encodeURIComponent(URL_)}`);
    const box = page.getByTestId("carbon-txt");
    await box.waitFor();
    expect(await box.textContent()).toContain("carbon.txt: found — 1 disclosure, 1 upstream provider");
    const link = page.getByRole("link", { name: "web-page" });
    expect(await link.getAttribute("rel")).toBe("nofollow noopener noreferrer");
    expect(await page.getByTestId("carbon-txt-services").textContent()).toContain("a-rather-long-hosting-provider-name.example (shared-hosting)");
    const at = (await box.boundingBox())!;
    expect(at.x + at.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
