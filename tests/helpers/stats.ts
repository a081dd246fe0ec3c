// Helpers for stats tests: a database of their own, synthetic traffic written through the real
// collect path (pipeline → batch writer), and a StatsTarget for a domain.
import type { Sql } from "postgres";
import type { Database } from "../../src/db";
import { createMetrics } from "../../src/collect/metrics";
import type { Incoming } from "../../src/collect/model";
import { runPipeline } from "../../src/collect/pipeline";
import { createSites } from "../../src/collect/sites";
import { rng, syntheticTraffic } from "../../src/collect/synthetic";
import { createWriter } from "../../src/collect/writer";
import type { StatsTarget } from "../../src/stats/read";
import { freshDatabase, openTestDatabase } from "./db";

/**
 * A fresh database (freshDatabase: embedded, or on the suite's server) whose maintenance timer never
 * fires on its own (tests refresh explicitly); close() also removes it.
 */
export async function openStatsDatabase(): Promise<Database> {
  const fresh = await freshDatabase();
  const db = await openTestDatabase(fresh.env).catch(async (err) => {
    await fresh.remove();
    throw err;
  });
  return { ...db, close: () => db.close().finally(() => fresh.remove()) };
}

/** Ingests the given hits through the pipeline and the batch writer; returns the rows written. */
export async function ingest(sql: Sql, hits: Iterable<Incoming>): Promise<number> {
  const metrics = createMetrics();
  const sites = createSites(sql);
  const writer = createWriter(sql, { batchSize: 2000, flushMs: 50, maxBuffer: 20_000 }, metrics);
  for (const hit of hits) {
    const out = await runPipeline(hit, { sites }, metrics);
    if (!out.ok) throw new Error(`synthetic hit dropped: ${out.reason}`);
    while (!writer.push(out.row)) await writer.flush();
  }
  await writer.close(30_000);
  return metrics.counts.written;
}

/**
 * `views` synthetic page views (each with its leave beacon and events) spread over [from, to);
 * `internal` is the share of direct page views made internal (a same-site referrer: no source).
 */
export function* traffic(domain: string, from: number, to: number, views: number, seed: number, { internal = 0 } = {}): Generator<Incoming> {
  const next = syntheticTraffic(domain, seed);
  // NOTE: a draw of its own, so the synthetic sequence (and every other test's figures) stays as it was.
  const draw = rng(seed + 1);
  for (let i = 0; i < views; i++) {
    const time = from + Math.floor(((i + 0.5) / views) * (to - from));
    // NOTE: a leave beacon may land after `to`; the tests only need it to be a real hit of the site.
    for (const hit of next(time)) {
      if (hit.kind === "view" && !hit.body.r && draw() < internal) hit.body.r = `https://${domain}/`;
      yield hit;
    }
  }
}

export async function addTarget(sql: Sql, name: string, tz: string, extra: Partial<StatsTarget> = {}): Promise<StatsTarget> {
  const [row] = await sql<{ id: number; created: Date; publicId: string }[]>`
    INSERT INTO domains (name, tz) VALUES (${name}, ${tz}) RETURNING id, created, public_id AS "publicId"`;
  return { id: row!.id, name, tz, created: row!.created, publicId: row!.publicId, pro: true, historyDays: null, demo: false, green: "unknown", ...extra };
}

/** A zone where it is about noon now: its day neither began nor ends within hours of the test. */
export function noonZone(): string {
  const offset = 12 - new Date().getUTCHours();
  return offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}
