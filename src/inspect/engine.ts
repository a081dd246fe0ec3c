// One inspection in a real browser: a fresh context behind the job's guarded proxy, navigate,
// wait for load plus a quiet network window (hard-capped), then read the exact bytes of every
// request from Playwright's request.sizes() (the favicon, which Playwright hides, from the page's
// DevTools session), the DOM size, the title, a viewport JPEG and the cookies.
import type { Browser, Request } from "playwright-core";
import { classifyTracker, fileGroup, FILE_GROUPS, parseSetCookie, siteOf, type FileGroup } from "./classify";
import type { GuardOptions } from "./guard";
import { log } from "../log";
import { BrowserGone, firstLine, TookTooLong } from "./failure";
import type { DisplayedImage, Observed } from "./fixes";
import { addUnreported, MAX_URL, type Capture, type CookieEntry, type Counted, type FileEntry } from "./capture";
import { thumbnail, VIEWPORT, watchPage } from "./devtools";
import { startJobProxy } from "./proxy";
import { stepClock, type StepClock } from "./steps";

export type EngineLimits = {
  /** Whole job, navigation included. */
  timeoutMs: number;
  /** No request in flight for this long = the page is done. */
  quietMs: number;
  maxBytes: number;
  maxRequests: number;
  /**
   * How long each read of the settled page (title, DOM size, images, cookies) may take; 2 s when
   * unset. A page stuck in a busy loop answers none of them.
   */
  readMs?: number;
};

type InspectErrorType = "generic_error" | "forbidden";
export class InspectError extends Error {
  constructor(readonly type: InspectErrorType, message: string) {
    super(message);
    this.name = "InspectError";
  }
}

/** p's value, or `fallback` if it fails or takes longer than ms. */
function within<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p.catch(() => fallback),
    new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms))),
  ]).finally(() => clearTimeout(timer));
}

function isMainDocument(r: Request): boolean {
  try {
    return r.isNavigationRequest() && r.frame().parentFrame() === null;
  } catch {
    return false; // service-worker requests have no frame
  }
}
const INITIAL_TYPES = new Set(["document", "stylesheet", "script", "font"]);
const DOM_SIZE = `document.getElementsByTagName("*").length - document.querySelectorAll("svg *").length`;
// NOTE: each image's largest drawn box by its URL; hidden and not-yet-loaded (lazy) images are left out.
const IMAGE_SIZES = `(() => {
  const out = {};
  for (const img of document.images) {
    const url = img.currentSrc || img.src;
    const box = img.getBoundingClientRect();
    if (!url || url.startsWith("data:") || !img.naturalWidth || box.width < 1 || box.height < 1) continue;
    const seen = out[url];
    if (!seen || box.width * box.height > seen.width * seen.height) {
      out[url] = { width: Math.round(box.width), height: Math.round(box.height), naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight };
    }
  }
  return out;
})()`;

// TRICKY: WebRTC sends its UDP (STUN, TURN, ICE checks) from the browser itself, past the job's
// proxy and so past the guard. Pages get no WebRTC at all: every RTC interface is gone before the
// first script of any frame runs, as in a browser with WebRTC turned off by policy or extension.
const NO_WEBRTC = `for (const name of Object.getOwnPropertyNames(globalThis)) if (/^(webkit)?RTC/.test(name)) delete globalThis[name];`;

