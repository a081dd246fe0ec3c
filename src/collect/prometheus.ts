// The collection counters on /metrics: read from the collector's own in-memory counters when
// scraped, so ingest pays nothing extra per hit.
import type { Registry } from "prom-client";
import { exposeCounter, exposeGauge } from "../metrics";
import type { Metrics } from "./metrics";
import type { Writer } from "./writer";

export function exposeCollector(registry: Registry, c: { metrics: Metrics; writer: Writer }): void {
  const { counts, drops } = c.metrics;
  exposeCounter(registry, { name: "bothy_hits_accepted_total", help: "Hits accepted into the write buffer" }, () => ({ "": counts.accepted }));
  exposeCounter(registry, { name: "bothy_hits_written_total", help: "Hits committed to the database" }, () => ({ "": counts.written }));
  exposeCounter(
    registry,
    { name: "bothy_hits_refused_total", help: "Hits refused with 503 because the write buffer was full" },
    () => ({ "": counts.refused }),
  );
  exposeCounter(
    registry,
    { name: "bothy_hits_dropped_total", help: "Hits dropped by the pipeline, by reason", label: "reason" },
    () => ({ ...drops }),
  );
  exposeCounter(registry, { name: "bothy_collect_flush_failures_total", help: "Batch writes that failed and were retried" }, () => ({
    "": counts.flushFailures,
  }));
  exposeGauge(registry, { name: "bothy_collect_buffered_hits", help: "Hits waiting in the write buffer" }, () => c.writer.buffered);
}
