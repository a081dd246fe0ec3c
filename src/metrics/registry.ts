// The Prometheus registry of one app (one per database client, so several apps in one test process
// never share counters): the metrics other rooms observe into, and helpers that let a room expose
// a counter it already keeps in memory without counting twice.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

type AppMetrics = ReturnType<typeof createAppMetrics>;

function createAppMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "bothy_" });
  return {
    registry,
    flushSeconds: new Histogram({
      name: "bothy_collect_flush_seconds",
      help: "Time to write one batch of hits",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    statsReadSeconds: new Histogram({
      name: "bothy_stats_read_seconds",
      help: "Time to answer one stats read, by dataType",
      labelNames: ["dataType"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    inspectJobs: new Counter({
      name: "bothy_inspect_jobs_total",
      help: "Inspections finished by this process, by outcome (done, refused, failed)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
  };
}

const apps = new WeakMap<object, AppMetrics>();

/** The metrics of the app that uses this database client. */
export function metricsOf(sql: object): AppMetrics {
  let m = apps.get(sql);
  if (!m) apps.set(sql, (m = createAppMetrics()));
  return m;
}

/** A counter read from a number the room keeps; `read` answers one value per label set. */
export function exposeCounter(
  registry: Registry,
  spec: { name: string; help: string; label?: string },
  read: () => Record<string, number>,
): void {
  new Counter({
    name: spec.name,
    help: spec.help,
    labelNames: spec.label ? [spec.label] : [],
    registers: [registry],
    collect() {
      this.reset();
      for (const [value, n] of Object.entries(read())) this.inc(spec.label ? { [spec.label]: value } : {}, n);
    },
  });
}

/** A gauge read when scraped. */
export function exposeGauge(registry: Registry, spec: { name: string; help: string }, read: () => number): void {
  new Gauge({
    name: spec.name,
    help: spec.help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}