export async function inspectPage(
  browser: Browser, url: string, guard: GuardOptions, limits: EngineLimits, clock: StepClock = stepClock(),
): Promise<Capture> {
  const started = performance.now();
  const deadline = started + limits.timeoutMs;
  const proxy = await startJobProxy({ ...guard, maxBytes: limits.maxBytes });
  clock.mark("proxy");
  const context = await browser.newContext({
    viewport: VIEWPORT,
    // NOTE: a first visit installs the page's service worker, and what it pre-caches is downloaded
    // then. Its requests go through the same proxy and show in the context's events (answers it
    // serves from its cache are skipped below: their bytes were counted when it fetched them).
    serviceWorkers: "allow",
    // NOTE: we measure weight, not certificate hygiene: a visitor clicking through still downloads it.
    ignoreHTTPSErrors: true,
    proxy: { server: `http://127.0.0.1:${proxy.port}` },
  }).catch(async (err: unknown) => {
    await proxy.close();
    throw err;
  });
  await context.addInitScript(NO_WEBRTC).catch(async (err: unknown) => {
    await context.close().catch(() => {});
    await proxy.close();
    throw err;
  });
  clock.mark("context");
  // TRICKY: when the browser closes under a job (shutdown, crash) or the page's renderer crashes,
  // the navigation fails but the page may have answered already; without this the job would wait
  // out its deadline and store a truncated capture as if it were real.
  let gone: BrowserGone["why"] | null = null;
  context.on("close", () => (gone ??= "closed"));
  const assertOpen = () => {
    if (gone) throw new BrowserGone(gone);
  };
  const files = Object.fromEntries(FILE_GROUPS.map((g) => [g, [] as FileEntry[]])) as Record<FileGroup, FileEntry[]>;
  const blocked: Record<string, number> = {};
  const observed: Observed[] = [];
  const attempts: { header: string; host: string }[] = [];
  const pending = new Set<Request>();
  const work: Promise<void>[] = [];
  let bytes = 0;
  let bytesInitial = 0;
  let filecount = 0;
  let failed = 0;
  /** Bytes and files counted per URL, to compare with what the proxy sent back. */
  const counted: Counted = new Map();
  const count = (requestUrl: string, size: number) => {
    const c = counted.get(requestUrl) ?? { bytes: 0, files: 0 };
    counted.set(requestUrl, { bytes: c.bytes + size, files: c.files + 1 });
  };
  let blockedBytes = 0;
  let requests = 0;
  let lastActivity = performance.now();
  let mainResponded = false;

  context.on("request", (r) => {
    lastActivity = performance.now();
    if (r.url().startsWith("data:")) return;
    requests++;
    pending.add(r);
  });
  context.on("requestfailed", (r) => {
    if (pending.delete(r) && !r.url().startsWith("blob:")) failed++;
    lastActivity = performance.now();
  });
  context.on("requestfinished", (r) => {
    work.push(
      (async () => {
        const requestUrl = r.url();
        if (/^(data|blob):/.test(requestUrl)) return;
        const response = await r.response();
        if (response?.fromServiceWorker()) return;
        // NOTE: header + body bytes as received; on h2/h3 the split is meaningless but the sum is right.
        const sizes = await r.sizes().catch(() => null);
        if (!sizes) return;
        const size = sizes.responseHeadersSize + sizes.responseBodySize;
        const status = response?.status() ?? 0;
        // NOTE: a redirect hop is not an answer: its target may still be refused.
        if (isMainDocument(r) && (status < 300 || status >= 400)) mainResponded = true;
        bytes += size;
        count(requestUrl, size);
        if (INITIAL_TYPES.has(r.resourceType())) bytesInitial += size;
        filecount++;
        const host = new URL(requestUrl).hostname;
        const headers = (await response?.allHeaders()) ?? {};
        observed.push({
          url: requestUrl.slice(0, MAX_URL), bytes: size, resourceType: r.resourceType(), contentType: headers["content-type"] ?? "",
          encoding: headers["content-encoding"] ?? "", cacheControl: headers["cache-control"] ?? "",
        });
        files[fileGroup(r.resourceType(), headers["content-type"])].push({
          url: requestUrl.slice(0, MAX_URL),
          bytes: size,
        });
        const tracker = classifyTracker(requestUrl, url);
        if (tracker) {
          blocked[tracker.host] = (blocked[tracker.host] ?? 0) + 1;
          blockedBytes += size;
        }
        for (const h of (await response?.headersArray()) ?? []) {
          if (h.name.toLowerCase() === "set-cookie") for (const line of h.value.split("\n")) attempts.push({ header: line, host });
        }
      })()
        .catch(() => {})
        .finally(() => {
          pending.delete(r);
          lastActivity = performance.now();
        }),
    );
  });

  try {
    const page = await context.newPage();
    page.on("crash", () => {
      gone ??= "crashed";
      log.warn("inspected page crashed its renderer", { host: new URL(url).hostname });
    });
    const watch = await watchPage(context, page, () => (lastActivity = performance.now()));
    clock.mark("page");
    let navError: unknown = null;
    await page.goto(url, { waitUntil: "load", timeout: Math.max(1, deadline - performance.now()) }).catch((e) => (navError = e));
    await Promise.allSettled(work);
    clock.mark("load");
    assertOpen();
    if (navError && !mainResponded) {
      const refusal = proxy.refused[0];
      if (refusal) throw new InspectError("forbidden", refusal.message);
      if (navError instanceof Error && navError.name === "TimeoutError") throw new TookTooLong("the page did not load before the deadline");
      throw new InspectError("generic_error", firstLine(navError));
    }

    let truncated: Capture["truncated"] = null;
    // The quiet window: nothing in flight for quietMs. Autoplay video or long-polling never go
    // quiet, so the job deadline ends the wait.
    for (;;) {
      assertOpen();
      const now = performance.now();
      if (proxy.capped()) truncated = "bytes";
      else if (requests > limits.maxRequests) truncated = "requests";
      else if (now >= deadline - 1000) truncated = "time"; // keep a second for screenshot and cookies
      const idle = pending.size === 0 && watch.pending() === 0;
      if (truncated || (idle && now - lastActivity >= limits.quietMs)) break;
      // NOTE: when nothing is in flight, wake when the window would end rather than up to 50 ms after.
      await Bun.sleep(idle ? Math.min(50, Math.max(1, limits.quietMs - (now - lastActivity))) : 50);
    }
    clock.mark("quiet");

    // TRICKY: a page stuck in a busy loop never answers title() or a screenshot; bound each step
    // so the finally below always closes the context (which also ends what is still pending).
    const readMs = limits.readMs ?? 2000;
    const title = await within(page.title(), readMs, "");
    const domSize = await within(page.evaluate<number>(DOM_SIZE), readMs, 0);
    const images = await within(page.evaluate<Record<string, DisplayedImage>>(IMAGE_SIZES), readMs, {});
    clock.mark("read");
    const screenshot = await within(thumbnail(context, page), 5000, null);
    clock.mark("screenshot");
    const stored = await within(context.cookies(), readMs, []);
    await within(Promise.allSettled(work), 2000, []);
    clock.mark("cookies");
    assertOpen();

    const extra = addUnreported(files, counted, watch.favicons, proxy.exchanges());
    bytes += extra.bytes;
    filecount += extra.files;
    const pageSite = siteOf(new URL(page.url() || url).hostname);
    const cookies: Record<string, CookieEntry> = {};
    for (const c of stored) {
      const domain = c.domain.replace(/^\./, "");
      cookies[`${c.name}@${domain}`] = {
        name: c.name, domain, path: c.path, stored: true, thirdParty: siteOf(domain) !== pageSite,
        secure: c.secure, httpOnly: c.httpOnly,
      };
    }
    for (const a of attempts) {
      const parsed = parseSetCookie(a.header, a.host);
      if (!parsed || cookies[`${parsed.name}@${parsed.domain}`]) continue;
      cookies[`${parsed.name}@${parsed.domain}`] = {
        name: parsed.name, domain: parsed.domain, path: parsed.path, stored: false,
        thirdParty: siteOf(parsed.domain) !== pageSite, secure: parsed.secure, httpOnly: parsed.httpOnly,
      };
    }
    return {
      finalUrl: page.url(), title, bytes, bytesInitial, filecount, failed, dataUrls: watch.dataUrls(), domSize, images, files, cookies, blocked, blockedBytes,
      refused: [...proxy.refused], observed, screenshot, truncated,
    };
  } finally {
    await context.close().catch(() => {});
    clock.mark("close");
    await proxy.close();
    clock.mark("proxy");
  }
}
