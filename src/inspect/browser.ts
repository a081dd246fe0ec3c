// One headless Chromium per worker process, launched on first use, relaunched if it dies, and
// closed on shutdown. Jobs never share a context: each gets a fresh one (empty cache = first visit).
import { chromium, type Browser } from "playwright-core";
import { log } from "../log";

/** Headless Debian Chromium with no traffic of its own: the e2e tests launch it the same way. */
export const CHROMIUM_BASE_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// NOTE: no QUIC (keeps every request on the proxy's TCP
// path), and no background traffic of Chromium's own that would be counted or leak.
const ARGS = [
  ...CHROMIUM_BASE_ARGS,
  "--disable-dev-shm-usage",
  // TRICKY: WebRTC's UDP does not go through the proxy, so a page could reach internal
  // addresses with it; this policy allows proxied traffic only.
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
];

export type BrowserLease = { browser: Browser; release(): void };
export type BrowserHost = {
  /** The current browser for one job; release() when the job's context is closed. */
  acquire(): Promise<BrowserLease>;
  close(): Promise<void>;
  /** How many browsers were launched so far (recycling and crashes add to it). */
  launches(): number;
};

type Slot = { browser: Promise<Browser>; uses: number; active: number; retired: boolean };

/**
 * @param recycleAfter jobs per browser: a long-lived Chromium grows (caches, leaks in pages we
 *   do not control), so after this many the next job gets a fresh one and the old one closes
 *   once its last job releases it.
 */
export function browserHost(executablePath: string, recycleAfter = 200): BrowserHost {
  let current: Slot | null = null;
  const slots = new Set<Slot>();
  let closed = false;
  let launches = 0;

  const closeSlot = async (slot: Slot) => {
    slots.delete(slot);
    const browser = await slot.browser.catch(() => null);
    await browser?.close().catch(() => {});
  };

  const launch = (): Slot => {
    launches++;
    const slot: Slot = {
      uses: 0,
      active: 0,
      retired: false,
      browser: chromium.launch({
        executablePath,
        args: ARGS,
        // TRICKY: a browser-level proxy that nothing uses. Each context sets its own guarded proxy,
        // and the launch-level one is a closed port so a context without one can reach nothing.
        proxy: { server: "http://127.0.0.1:9" },
      }),
    };
    const forget = () => {
      slot.retired = true;
      if (current === slot) current = null;
      slots.delete(slot);
    };
    slot.browser.then(
      (browser) =>
        browser.on("disconnected", () => {
          if (!closed && !slot.retired) log.warn("inspector browser disconnected; the next job relaunches it");
          forget();
        }),
      forget, // a failed launch is retried by the next job
    );
    slots.add(slot);
    return slot;
  };

  return {
    acquire: async () => {
      if (closed) throw new Error("the inspector is shutting down");
      const slot = (current ??= launch());
      slot.uses++;
      slot.active++;
      if (slot.uses >= recycleAfter) {
        slot.retired = true;
        current = null;
      }
      let browser: Browser;
      try {
        browser = await slot.browser;
      } catch (err) {
        slot.active--;
        throw err;
      }
      let released = false;
      return {
        browser,
        release: () => {
          if (released) return;
          released = true;
          slot.active--;
          if (slot.retired && slot.active === 0) void closeSlot(slot);
        },
      };
    },
    close: async () => {
      closed = true;
      current = null;
      await Promise.all([...slots].map(closeSlot));
    },
    launches: () => launches,
  };
}
