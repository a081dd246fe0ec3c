// One import's job: the file read through its format's importer (per-day rows merged by key, single
// hits folded into days), then, only once the whole file read without a fault, the overlap checks,
// the estimated bytes, and every row written in ONE transaction with the import marked done. A
// fault, a refusal or a cancel stores nothing; a restart runs the job again from the start.
import { statSync } from "node:fs";
import type { AppContext } from "../context";
import { bumpStatsEpochs } from "../domains";
import { daysImportedAlready, firstOwnDay, pageWeights, withEstimatedBytes, writeImportedRows } from "../hits";
import { homePageBytes } from "../inspect";
import { createFold } from "./fold";
import { importers, type ImportedStream } from "./formats";
import type { ImportedRow } from "./model";
import { finishImport, setProgress, type ImportTask } from "./queries";

/** How often the job's progress (bytes read) is written for the page's bar. */
const PROGRESS_MS = 500;

/** A refusal after the file read well (an overlap): the import fails with this message. */
export class ImportRefused extends Error {}

/** Every row the stream makes, rows of the same day, list, group and label summed. */
async function rowsOf(stream: ImportedStream, task: Pick<ImportTask, "tz" | "domain">): Promise<ImportedRow[]> {
  if (stream.kind === "hits") {
    const fold = createFold(task.tz, task.domain);
    for await (const hit of stream.hits) fold.add(hit);
    return fold.rows();
  }
  const merged = new Map<string, ImportedRow>();
  for await (const row of stream.rows) {
    const key = `${row.day}\0${row.dim}\0${row.group}\0${row.label}`;
    const had = merged.get(key);
    if (!had) merged.set(key, { ...row });
    else {
      had.views += row.views;
      had.uniques += row.uniques;
      had.bounces += row.bounces;
      had.durationMs += row.durationMs;
    }
  }
  return [...merged.values()];
}

/** The rows the domain takes: refused, or cut before its first own day (`keepOwn`), where they overlap its own hits or another import. */
async function admitted(ctx: Pick<AppContext, "db">, task: ImportTask, rows: ImportedRow[]): Promise<ImportedRow[]> {
  const { sql } = ctx.db;
  const own = await firstOwnDay(sql, task.siteId);
  const lastDay = rows.reduce((m, r) => (r.day > m ? r.day : m), "");
  if (own !== null && lastDay >= own) {
    if (!task.keepOwn) {
      throw new ImportRefused(
        `The file holds days up to ${lastDay}, and this domain has its own hits from ${own}. ` +
          `Import it again with "keep the domain's own days" (overlap=own) to import only the days before ${own}.`,
      );
    }
    rows = rows.filter((r) => r.day < own);
  }
  const days = [...new Set(rows.map((r) => r.day))];
  const held = days.length ? await daysImportedAlready(sql, task.siteId, task.id, days) : null;
  if (held) {
    throw new ImportRefused(
      `The file holds days from ${held.first} to ${held.last} that another import of this domain holds already. ` +
        "Delete that import first, or export a period without those days.",
    );
  }
  return rows;
}

/** Runs the import from the start; throws ImportFault (model.ts), ImportRefused, or the abort when `signal` aborts. */
export async function runImport(ctx: Pick<AppContext, "db">, task: ImportTask, path: string, signal: AbortSignal): Promise<void> {
  const { sql } = ctx.db;
  const size = statSync(path).size;
  let read = 0;
  const ticker = setInterval(() => void setProgress(sql, task.id, read).catch(() => undefined), PROGRESS_MS);
  let rows: ImportedRow[];
  try {
    const stream = await importers[task.format]({ path, size, signal, progress: (n) => void (read = n) });
    rows = await rowsOf(stream, task);
  } finally {
    clearInterval(ticker);
  }
  signal.throwIfAborted();
  // NOTE: reading leaves the file's decoded lines as garbage that JSC collects late; collected now,
  // the write's memory (the rows' arrays, the database's) does not come on top of it.
  Bun.gc(true);
  rows = await admitted(ctx, task, rows);
  const [weights, fallback] = await Promise.all([pageWeights(sql, task.siteId), homePageBytes(sql, task.domain)]);
  const stored = withEstimatedBytes(rows, weights, fallback);
  let firstDay: string | null = null;
  let lastDay: string | null = null;
  const dims = new Set<string>();
  for (const r of rows) {
    if (firstDay === null || r.day < firstDay) firstDay = r.day;
    if (lastDay === null || r.day > lastDay) lastDay = r.day;
    dims.add(r.dim);
  }
  const done = { rows: rows.length, firstDay, lastDay, dims: [...dims], bytes: size };
  signal.throwIfAborted();
  await sql.begin(async (tx) => {
    await writeImportedRows(tx, task.id, task.siteId, stored);
    // NOTE: an import deleted (cancelled) while its rows were on their way: the transaction rolls back.
    if (!(await finishImport(tx, task.id, done))) throw new DOMException("The import was deleted", "AbortError");
    await bumpStatsEpochs(tx, [task.siteId]);
  });
}
