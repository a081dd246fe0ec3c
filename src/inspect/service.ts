// Runs one claimed job end to end: browser capture, green-hosting check, SWD v4 grams, in
// `worker:inspect` the result's card, then the row (and screenshot and card) is stored through a
// JobSource (jobs.ts): the database, or the app's internal API. No HTTP types here; the room and
// the worker process share it.
import { ecoindex, greenLabel, lookupCarbonTxt, perVisit, type GreenCheck } from "../carbon";
import type { Config } from "../config";
import { log } from "../log";
import type { BrowserHost } from "./browser";
import { cardFacts, drawCard } from "./card";
import type { Capture } from "./capture";
import { InspectError, inspectPage, type EngineLimits } from "./engine";
import { failureMessage, firstLine, TookTooLong } from "./failure";
import { mappedResolver, systemResolver, type GuardOptions } from "./guard";
import { guardedGet } from "./guarded-get";
import { whatToFix, type Fix } from "./fixes";
import type { JobSource } from "./jobs";
import type { Detail, Job } from "./store";
import { stepClock, type Steps } from "./steps";

/** A job claimed this many times crashed its worker each time: give up on it. */
const MAX_ATTEMPTS = 3;

export const guardFrom = (config: Config): GuardOptions => ({
  resolve: config.INSPECT_HOST_MAP ? mappedResolver(config.INSPECT_HOST_MAP) : systemResolver,
  allow: config.INSPECT_ALLOW_HOSTS ?? [],
});

export const limitsFrom = (config: Config): EngineLimits => ({
  timeoutMs: config.INSPECT_TIMEOUT_MS,
  quietMs: config.INSPECT_QUIET_MS,
  maxBytes: config.INSPECT_MAX_BYTES,
  maxRequests: config.INSPECT_MAX_REQUESTS,
});

/** Lease of a running job: past it, another worker may assume this one died. */
export const leaseMs = (config: Config) => config.INSPECT_TIMEOUT_MS * 2 + 30_000;

type RunnerDeps = {
  jobs: JobSource;
  browser: BrowserHost;
  greencheck: GreenCheck;
  guard: GuardOptions;
  limits: EngineLimits;
  /** True while the process shuts down: a job failing then goes back to the queue instead. */
  stopping?: () => boolean;
  /** Told each finished job's wall time per step (the bench prints them). */
  timed?: (steps: Steps) => void;
  /**
   * Draws each result's card (card.ts) at the end of its job: set in `worker:inspect`, so that the
   * app nodes it reports to need no Chromium for cards.
   */
  cards?: boolean;
};

export function jobRunner(deps: RunnerDeps) {
  const { jobs } = deps;
  /** The card, or null when Chromium fails to draw it: the result is stored without it. */
  const cardOf = (run: Parameters<typeof cardFacts>[0]) =>
    drawCard(deps.browser, cardFacts(run)).catch((err: unknown) => {
      log.warn("inspect card not drawn", { error: firstLine(err) });
      return null;
    });
  return async (job: Job): Promise<void> => {
    if (job.attempts > MAX_ATTEMPTS) return void (await jobs.failed(job.id, "The inspection did not finish", "error"));
    const t0 = performance.now();
    const clock = stepClock();
    try {
      const lease = await deps.browser.acquire();
      clock.mark("browser");
      let capture: Capture;
      try {
        // NOTE: a second cap around the engine's own deadline, for a browser that stops answering.
        capture = await withTimeout(inspectPage(lease.browser, job.url, deps.guard, deps.limits, clock), deps.limits.timeoutMs + 15_000);
      } finally {
        lease.release();
      }
      const site = new URL(capture.finalUrl || job.url);
      // NOTE: the site's carbon.txt is read through the same SSRF guard as the page, alongside the
      // greencheck; both never throw, a failure is a value.
      const [verdict, carbonTxt] = await Promise.all([
        deps.greencheck(site.hostname),
        lookupCarbonTxt(site, (url, limits) => guardedGet(url, { ...deps.guard, ...limits })),
      ]);
      clock.mark("greencheck");
      const carbon = perVisit(capture.bytes, verdict.green);
      const green = greenLabel(verdict);
      // NOTE: Ecoindex counts every request the page made, answered or not.
      const eco = ecoindex(capture.domSize, capture.filecount + capture.failed, capture.bytes);
      const detail: Detail = {
        title: capture.title,
        finalUrl: capture.finalUrl,
        green,
        rating: carbon.rating,
        kwh: carbon.kwh,
        blocked: capture.blocked,
        blockedBytes: capture.blockedBytes,
        cookies: capture.cookies,
        files: capture.files,
        refused: capture.refused.map((r) => ({ host: r.host, reason: r.reason })),
        truncated: capture.truncated,
        failed: capture.failed,
        dataUrls: capture.dataUrls,
        ecoindex: { ...eco, domSize: capture.domSize },
        fixes: await withGreen(whatToFix(capture.observed, capture.finalUrl || job.url, capture.images), deps.greencheck),
        carbonTxt,
      };
      clock.mark("fixes");
      const card = deps.cards ? await cardOf({ url: job.url, finishedAt: new Date(), bytes: capture.bytes, co2: carbon.grams, detail }) : null;
      if (deps.cards) clock.mark("card");
      await jobs.done(job.id, {
        bytes: capture.bytes, bytesInitial: capture.bytesInitial, filecount: capture.filecount, co2: carbon.grams, detail,
        screenshot: capture.screenshot, card,
      });
      clock.mark("store");
      deps.timed?.(clock.steps);
      log.info("inspection done", { id: job.id, bytes: capture.bytes, ms: Math.round(performance.now() - t0) });
    } catch (err) {
      if (deps.stopping?.()) {
        await jobs.release(job.id);
        return;
      }
      if (err instanceof InspectError) {
        // Unreachable pages answer the code "generic_error"; the page words it. The browser's
        // words (net::ERR_…, addresses) go to the log only.
        await jobs.failed(job.id, err.type === "generic_error" ? "generic_error" : err.message, err.type);
        log.info("inspection refused or failed", { id: job.id, type: err.type, error: err.message });
        return;
      }
      // NOTE: the browser's own words go to the log; the run gets the product's (failure.ts).
      log.error("inspection failed", { id: job.id, error: firstLine(err) });
      await jobs.failed(job.id, failureMessage(err, deps.limits.timeoutMs), "error");
    }
  };
}

/** Third-party hosts in the list get their green-hosting verdict (cached by the client). */
const withGreen = (fixes: Fix[], greencheck: GreenCheck): Promise<Fix[]> =>
  Promise.all(fixes.map(async (f) => (f.kind === "third-party" ? { ...f, green: greenLabel(await greencheck(f.target)) } : f)));

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new TookTooLong(`no answer from the browser in ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}
