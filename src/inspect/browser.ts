// One headless Chromium per worker process, launched on first use, relaunched if it dies, and
// closed on shutdown. Jobs never share a context: each gets a fresh one (empty cache = first visit).
// The yearly report's printer launches its own short-lived Chromium the same way.
import { accessSync, constants } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { log } from "../log";
import { BROWSER_NICE, inBackground } from "./priority";
import { sandboxFacts, sandboxMode, type SandboxMode } from "./sandbox";

/** Headless Debian Chromium with no traffic of its own: the e2e tests launch it the same way. */
export const CHROMIUM_BASE_ARGS = [
  "--headless",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// TRICKY: Chromium reads only the last --disable-features switch, and Playwright passes its own
// (chromiumSwitches.ts in playwright-core). The inspector replaces that one switch with a single
// merged list: Playwright's features as of playwright-core 1.65, plus Chromium's own background
// fetches that would go out through the job's proxy and show up in the inspection, plus renderers
// no page uses. A test reads the launched browser's command line, so a Playwright upgrade that
// changes its list fails there.
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying",
  "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
];
export const BACKGROUND_FEATURES = [
  "AutofillServerCommunication", // form-field type queries to content-autofill.googleapis.com
  "OptimizationHintsFetching", // per-host hints from optimizationguide-pa.googleapis.com
  "OptimizationTargetPrediction", // model downloads for the optimization guide
  "DialMediaRouteProvider", // DIAL device discovery: SSDP multicast on the local network
];
// NOTE: renderers a page never uses. Each context opens a window whose omnibox popup is a WebUI
// page in a renderer of its own, and Chromium keeps a spare renderer warm for the next navigation,
// which a fresh context cannot take: three renderers started per inspection instead of one, about
// a third of the browser's CPU per job on the fixture site.
export const IDLE_RENDERER_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "SpareRendererForSitePerProcess"];
const PLAYWRIGHT_FEATURES_SWITCH = `--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(",")}`;

// NOTE: no QUIC (keeps every request on the proxy's TCP
// path), and no background traffic of Chromium's own that would be counted or leak.
const ARGS = [
  ...CHROMIUM_BASE_ARGS,
  "--disable-dev-shm-usage",
  "--disable-domain-reliability",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BACKGROUND_FEATURES, ...IDLE_RENDERER_FEATURES].join(",")}`,
  // NOTE: a second line behind the init script that removes WebRTC from pages (engine.ts):
  // WebRTC's UDP does not go through the proxy; with this policy it sends none. (The switch is
  // the command-line form of the WebRTC IP handling preference; "--force-…" is not one.)
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
];

/** Chromium as the inspector runs it: its switches, the sandbox as decided, and no network of its own. */
export function launchChromium(executablePath: string, mode: SandboxMode, nice: number): Promise<Browser> {
  // TRICKY: Playwright makes its temp profile and artifacts folders before it spawns the browser
  // and leaves both behind when the spawn fails; a missing browser must fail before that.
  try {
    accessSync(executablePath, constants.X_OK);
  } catch {
    return Promise.reject(new Error(`no Chromium to run at ${executablePath} (CHROMIUM_PATH)`));
  }
  // NOTE: the browser's session yields the CPU to the app's own work (priority.ts).
  return inBackground(chromium.launch({
    executablePath,
    args: ARGS,
    ignoreDefaultArgs: [PLAYWRIGHT_FEATURES_SWITCH],
    chromiumSandbox: mode.sandbox,
    // TRICKY: a browser-level proxy that nothing uses. Each context sets its own guarded proxy (or
    // answers every request itself, as the report printer does), and the launch-level one is a
    // closed port so a context without one can reach nothing.
    proxy: { server: "http://127.0.0.1:9" },
    // TRICKY: by default Playwright closes every browser it launched as soon as the process gets
    // SIGTERM, SIGINT or SIGHUP (and exits on SIGINT), before the process's own shutdown runs:
    // inspections still running then failed with Playwright's "Target page, context or browser has
    // been closed" instead of getting their grace period and going back to the queue. The
    // shutdown closes the browser itself; Playwright still kills it if the process exits first.
    handleSIGTERM: false,
    handleSIGINT: false,
    handleSIGHUP: false,
  }), nice);
}

/** The sandbox mode decided from the kernel's facts, logged once under `who`'s name. */
function decideSandbox(who: string): SandboxMode {
  const mode = sandboxMode(sandboxFacts());
  log.info(`${who} sandbox ${mode.sandbox ? "on" : "off"}`, { reason: mode.reason });
  return mode;
}

let printerMode: SandboxMode | null = null;

/**
 * A short-lived Chromium launched the inspector's way, for printing the product's own pages (the
 * yearly report's PDF): its contexts reach nothing unless they answer requests themselves. The
 * caller closes it.
 */
export function launchPrinterBrowser(executablePath: string, nice = BROWSER_NICE): Promise<Browser> {
  // NOTE: the kernel's answer does not change while the process runs: probed once.
  printerMode ??= decideSandbox("report printer");
  return launchChromium(executablePath, printerMode, nice);
}

/**
 * Launches Chromium the inspector's way once and closes it: its version and the sandbox it ran
 * with, as the inspector decides it, for a check of the host (`npm run doctor`). NOTE: at normal
 * CPU weight, not the inspector's lowest: on a busy host a browser that yields to everything took
 * over the check's 30 s just to start, and the check is whether it starts, once.
 */
export async function probeChromium(executablePath: string): Promise<{ version: string; sandbox: SandboxMode }> {
  const sandbox = sandboxMode(sandboxFacts());
  const browser = await launchChromium(executablePath, sandbox, 0);
  try {
    return { version: browser.version(), sandbox };
  } finally {
    await browser.close();
  }
}

type BrowserLease = { browser: Browser; release(): void };
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
 * @param nice the browsers' CPU weight (CHROMIUM_NICE): by default they yield to all other work.
 */
export function browserHost(executablePath: string, recycleAfter = 200, nice = BROWSER_NICE): BrowserHost {
  let current: Slot | null = null;
  const slots = new Set<Slot>();
  let closed = false;
  let launches = 0;
  let mode: SandboxMode | null = null;

  const closeSlot = async (slot: Slot) => {
    slots.delete(slot);
    const browser = await slot.browser.catch(() => null);
    await browser?.close().catch(() => {});
  };

  const launch = (): Slot => {
    launches++;
    mode ??= decideSandbox("inspector browser");
    const slot: Slot = { uses: 0, active: 0, retired: false, browser: launchChromium(executablePath, mode, nice) };
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
