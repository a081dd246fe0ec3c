// Measurements on the caller's own machine, outside any server: the `bothy-check` CLI's local mode.
// One Chromium launched the inspector's way, each page captured by the same engine in a fresh
// context, and the same SWD v4 grams and rating the inspector stores. The SSRF guard is open (any
// address, any port): the pages are the caller's own, CI previews on localhost among them.
import { perVisit } from "../carbon";
import { launchChromium } from "./browser";
import { InspectError, inspectPage, type EngineLimits } from "./engine";
import { failureMessage, firstLine } from "./failure";
import { systemResolver, type GuardOptions } from "./guard";
import { sandboxFacts, sandboxMode } from "./sandbox";

/** The inspector's defaults (INSPECT_* in src/config.ts), with a minute for a cold CI preview. */
const LOCAL_LIMITS: EngineLimits = { timeoutMs: 60_000, quietMs: 500, maxBytes: 50_000_000, maxRequests: 500 };
const OPEN_GUARD: GuardOptions = { resolve: systemResolver, allow: [], open: true };

export type Measurement =
  | { ok: true; url: string; finalUrl: string; bytes: number; grams: number; rating: string; truncated: string | null }
  | { ok: false; url: string; error: string };

type LocalInspector = {
  /** One page's weight and grams; a page that cannot be measured is an answer, not a throw. */
  measure(url: string): Promise<Measurement>;
  close(): Promise<void>;
};

/**
 * Launches Chromium at `executablePath` (at normal CPU weight: in CI it is the only work) and
 * answers measurements with it, one page at a time. `green`: the pages' host runs on renewable
 * energy, as the caller declares (no look-up leaves the machine).
 */
export async function localInspector(executablePath: string, green = false): Promise<LocalInspector> {
  const browser = await launchChromium(executablePath, sandboxMode(sandboxFacts()), 0);
  return {
    measure: async (url) => {
      try {
        const capture = await inspectPage(browser, url, OPEN_GUARD, LOCAL_LIMITS);
        const carbon = perVisit(capture.bytes, green);
        return { ok: true, url, finalUrl: capture.finalUrl, bytes: capture.bytes, grams: carbon.grams, rating: carbon.rating, truncated: capture.truncated };
      } catch (err) {
        return { ok: false, url, error: err instanceof InspectError ? firstLine(err) : failureMessage(err, LOCAL_LIMITS.timeoutMs) };
      }
    },
    close: () => browser.close(),
  };
}
