// Streaming readers for the importers: an uploaded file read chunk by chunk (progress reported,
// stopped when the import is cancelled; unpacked when gzipped), as CSV records or as lines (NDJSON). Nothing holds more
// than one line: a line over 1 MB is refused with its number, as is a CSV record the parser cannot
// read, so a 1 GB file streams through in bounded memory.
import { closeSync, createReadStream, openSync, readSync } from "node:fs";
import { pipeline, Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { CsvError, parse } from "csv-parse";
import { dayMs } from "../../shared/days";
import { ImportFault } from "../model";
import type { ImportSource } from "./types";

/** The longest line (or CSV record) an importer reads. */
const MAX_LINE = 1 << 20;
const TOO_LONG = "a line over 1 MB";

/** The file's bytes as stored, reporting how far the reader is; fails with an AbortError when the import is cancelled. */
async function* stored(src: ImportSource): AsyncGenerator<Buffer> {
  let read = 0;
  for await (const chunk of createReadStream(src.path, { signal: src.signal, highWaterMark: 1 << 16 }) as AsyncIterable<Buffer>) {
    read += chunk.length;
    src.progress(read);
    yield chunk;
  }
}

/** Whether the file is gzip-compressed (its magic bytes), as GoatCounter's export downloads are. */
function gzipped(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/**
 * The file's bytes, unpacked when gzipped (progress still counts the stored bytes); a cut-off or
 * corrupt gzip file is an ImportFault of the file as a whole.
 */
async function* chunks(src: ImportSource): AsyncGenerator<Buffer> {
  if (!gzipped(src.path)) return yield* stored(src);
  try {
    yield* pipeline(Readable.from(stored(src)), createGunzip(), () => {}) as AsyncIterable<Buffer>;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "Z_BUF_ERROR" || code === "Z_DATA_ERROR") throw new ImportFault(0, "the gzip file is cut off or damaged");
    throw err;
  }
}

const BLANK = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]); // whitespace and a UTF-8 BOM's bytes

/** The file's first byte (unpacked) that is neither blank nor a byte-order mark, or null for a blank file. */
export async function firstByte(src: ImportSource): Promise<number | null> {
  for await (const chunk of chunks(src)) for (const b of chunk) if (!BLANK.has(b)) return b;
  return null;
}

/** The file's lines (without their line ends), numbered from 1. */
export async function* lines(src: ImportSource): AsyncGenerator<{ line: number; text: string }> {
  const decoder = new TextDecoder();
  let pending: Buffer = Buffer.alloc(0);
  let line = 0;
  for await (const chunk of chunks(src)) {
    let buf = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let nl: number;
    while ((nl = buf.indexOf(10)) >= 0) {
      line++;
      if (nl > MAX_LINE) throw new ImportFault(line, TOO_LONG);
      yield { line, text: decoder.decode(buf.subarray(0, nl)).replace(/\r$/, "") };
      buf = buf.subarray(nl + 1);
    }
    if (buf.length > MAX_LINE) throw new ImportFault(line + 1, TOO_LONG);
    pending = buf;
  }
  if (pending.length) yield { line: line + 1, text: decoder.decode(pending).replace(/\r$/, "") };
}

type CsvRow = { line: number; cells: string[] };
export type Csv = {
  /** The header's cells, as the file has them, and its line (after a preamble, not the first). */
  header: string[];
  headerLine: number;
  /** The index of a column, or -1. */
  col(name: string): number;
  rows: AsyncIterable<CsvRow>;
};

/** A CSV fault as an ImportFault naming its line. */
function fault(err: unknown): unknown {
  if (!(err instanceof CsvError)) return err;
  const line = Number((err as CsvError & { lines?: number }).lines) || 0;
  return new ImportFault(line, err.code === "CSV_MAX_RECORD_SIZE" ? TOO_LONG : err.message);
}

