// One inspection in a real browser: a fresh context behind the job's guarded proxy, navigate,
// wait for load plus a quiet network window (hard-capped), then read the exact bytes of every
// request from Playwright's request.sizes(), the title, a viewport JPEG and the cookies.
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { classifyTracker, fileGroup, FILE_GROUPS, parseSetCookie, siteOf, type FileGroup } from "./classify";
import type { GuardOptions } from "./guard";
import { startJobProxy, type Refusal } from "./proxy";

export type EngineLimits = {
  /** Whole job, navigation included. */
  timeoutMs: number;
  /** No request in flight for this long = the page is done. */
  quietMs: number;
  maxBytes: number;
  maxRequests: number;
};

export type FileEntry = { url: string; bytes: number };
export type CookieEntry = {
  name: string;
  domain: string;
  path: string;
  /** False: the page tried to set it (Set-Cookie) and the browser refused it (third-party cookie). */
  stored: boolean;
  thirdParty: boolean;
  secure: boolean;
  httpOnly: boolean;
};

export type Capture = {
  finalUrl: string;
  title: string;
  bytes: number;
  /** Bytes finished by the load event, before the quiet window. */
  bytesInitial: number;
  filecount: number;
  files: Record<FileGroup, FileEntry[]>;
  cookies: Record<string, CookieEntry>;
  /** Tracker/ad requests per host. */
  blocked: Record<string, number>;
  blockedBytes: number;
  refused: Refusal[];
  screenshot: Uint8Array | null;
  /** Why the capture stopped early, if it did. */
  truncated: "time" | "bytes" | "requests" | null;
};

type InspectErrorType = "generic_error" | "forbidden";
export class InspectError extends Error {
  constructor(readonly type: InspectErrorType, message: string) {
    super(message);
    this.name = "InspectError";
  }
}

const MAX_URL = 500;

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
const VIEWPORT = { width: 1366, height: 768 };

// TRICKY: WebRTC sends its UDP (STUN, TURN, ICE checks) from the browser itself, past the job's
// proxy and so past the guard. Pages get no WebRTC at all: every RTC interface is gone before the
// first script of any frame runs, as in a browser with WebRTC turned off by policy or extension.
const NO_WEBRTC = `for (const name of Object.getOwnPropertyNames(globalThis)) if (/^(webkit)?RTC/.test(name)) delete globalThis[name];`;

/**
 * The viewport as a half-scale JPEG (683×384): measured at 33–51 ms and 118 KB against 61–76 ms
 * and 320 KB for a full-size one, and it is shown as a thumbnail. null on failure:
 * the page then shows the "unavailable" image.
 */
async function thumbnail(context: BrowserContext, page: Page): Promise<Uint8Array | null> {
  try {
    const cdp = await context.newCDPSession(page);
    const { data } = await cdp.send("Page.captureScreenshot", {
      format: "jpeg",
      quality: 70,
      clip: { x: 0, y: 0, width: VIEWPORT.width, height: VIEWPORT.height, scale: 0.5 },
    });
    await cdp.detach().catch(() => {});
    return new Uint8Array(Buffer.from(data, "base64"));
  } catch {
    return null;
  }
}

export async function inspectPage(browser: Browser, url: string, guard: GuardOptions, limits: EngineLimits): Promise<Capture> {
  const started = performance.now();
  const deadline = started + limits.timeoutMs;
  const proxy = await startJobProxy({ ...guard, maxBytes: limits.maxBytes });
  const context = await browser.newContext({
    viewport: VIEWPORT,
    // NOTE: a service worker's requests bypass the page's events; blocking it keeps every byte visible.
    serviceWorkers: "block",
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
  // TRICKY: when the browser closes under a job (shutdown, crash), the navigation fails but the
  // page may have answered already; without this the job would wait out its deadline and store
  // a truncated capture as if it were real.
  let contextClosed = false;
  context.on("close", () => (contextClosed = true));
  const assertOpen = () => {
    if (contextClosed) throw new Error("the browser closed during the inspection");
  };
  const files = Object.fromEntries(FILE_GROUPS.map((g) => [g, [] as FileEntry[]])) as Record<FileGroup, FileEntry[]>;
  const blocked: Record<string, number> = {};
  const attempts: { header: string; host: string }[] = [];
  const pending = new Set<Request>();
  const work: Promise<void>[] = [];
  let bytes = 0;
  let filecount = 0;
  let blockedBytes = 0;
  let requests = 0;
  let lastActivity = performance.now();
  let mainResponded = false;

  context.on("request", (r) => {
    requests++;
    pending.add(r);
    lastActivity = performance.now();
  });
  context.on("requestfailed", (r) => {
    pending.delete(r);
    lastActivity = performance.now();
  });
  context.on("requestfinished", (r) => {
    work.push(
      (async () => {
        const requestUrl = r.url();
        if (/^(data|blob):/.test(requestUrl)) return;
        const response = await r.response();
        // NOTE: header + body bytes as received; on h2/h3 the split is meaningless but the sum is right.
        const sizes = await r.sizes().catch(() => null);
        if (!sizes) return;
        const size = sizes.responseHeadersSize + sizes.responseBodySize;
        const status = response?.status() ?? 0;
        // NOTE: a redirect hop is not an answer: its target may still be refused.
        if (isMainDocument(r) && (status < 300 || status >= 400)) mainResponded = true;
        bytes += size;
        filecount++;
        const host = new URL(requestUrl).hostname;
        files[fileGroup(r.resourceType(), (await response?.headerValue("content-type")) ?? undefined)].push({
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
    let navError: unknown = null;
    await page.goto(url, { waitUntil: "load", timeout: Math.max(1, deadline - performance.now()) }).catch((e) => (navError = e));
    await Promise.allSettled(work);
    assertOpen();
    if (navError && !mainResponded) {
      const refusal = proxy.refused[0];
      if (refusal) throw new InspectError("forbidden", refusal.message);
      throw new InspectError("generic_error", navError instanceof Error ? navError.message.split("\n")[0]! : String(navError));
    }
    const bytesInitial = bytes;

    let truncated: Capture["truncated"] = null;
    // The quiet window: nothing in flight for quietMs. Autoplay video or long-polling never go
    // quiet, so the job deadline ends the wait.
    for (;;) {
      assertOpen();
      const now = performance.now();
      if (proxy.capped()) truncated = "bytes";
      else if (requests > limits.maxRequests) truncated = "requests";
      else if (now >= deadline - 1000) truncated = "time"; // keep a second for screenshot and cookies
      if (truncated || (pending.size === 0 && now - lastActivity >= limits.quietMs)) break;
      await Bun.sleep(50);
    }

    // TRICKY: a page stuck in a busy loop never answers title() or a screenshot; bound each step
    // so the finally below always closes the context (which also ends what is still pending).
    const title = await within(page.title(), 2000, "");
    const screenshot = await within(thumbnail(context, page), 5000, null);
    const stored = await within(context.cookies(), 2000, []);
    await within(Promise.allSettled(work), 2000, []);
    assertOpen();

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
      finalUrl: page.url(), title, bytes, bytesInitial, filecount, files, cookies, blocked, blockedBytes,
      refused: [...proxy.refused], screenshot, truncated,
    };
  } finally {
    await context.close().catch(() => {});
    await proxy.close();
  }
}
