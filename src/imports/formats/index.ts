// The formats an import reads: one importer per tool, each opening the uploaded file and answering
// either per-day rows (the tools that export aggregates) or single hits (the tools that export raw
// rows, folded into days by ../fold.ts). An importer refuses a malformed file with an ImportFault.
import type { ImportFormat } from "../../shared/import-jobs";
import { fathom } from "./fathom";
import { ga4 } from "./ga4";
import { goatcounter } from "./goatcounter";
import { matomo } from "./matomo";
import { plausible } from "./plausible";
import { simpleanalytics } from "./simpleanalytics";
import type { Importer } from "./types";
import { umami } from "./umami";

export type { ImportedStream, Importer, ImportSource } from "./types";

export const importers: Record<ImportFormat, Importer> = {
  plausible,
  umami,
  ga4,
  matomo,
  goatcounter,
  simpleanalytics,
  fathom,
};