async function* records(it: AsyncIterator<{ record: string[]; info: { lines: number } }>, width: number): AsyncGenerator<CsvRow> {
  let r;
  try {
    r = await it.next();
  } catch (err) {
    throw fault(err);
  }
  for (; !r.done; r = await it.next().catch((err: unknown) => Promise.reject(fault(err)))) {
    const { record, info } = r.value;
    if (record.length !== width) throw new ImportFault(info.lines, `${record.length} cells where the header has ${width}`);
    yield { line: info.lines, cells: record };
  }
}

/**
 * Opens a CSV file and reads its header (the first record); refuses an empty file and a header
 * without one of the `required` columns, naming it.
 */
export const openCsv = (src: ImportSource, required: readonly string[], comments = false): Promise<Csv> =>
  csvOf(chunks(src), required, comments);

/**
 * openCsv over bytes from elsewhere (a ZIP's entry). With `comments`, lines that begin with "#" are
 * skipped (a preamble); a "#" inside a line is the line's own.
 */
export async function csvOf(bytes: AsyncIterable<Buffer>, required: readonly string[], comments = false): Promise<Csv> {
  const parser = parse({
    bom: true, info: true, skip_empty_lines: true, relax_column_count: true, max_record_size: MAX_LINE,
    ...(comments ? { comment: "#", comment_no_infix: true } : {}),
  });
  // NOTE: pipeline, not pipe: a read error (a cancelled import) must end the parser's iteration too.
  pipeline(Readable.from(bytes), parser, () => {});
  const it = (parser as AsyncIterable<{ record: string[]; info: { lines: number } }>)[Symbol.asyncIterator]();
  let first;
  try {
    first = await it.next();
  } catch (err) {
    throw fault(err);
  }
  if (first.done) throw new ImportFault(0, "the file is empty");
  const header = first.value.record.map((c) => c.trim());
  const index = new Map(header.map((c, i) => [c, i]));
  const missing = required.find((c) => !index.has(c));
  if (missing !== undefined) throw new ImportFault(first.value.info.lines, `missing column "${missing}"`);
  return { header, headerLine: first.value.info.lines, col: (name) => index.get(name) ?? -1, rows: records(it, header.length) };
}

/** A row's cells by column name (trimmed; "" where the file lacks the column), for the columns a format reads. */
export function cellsBy<N extends string>(csv: Csv, names: readonly N[]): (cells: string[]) => (name: N) => string {
  const col = new Map(names.map((n) => [n, csv.col(n)]));
  return (cells) => (name) => {
    const i = col.get(name) ?? -1;
    return i < 0 ? "" : (cells[i] ?? "").trim();
  };
}

/** A cell's value clipped for an error message. */
export const shown = (v: string) => JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);

/** Whether a YYYY-MM-DD is a calendar day; remembered, as a file's rows share a few thousand days. */
const calendarDays = new Map<string, boolean>();
function isCalendarDay(key: string): boolean {
  let known = calendarDays.get(key);
  if (known === undefined) {
    if (calendarDays.size >= 10_000) calendarDays.clear();
    calendarDays.set(key, (known = dayMs(key) !== null));
  }
  return known;
}

const ISO = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/**
 * An ISO 8601 date and time of the file ("2024-05-01T10:00:00Z", "2024-05-01 10:00:00.123+00");
 * one without a zone is UTC, as the tools export it. Anything else is an ImportFault naming the line.
 */
export function isoDate(line: number, raw: string): Date {
  const v = raw.trim();
  // NOTE: Date.parse rolls 30 February over into March; the day itself must be a calendar day.
  const m = isCalendarDay(v.slice(0, 10)) ? ISO.exec(v) : null;
  const ms = m ? Date.parse(m[3] ? v.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00") : `${v.replace(" ", "T")}Z`) : NaN;
  if (!Number.isFinite(ms)) throw new ImportFault(line, `bad date ${shown(raw)}`);
  return new Date(ms);
}

/** A date from milliseconds since the epoch, or an ImportFault naming the line. */
export function msDate(line: number, ms: number, raw: string): Date {
  if (!Number.isFinite(ms) || ms <= 0) throw new ImportFault(line, `bad date ${shown(raw)}`);
  return new Date(ms);
}
