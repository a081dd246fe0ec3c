// The yearly report's PDF: the report page itself, printed by a short-lived Chromium launched the
// inspector's way (src/inspect). That browser reaches no network: each request it makes is answered
// in-process by this app (the page and its stylesheet, with the asker's own session) or refused, and
// it runs no script, so the PDF is exactly the HTML the asker would see. One print at a time, and
// one per account in line: a second print of the same account is refused (429), not queued.
import type { Browser, Route } from "playwright-core";
import { launchPrinterBrowser } from "../inspect";
import { HttpError } from "../http/errors";
import { log } from "../log";

/** Asks this app for a page, in-process. */
type OwnFetch = (request: Request) => Promise<Response>;

const PRINT_TIMEOUT_MS = 30_000;
/** Prints that may wait behind the running one; past that the printer answers 503. */
const MAX_WAITING = 4;
const BUSY_RETRY_S = 30;
/** What the printed page may load: itself, its stylesheet, images and fonts. */
const LOADS = new Set(["document", "stylesheet", "image", "font"]);

/** Answers one of the browser's requests from the app, or refuses it. */
async function answer(route: Route, origin: string, own: OwnFetch, cookie: string | null): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  if (url.origin !== origin || request.method() !== "GET" || !LOADS.has(request.resourceType())) return route.abort("blockedbyclient");
  try {
    const res = await own(new Request(url, { headers: cookie ? { cookie } : {} }));
    await route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) });
  } catch (err) {
    log.warn("report printer: a request failed", { path: url.pathname, error: err instanceof Error ? err.message : String(err) });
    await route.abort("failed").catch(() => {});
  }
}

const ONE_AT_A_TIME = "Your last report is still being printed; please try again when it has downloaded.";

export function reportPrinter(executablePath: string, nice: number) {
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  /** Accounts with a print waiting or running. */
  const printing = new Set<string>();
  let closed = false;
  const open = new Set<Browser>();
  /** Browsers closing after their print: shutdown waits for them too, or their profiles stay behind. */
  const closing = new Set<Promise<void>>();

  /** The PDF, and the browser's closing, which the next print waits for and the asker need not. */
  async function print(url: string, own: OwnFetch, cookie: string | null): Promise<{ pdf: Uint8Array<ArrayBuffer>; closing: Promise<void> }> {
    if (closed) throw new HttpError(503, "The server is shutting down; please try again in a minute.");
    const browser = await launchPrinterBrowser(executablePath, nice);
    open.add(browser);
    const close = () => {
      open.delete(browser);
      const closed = browser.close().catch(() => {});
      closing.add(closed);
      void closed.finally(() => closing.delete(closed));
      return closed;
    };
    try {
      const context = await browser.newContext({ javaScriptEnabled: false });
      await context.route("**/*", (route) => answer(route, new URL(url).origin, own, cookie));
      const page = await context.newPage();
      const res = await page.goto(url, { waitUntil: "load", timeout: PRINT_TIMEOUT_MS });
      if (res?.status() !== 200) throw new Error(`the report page answered ${res?.status() ?? "nothing"}`);
      // NOTE: stats too busy to read the year make a page that says so (200): that is no report to print.
      if ((await page.locator('[data-testid="year-report"]').count()) === 0) throw new Error("the report page holds no report (the stats were busy)");
      await page.emulateMedia({ media: "print" });
      // NOTE: copied out of Playwright's Buffer, whose memory may be shared, into one a Response takes.
      const pdf = new Uint8Array(await page.pdf({ format: "A4", printBackground: true, margin: { top: "14mm", bottom: "14mm", left: "12mm", right: "12mm" } }));
      // NOTE: closing Chromium takes about a second; the PDF need not wait for it.
      return { pdf, closing: close() };
    } catch (err) {
      await close();
      throw err;
    }
  }

  /** A failure that is not an answer already is an outage of the printer, not of the report. */
  const unavailable = (err: unknown): never => {
    if (err instanceof HttpError) throw err;
    log.error("report printer failed", { error: err instanceof Error ? err.message : String(err) });
    throw new HttpError(503, "The PDF could not be printed right now. Please try again in a minute, or print the report page from your browser.", undefined, { "retry-after": String(BUSY_RETRY_S) });
  };

  return {
    /** The page at `url` (this app's own origin) as a PDF, asked with the session cookie of `account`. */
    print(url: string, own: OwnFetch, cookie: string | null, account: string): Promise<Uint8Array<ArrayBuffer>> {
      // NOTE: refused rather than queued: queued, one account's parallel prints would fill the
      // line (MAX_WAITING) and everyone else would get the 503 below.
      if (printing.has(account)) return Promise.reject(new HttpError(429, ONE_AT_A_TIME, undefined, { "retry-after": String(BUSY_RETRY_S) }));
      if (waiting >= MAX_WAITING) {
        return Promise.reject(new HttpError(503, "Other reports are being printed; please try again in a minute.", undefined, { "retry-after": String(BUSY_RETRY_S) }));
      }
      printing.add(account);
      waiting++;
      // NOTE: a Chromium costs a few hundred MB while it prints: one at a time (until it has
      // closed), the rest in line.
      const job = queue.then(() => {
        waiting--;
        return print(url, own, cookie);
      });
      queue = job.then((j) => j.closing, () => {});
      const done = () => void printing.delete(account);
      job.then(done, done);
      return job.then((j) => j.pdf, unavailable);
    },
    /** Refuses new prints and closes the browser of the one running. */
    async close(): Promise<void> {
      closed = true;
      await Promise.all([...[...open].map((b) => b.close().catch(() => {})), ...closing]);
    },
  };
}
