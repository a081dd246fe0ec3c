// The formats an import reads: one importer per tool, each opening the uploaded file and answering
// either per-day rows (the tools that export aggregates) or single hits (the tools that export raw
// rows, folded into days by ../fold.ts). An importer refuses a malformed file with an ImportFault.
import type { ImportFormat } from "../../shared/import-jobs";
import { ImportFault } from "../model";
import { ga4 } from "./ga4";
import { goatcounter } from "./goatcounter";
import { matomo } from "./matomo";
import { plausible } from "./plausible";
import { simpleanalytics } from "./simpleanalytics";
import type { Importer } from "./types";
import { umami } from "./umami";

export type { ImportedStream, Importer, ImportSource } from "./types";


/**
 * A format Bothy cannot read: every file of it is refused as a whole, saying why. NOTE: Fathom
 * publishes neither the files nor the columns of its CSV export, and a reader guessed from one
 * export would misread the next.
 */
const unread = (why: string): Importer => () => Promise.reject(new ImportFault(0, why));

export const importers: Record<ImportFormat, Importer> = {
  plausible,
  umami,
  ga4,
  matomo,
  goatcounter,
  simpleanalytics,
  fathom: unread("Fathom files cannot be imported yet: Fathom does not publish the format of its CSV export"),
};
