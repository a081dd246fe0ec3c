// A ZIP of CSV or JSON files (Plausible's and Fathom's exports, a bundle of Matomo's reports): its
// entries by name, each read as a stream of unpacked bytes. The tools' ZIPs are small, so the
// archive is read whole (jszip needs its central directory, at the end); an entry is unpacked
// chunk by chunk and refused past MAX_ENTRY, whatever size its header claims.
import { open, readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import JSZip from "jszip";
import { ImportFault } from "../model";
import type { ImportSource } from "./types";

/** The largest ZIP read, and the largest entry unpacked from it. */
export const MAX_ZIP = 200 * 1024 * 1024;
const MAX_ENTRY = 200 * 1024 * 1024;

export type ZipEntry = { name: string; bytes(): AsyncGenerator<Buffer> };

/** A fault of one file of a ZIP, naming it. */
export const inFile = (name: string, err: unknown) => (err instanceof ImportFault ? new ImportFault(err.line, `${err.reason} in ${name}`) : err);

/** Whether bytes start as a ZIP does ("PK\x03\x04", or an empty archive's "PK\x05\x06"). */
const isZip = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);

/** Whether the uploaded file is a ZIP (its first bytes). */
export async function zipped(src: ImportSource): Promise<boolean> {
  const file = await open(src.path, "r");
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && isZip(buffer);
  } finally {
    await file.close();
  }
}

/**
 * The ZIP's file entries (folders left out, names without their folder), in the archive's order.
 * A file that is no ZIP, or one cut off, is an ImportFault of the file as a whole. Progress counts
 * the archive's bytes as its entries are unpacked.
 */
export async function zipEntries(src: ImportSource): Promise<ZipEntry[]> {
  if (src.size > MAX_ZIP) throw new ImportFault(0, "a ZIP over 200 MB: export a shorter period");
  const buf = await readFile(src.path, { signal: src.signal });
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(buf);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new ImportFault(0, isZip(buf) ? `the ZIP is cut off or damaged (${why})` : "not a ZIP file");
  }
  const files = Object.values(zip.files).filter((f) => !f.dir);
  let done = 0;
  return files.map((file) => ({
    name: file.name.slice(file.name.lastIndexOf("/") + 1),
    async *bytes() {
      let unpacked = 0;
      try {
        // NOTE: jszip's node stream is an old-style one: wrap() makes it async-iterable.
        for await (const chunk of new Readable().wrap(file.nodeStream("nodebuffer")) as AsyncIterable<Buffer>) {
          src.signal.throwIfAborted();
          unpacked += chunk.length;
          if (unpacked > MAX_ENTRY) throw new ImportFault(0, `${file.name}: an entry over 200 MB unpacked`);
          yield chunk;
        }
      } catch (err) {
        if (err instanceof ImportFault || (err instanceof DOMException && err.name === "AbortError")) throw err;
        throw new ImportFault(0, `${file.name}: the ZIP is damaged (${err instanceof Error ? err.message : String(err)})`);
      }
      done++;
      src.progress(Math.round((src.size * done) / files.length));
    },
  }));
}
