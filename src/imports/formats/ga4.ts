// Google Analytics 4 comes in two shapes under one format name: the BigQuery events_ export as
// NDJSON (single events, ./ga4-bigquery.ts) and the GA4 UI's report CSVs (days). The file's first
// non-blank byte tells them apart: a JSON object starts with "{", a CSV never does.
import { open } from "node:fs/promises";
import { ImportFault } from "../model";
import { ga4BigQuery } from "./ga4-bigquery";
import type { Importer, ImportSource } from "./types";

const BLANK = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]); // whitespace and a UTF-8 BOM's bytes

/** The file's first byte that is neither blank nor a byte-order mark, or null for a blank file. */
async function firstByte(src: ImportSource): Promise<number | null> {
  const file = await open(src.path, "r");
  try {
    const buf = Buffer.alloc(64 * 1024);
    for (let at = 0; ; ) {
      const { bytesRead } = await file.read(buf, 0, buf.length, at);
      if (bytesRead === 0) return null;
      for (let i = 0; i < bytesRead; i++) if (!BLANK.has(buf[i]!)) return buf[i]!;
      at += bytesRead;
    }
  } finally {
    await file.close();
  }
}

export const ga4: Importer = async (src) => {
  const first = await firstByte(src);
  if (first === null) throw new ImportFault(0, "the file is empty");
  if (first === 0x7b) return ga4BigQuery(src);
  throw new ImportFault(0, "GA4 report CSVs cannot be imported yet: export the BigQuery events_ tables as newline-delimited JSON");
};
