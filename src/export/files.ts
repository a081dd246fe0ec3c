// The export's two file formats, written as the tables arrive: an XLSX workbook through exceljs's
// streaming WorkbookWriter (one sheet per table, header row bold and frozen, numbers as numbers,
// shares and changes as percentages, columns as wide as their longest cell plus 2), or a ZIP of
// CSV files through jszip (RFC 4180, UTF-8 with a BOM). Both come out as a byte stream whose
// reader sets the pace: nothing holds a whole file.
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { PassThrough, type Readable } from "node:stream";
import type { Cell, Table, TableName } from "./tables";

export type Format = "xlsx" | "csv";

const PERCENT = "0.00%";
/** Excel's General format shows at most this many characters of a number. */
const GENERAL_DIGITS = 11;

/** How a cell reads in the sheet, for its column's width. */
function shown(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "string") return cell;
  if (typeof cell === "number") return String(cell).slice(0, GENERAL_DIGITS);
  return `${(cell.pct * 100).toFixed(2)}%`;
}

const widths = (t: Table): number[] =>
  t.columns.map((header, i) => Math.max(header.length, ...t.rows.map((r) => shown(r[i] ?? null).length)) + 2);

async function writeXlsx(tables: AsyncIterable<Table>, out: PassThrough): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  for await (const t of tables) {
    const sheet = book.addWorksheet(t.name, { views: [{ state: "frozen", ySplit: 1 }] });
    const w = widths(t);
    sheet.columns = t.columns.map((header, i) => ({ header, key: String(i), width: w[i] }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const cells of t.rows) {
      const row = sheet.addRow(cells.map((c) => (c !== null && typeof c === "object" ? c.pct : c)));
      cells.forEach((c, i) => {
        if (c !== null && typeof c === "object") row.getCell(i + 1).numFmt = PERCENT;
      });
      row.commit();
    }
    sheet.commit();
  }
  await book.commit();
}

/** A formula trigger at the start of a text cell: spreadsheet programs would run it. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * What makes a text cell quoted: a quote or line break (RFC 4180), and every separator a spreadsheet
 * program may split on. TRICKY: Excel splits on ";" in many locales and some imports on tabs, so
 * `/a;=HYPERLINK(…)` would become a cell that starts a formula; quoted, it stays one cell, and its
 * text after the separator starts nothing.
 */
const NEEDS_QUOTES = /["\r\n,;\t]/;

/** One CSV field: text that would start a formula gets a leading ' (paths, referrers, events and
 * campaigns are named by visitors) and is quoted, as is text holding a separator, quote or line break. */
function csvField(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  if (typeof cell === "object") return `${Number((cell.pct * 100).toPrecision(12))}%`;
  const formula = FORMULA_START.test(cell);
  if (!formula && !NEEDS_QUOTES.test(cell)) return cell;
  return `"${formula ? "'" : ""}${cell.replace(/"/g, '""')}"`;
}

const ROWS_PER_CHUNK = 500;

/** A table as CSV text, in chunks: the BOM and header first, CRLF after every record. */
function* csvChunks(t: Table): Generator<string> {
  yield `\uFEFF${t.columns.map(csvField).join(",")}\r\n`;
  for (let i = 0; i < t.rows.length; i += ROWS_PER_CHUNK) {
    yield t.rows.slice(i, i + ROWS_PER_CHUNK).map((r) => `${r.map(csvField).join(",")}\r\n`).join("");
  }
}

/** Writes `chunk`, waiting while the stream's buffer is full. */
const write = (s: PassThrough, chunk: string) => (s.write(chunk) ? Promise.resolve() : new Promise<void>((ok) => s.once("drain", ok)));

async function writeZip(names: readonly TableName[], tables: AsyncIterable<Table>, out: PassThrough): Promise<void> {
  const zip = new JSZip();
  // NOTE: every file is a stream of its own, added before the ZIP starts: jszip writes them in
  // order as their text comes, so the archive starts with the first table, not after the last.
  const files = new Map(names.map((name) => [name, new PassThrough()]));
  for (const [name, file] of files) zip.file(`${name}.csv`, file);
  const done = new Promise<void>((ok, fail) => {
    const stream = zip.generateNodeStream({ streamFiles: true, compression: "DEFLATE" }) as Readable;
    stream.on("error", fail).pipe(out).on("finish", ok).on("error", fail);
  });
  for await (const t of tables) {
    const file = files.get(t.name)!;
    for (const chunk of csvChunks(t)) await write(file, chunk);
    file.end();
  }
  await done;
}

/**
 * The file of `tables` (in the order of `names`) in `format`, as a web stream. A failure while it
 * is written (a read that fails) aborts the stream: the download breaks rather than ending short.
 */
export function exportStream(format: Format, names: readonly TableName[], tables: AsyncIterable<Table>, onError: (err: unknown) => void): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  // NOTE: both files start with bytes that need no numbers (the workbook's theme, the first CSV's
  // entry header). The reads wait until those are on their way: a cold read of a long range keeps
  // the main thread busy for seconds, and Bun sends the headers with the first chunk only.
  let started!: () => void;
  const firstChunk = new Promise<void>((ok) => (started = ok));
  const afterFirstChunk = async function* () {
    await firstChunk;
    yield* tables;
  };
  const written = format === "xlsx" ? writeXlsx(afterFirstChunk(), out) : writeZip(names, afterFirstChunk(), out);
  written.catch((err) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  const chunks = out[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else {
        controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        started();
      }
    },
    cancel() {
      out.destroy();
    },
  });
}
