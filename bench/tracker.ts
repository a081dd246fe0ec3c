// `npm run bench:tracker`: the tracker's size as served — minified, gzip and brotli bytes — next to
// the gzip figures of comparable trackers (measured from their sources).
import { brotliCompressSync, constants } from "node:zlib";
import { buildTracker, TRACKER_BUDGET_GZIP } from "../tracker/build";

const { js, gzip } = await buildTracker();
const minified = new TextEncoder().encode(js).byteLength;
const brotli = brotliCompressSync(js, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
const rows: [string, string, string, string][] = [
  ["Bothy", `${minified}`, `${gzip.byteLength}`, `${brotli}`],
  ["Cabin", "", "1199", ""],
  ["Umami", "", "2224", ""],
  ["Plausible (full)", "", "2670", ""],
];
console.log("script              minified   gzip  brotli   (bytes)");
for (const [name, m, g, b] of rows) console.log(`${name.padEnd(18)}${m.padStart(10)}${g.padStart(7)}${b.padStart(8)}`);
console.log(`\nbudget: ${TRACKER_BUDGET_GZIP} B gzip — ${gzip.byteLength <= TRACKER_BUDGET_GZIP ? "within" : "OVER"} (${TRACKER_BUDGET_GZIP - gzip.byteLength} B to spare); gzip by libdeflate at level 12`);
