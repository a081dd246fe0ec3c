// What an importer is: it opens an uploaded file and answers per-day rows or single hits. Apart
// from the registry (./index.ts) so that each format's module can name these without a cycle.
import type { ImportedHit, ImportedRow } from "../model";

/** The uploaded file on disk; `progress(bytes)` reports how far the reader is; stop when `signal` aborts. */
export type ImportSource = { path: string; size: number; progress(bytesRead: number): void; signal: AbortSignal };
export type ImportedStream = { kind: "days"; rows: AsyncIterable<ImportedRow> } | { kind: "hits"; hits: AsyncIterable<ImportedHit> };
/** Opens the file; throws ImportFault (model.ts) for a file it refuses, as soon as it sees the fault. */
export type Importer = (src: ImportSource) => Promise<ImportedStream>;
