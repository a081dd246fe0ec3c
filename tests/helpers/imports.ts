// Running an importer over a file as the imports room's job does (open, read every hit or row),
// folding per-event files into days, and catching the fault a malformed file gets. Temporary
// files go in one directory the caller removes (removedAfterAll).
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import JSZip from "jszip";
import { createFold } from "../../src/imports/fold";
import type { Importer, ImportSource } from "../../src/imports/formats";
import { ImportFault, type ImportedRow } from "../../src/imports/model";

export function sourceOf(path: string, signal = new AbortController().signal): ImportSource & { read: number } {
  const src = { path, size: statSync(path).size, read: 0, signal, progress: (n: number) => void (src.read = n) };
  return src;
}

/** Every row the file makes: a per-day file's rows, or a per-event file's hits folded in `zone` for `domain`. */
export async function importRows(importer: Importer, path: string, zone = "UTC", domain = "example.com"): Promise<ImportedRow[]> {
  const stream = await importer(sourceOf(path));
  if (stream.kind === "days") return Array.fromAsync(stream.rows);
  const fold = createFold(zone, domain);
  for await (const hit of stream.hits) fold.add(hit);
  return fold.rows();
}

/** The fault an importer refuses a file with, at open or while reading; throws when it accepts it. */
export async function faultOf(importer: Importer, path: string): Promise<ImportFault> {
  try {
    await importRows(importer, path);
  } catch (err) {
    if (err instanceof ImportFault) return err;
    throw err;
  }
  throw new Error(`${path} was accepted`);
}

/** A directory for a test file's own files. */
export const scratchDir = () => mkdtempSync(join(tmpdir(), "bothy-imports-"));

/** Writes `text` to `name` in `dir`; returns its path. */
export function fileIn(dir: string, name: string, text: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** One CSV line's cells (quoted cells with commas and doubled quotes), for tests to read fixtures on their own. */
export function cells(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)) out.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!);
  return out;
}

/** A fixture's data rows as objects by header name. */
export function table(text: string): Record<string, string>[] {
  const [head, ...lines] = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const names = cells(head!);
  return lines.map((l) => Object.fromEntries(cells(l).map((v, i) => [names[i]!, v])));
}

/** The folded rows of one list by day and label: "day|label" → the row. */
export const byDay = (rows: ImportedRow[], dim: string) =>
  new Map(rows.filter((r) => r.dim === dim).map((r) => [r.group ? `${r.day}|${r.label}|${r.group}` : `${r.day}|${r.label}`, r]));

/** Counts of keys, as a plain object sorted by key (for toEqual). */
export function tally(keys: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys.sort()) out[k] = (out[k] ?? 0) + 1;
  return out;
}

/**
 * A ZIP of a fixture directory's files (the tools' exports that come as a ZIP are kept unzipped in
 * the repository, so a diff shows their rows); `edit` may change, add or drop files first.
 */
export async function zipOf(dir: string, edit: (files: Map<string, Buffer>) => void = () => {}): Promise<Buffer> {
  const files = new Map(readdirSync(dir).sort().map((name) => [name, readFileSync(join(dir, name))] as const));
  edit(files);
  const zip = new JSZip();
  for (const [name, data] of files) zip.file(name, data);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/** The rows' sum of one figure per "day|label" of one list (a per-day format's rows repeat a key where the file splits a label). */
export function sumsOf(rows: ImportedRow[], dim: string, figure: "views" | "uniques" | "bounces" | "durationMs" = "views"): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows.filter((x) => x.dim === dim)) out[`${r.day}|${r.label}`] = (out[`${r.day}|${r.label}`] ?? 0) + r[figure];
  return out;
}
