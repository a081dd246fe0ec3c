// The inspector, in real Chromium, against the fixture site on loopback. Its byte
// totals must equal what the fixture servers wrote (favicon aside: Chromium fetches it itself).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { browserHost } from "../../../src/inspect/browser";
import { inspectPage, type Capture } from "../../../src/inspect/engine";
import { mappedResolver } from "../../../src/inspect/guard";
import { until } from "../../helpers/collect";
import { startFixtureSite, TRACKER_HOSTS, type FixtureSite } from "../../helpers/inspect-site";

const limits = { timeoutMs: 20_000, quietMs: 500, maxBytes: 50_000_000, maxRequests: 500 };
let site: FixtureSite;
const host = browserHost(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");
let capture: Capture;
let written: Record<string, number>;

const guardFor = (s: FixtureSite) => ({
  resolve: mappedResolver(new Map(s.env.INSPECT_HOST_MAP.split(",").map((p) => p.split("=") as [string, string]))),
  allow: s.env.INSPECT_ALLOW_HOSTS.split(","),
});

beforeAll(async () => {
  site = await startFixtureSite();
  capture = await inspectPage((await host.acquire()).browser, site.url("/"), guardFor(site), limits);
  written = await site.written();
});
afterAll(async () => {
  await host.close();
  await site.stop();
});

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("inspectPage on the fixture site", () => {
  test("total bytes equal the bytes the servers wrote, apart from the favicon", () => {
    const withoutFavicon = sum(Object.entries(written).filter(([k]) => !k.endsWith("/favicon.ico")).map(([, v]) => v));
    expect(capture.bytes).toBe(withoutFavicon);
    expect(capture.bytes).toBeGreaterThan(100_000);
  });

  test("every request's bytes match the server's count for it", () => {
    const mine: Record<string, number> = {};
    for (const f of Object.values(capture.files).flat()) {
      const u = new URL(f.url);
      mine[`${u.hostname}${u.pathname}`] = f.bytes;
    }
    const theirs = Object.fromEntries(Object.entries(written).filter(([k]) => !k.endsWith("/favicon.ico")));
    expect(mine).toEqual(theirs);
  });

  test("files are grouped by type with the right counts", () => {
    const counts = Object.fromEntries(Object.entries(capture.files).map(([g, f]) => [g, f.length]));
    // images: hero, logo, the 302 hop, its target, the tracker pixel; scripts: app + 2 trackers;
    // fonts: local + CDN; other: the fetch() JSON.
    expect(counts).toEqual({ images: 5, scripts: 3, html: 1, styles: 1, fonts: 2, videos: 1, other: 1 });
    expect(capture.filecount).toBe(14);
    expect(capture.files.videos[0]!.bytes).toBeGreaterThan(60_000);
    expect(capture.files.images.map((f) => new URL(f.url).pathname)).toContain("/img/redirect");
  });

  test("the blocked list names the tracker hosts, not the font CDN", () => {
    expect(Object.keys(capture.blocked).sort()).toEqual([...TRACKER_HOSTS].sort());
    expect(Object.values(capture.blocked)).toEqual([1, 1, 1]);
    expect(capture.blockedBytes).toBe(
      sum(TRACKER_HOSTS.map((h) => sum(Object.entries(written).filter(([k]) => k.startsWith(h)).map(([, v]) => v)))),
    );
  });

  test("cookies: first-party ones stored (header, JS, fetch) and third-party ones refused", () => {
    const stored = Object.values(capture.cookies).filter((c) => c.stored).map((c) => c.name).sort();
    expect(stored).toEqual(["api_seen", "session", "theme", "visited"]);
    expect(capture.cookies["session@127.0.0.1"]!.httpOnly).toBe(true);
    const refused = Object.values(capture.cookies).filter((c) => !c.stored);
    expect(refused.map((c) => c.domain).sort()).toEqual([...TRACKER_HOSTS].sort());
    expect(refused.every((c) => c.thirdParty && c.secure)).toBe(true);
  });

  test("title, screenshot and load-time bytes are captured", () => {
    expect(capture.title).toBe("Fixture Shop — Green Test Page");
    expect([...capture.screenshot!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]); // JPEG magic
    expect(capture.bytesInitial).toBeGreaterThan(0);
    expect(capture.bytesInitial).toBeLessThanOrEqual(capture.bytes);
    expect(capture.truncated).toBeNull();
    expect(capture.refused).toEqual([]);
  });

  test("the byte cap cuts the page off and says so", async () => {
    const capped = await inspectPage((await host.acquire()).browser, site.url("/heavy"), guardFor(site), { ...limits, maxBytes: 100_000 });
    expect(capped.truncated).toBe("bytes");
    expect(capped.bytes).toBeLessThanOrEqual(100_000);
  });

  test("a page that hangs its renderer after load still ends, with its bytes", async () => {
    const busy = await inspectPage((await host.acquire()).browser, site.url("/busy"), guardFor(site), { ...limits, timeoutMs: 6000 });
    expect(busy.filecount).toBe(1);
    expect(busy.bytes).toBe((await site.written())["127.0.0.1/busy"]!);
  });

  test("a browser is recycled after N jobs and closed once its last job releases it", async () => {
    const small = browserHost(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", 2);
    try {
      const a = await small.acquire();
      const b = await small.acquire(); // the second and last job of the first browser
      expect(b.browser).toBe(a.browser);
      const c = await small.acquire();
      expect(c.browser).not.toBe(a.browser);
      expect(small.launches()).toBe(2);
      const closed = new Promise<void>((resolve) => a.browser.once("disconnected", () => resolve()));
      a.release();
      expect(a.browser.isConnected()).toBe(true); // b still uses it
      b.release();
      await closed;
      expect(c.browser.isConnected()).toBe(true);
      c.release();
    } finally {
      await small.close();
    }
  });

  test("the request cap ends the wait and says so", async () => {
    const capped = await inspectPage((await host.acquire()).browser, site.url("/heavy"), guardFor(site), { ...limits, maxRequests: 10 });
    expect(capped.truncated).toBe("requests");
  });

  test("a browser closed under a job ends the job with an error, not a truncated result", async () => {
    const own = browserHost(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");
    const lease = await own.acquire();
    const job = inspectPage(lease.browser, site.url("/stalled"), guardFor(site), limits).then(
      () => "a capture",
      (err: Error) => err.message,
    );
    // NOTE: closed once the page has answered (its image never ends), so only the close can end it.
    await until("the stalled page to be served", async () => "127.0.0.1/stalled" in (await site.written()));
    // NOTE: time, not a condition: the engine taking in that answer shows nowhere outside it, and a
    // browser closed after it (not before) is the case under test.
    await Bun.sleep(500);
    await own.close();
    // NOTE: any error will do (the runner hands a job failing during shutdown back to the queue);
    // which one depends on whether the close or the navigation's failure reaches the engine first.
    expect(await job).not.toBe("a capture");
  });
});
