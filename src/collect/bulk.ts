// The collector's write path without its endpoints, for a writer that is not a visitor (`npm run
// seed`): the same pipeline and batch writer, in batches bigger than the endpoints', since such a
// writer is alone and its latency does not matter.
import type { Database } from "../db";
import { insertFor } from "./copy";
import { createMetrics } from "./metrics";
import type { Incoming } from "./model";
import { runPipeline } from "./pipeline";
import { createSites } from "./sites";
import { createWriter } from "./writer";

export function bulkWriter(db: Pick<Database, "sql" | "execBlob">) {
  const metrics = createMetrics();
  const sites = createSites(db.sql);
  const writer = createWriter(db.sql, { batchSize: 5000, flushMs: 200, maxBuffer: 50_000 }, metrics, insertFor(db));
  return {
    metrics,
    /** Runs one hit through the pipeline and queues its row, waiting for a flush while the buffer is full. */
    async write(hit: Incoming): Promise<void> {
      const out = await runPipeline(hit, { sites }, metrics);
      if (!out.ok) return;
      while (!writer.push(out.row)) await writer.flush();
    },
    /** Writes what is left (see Writer.close). */
    close: (timeoutMs: number) => writer.close(timeoutMs),
  };
}
