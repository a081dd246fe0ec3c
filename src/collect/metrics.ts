// Collection counters: accepted, written, refused (buffer full), and drops by reason. In memory per
// process; logged every minute when something changed and once at shutdown.
import { log } from "../log";

/** Why the pipeline drops a hit; each reason has its own counter. */
const DROP_REASONS = ["bot", "unknown_domain", "deleted_domain"] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export type Metrics = ReturnType<typeof createMetrics>;

const STEP_SAMPLE = 64;

/** `observeFlush` receives the seconds each written batch took (the /metrics histogram). */
export function createMetrics(observeFlush: (seconds: number) => void = () => {}) {
  const drops = Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<DropReason, number>;
  const stepNs: Record<string, number> = {};
  const counts = { accepted: 0, written: 0, refused: 0, flushFailures: 0 };
  let hits = 0;
  return {
    drops,
    counts,
    /** Time per pipeline step, summed over the sampled hits (stepSamples of them). */
    stepNs,
    get stepSamples() {
      return Math.ceil(hits / STEP_SAMPLE);
    },
    /** True for the hits whose steps are timed: the first, then one in STEP_SAMPLE. */
    sampleSteps: () => hits++ % STEP_SAMPLE === 0,
    drop: (reason: DropReason) => void drops[reason]++,
    flushed: observeFlush,
    stepTime: (name: string, ns: number) => void (stepNs[name] = (stepNs[name] ?? 0) + ns),
    snapshot: () => ({ ...counts, drops: { ...drops } }),
    log(msg = "collect metrics") {
      log.info(msg, { ...counts, ...Object.fromEntries(DROP_REASONS.map((r) => [`drop_${r}`, drops[r]])) });
    },
  };
}
