// Google Analytics 4 comes in two shapes under one format name: the BigQuery events_ export as
// NDJSON (single events, ./ga4-bigquery.ts) and the GA4 UI's report CSVs (days). The file's first
// non-blank byte (of the unpacked file, when gzipped) tells them apart: a JSON object starts with
// "{", a CSV never does.
import { ImportFault } from "../model";
import { ga4BigQuery } from "./ga4-bigquery";
import { ga4Report } from "./ga4-report";
import { firstByte } from "./read";
import type { Importer } from "./types";

export const ga4: Importer = async (src) => {
  const first = await firstByte(src);
  if (first === null) throw new ImportFault(0, "the file is empty");
  if (first === 0x7b) return ga4BigQuery(src);
  return ga4Report(src);
};
