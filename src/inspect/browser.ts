// One headless Chromium per worker process, launched on first use, relaunched if it dies, and
// closed on shutdown. Jobs never share a context: each gets a fresh one (empty cache = first visit).
import { chromium, type Browser } from "playwright-core";
import { log } from "../log";

// NOTE: flags from notes/inspector-carbon.md: no QUIC (keeps every request on the proxy's TCP
// path), and no background traffic of Chromium's own that would be counted or leak.
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  // TRICKY: WebRTC's UDP does not go through the proxy, so a page could reach internal
  // addresses with it; this policy allows proxied traffic only.
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
];

export type BrowserHost = { get(): Promise<Browser>; close(): Promise<void> };

export function browserHost(executablePath: string): BrowserHost {
  let launching: Promise<Browser> | null = null;
  let closed = false;
  const get = () => {
    if (closed) return Promise.reject(new Error("the inspector is shutting down"));
    launching ??= chromium
      .launch({
        executablePath,
        args: ARGS,
        // TRICKY: a browser-level proxy that nothing uses. Each context sets its own guarded proxy,
        // and the launch-level one is a closed port so a context without one can reach nothing.
        proxy: { server: "http://127.0.0.1:9" },
      })
      .then((browser) => {
        browser.on("disconnected", () => {
          launching = null;
          if (!closed) log.warn("inspector browser disconnected; it will be relaunched");
        });
        return browser;
      })
      .catch((err: unknown) => {
        launching = null;
        throw err;
      });
    return launching;
  };
  return {
    get,
    close: async () => {
      closed = true;
      const browser = await launching?.catch(() => null);
      await browser?.close().catch(() => {});
    },
  };
}
