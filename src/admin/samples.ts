// The monitoring page's charts: every 15 s this process notes its collection counters and buffer
// depth, keeping the last hour in memory; ingest rates are the differences between samples.
import type { AppContext } from "../context";
import { collectorOf } from "../collect";

const EVERY_MS = 15_000;
const KEPT = 240;

type Sample = { t: number; accepted: number; written: number; buffered: number };
type Point = { t: string; acceptedPerS: number; writtenPerS: number; buffered: number };

function createSampler(ctx: AppContext) {
  const kept: Sample[] = [];
  const take = () => {
    const c = collectorOf(ctx.db);
    if (!c) return;
    kept.push({ t: Date.now(), accepted: c.metrics.counts.accepted, written: c.metrics.counts.written, buffered: c.writer.buffered });
    if (kept.length > KEPT) kept.shift();
  };
  take();
  const timer = setInterval(take, EVERY_MS);
  timer.unref();
  ctx.lifecycle.onShutdown("admin.samples", () => clearInterval(timer));
  return {
    /** One point per interval, with the rates since the sample before. */
    samples(): Point[] {
      return kept.slice(1).map((s, i) => {
        const prev = kept[i]!;
        const seconds = (s.t - prev.t) / 1000 || 1;
        return {
          t: new Date(s.t).toISOString(),
          acceptedPerS: (s.accepted - prev.accepted) / seconds,
          writtenPerS: (s.written - prev.written) / seconds,
          buffered: s.buffered,
        };
      });
    },
  };
}

const samplers = new WeakMap<object, ReturnType<typeof createSampler>>();

/** The sampler of this app, started on first use. */
export function samplerOf(ctx: AppContext) {
  let s = samplers.get(ctx.db);
  if (!s) samplers.set(ctx.db, (s = createSampler(ctx)));
  return s;
}
