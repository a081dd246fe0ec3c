// `npm run bench:tracker`: the tracker's and its web-vitals extension's sizes as served — minified,
// gzip and brotli bytes — next to the gzip figures of comparable trackers (measured from their
// sources), and each against its budget.
import { brotliCompressSync, constants } from "node:zlib";
import { buildTracker, buildVitals, TRACKER_BUDGET_GZIP, VITALS_BUDGET_GZIP, type BuiltTracker } from "../tracker/build";

const tracker = await buildTracker();
const vitals = await buildVitals();
const row = (name: string, { js, gzip }: BuiltTracker): [string, string, string, string] => {
  const brotli = brotliCompressSync(js, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
  return [name, `${new TextEncoder().encode(js).byteLength}`, `${gzip.byteLength}`, `${brotli}`];
};
const rows: [string, string, string, string][] = [
  row("Bothy", tracker),
  row("Bothy web vitals", vitals),
  ["Cabin", "", "1199", ""],
  ["Umami", "", "2224", ""],
  ["Plausible (full)", "", "2670", ""],
];
console.log("script              minified   gzip  brotli   (bytes)");
for (const [name, m, g, b] of rows) console.log(`${name.padEnd(18)}${m.padStart(10)}${g.padStart(7)}${b.padStart(8)}`);
const budget = (name: string, { gzip }: BuiltTracker, goal: number) =>
  `${name} budget: ${goal} B gzip — ${gzip.byteLength <= goal ? "within" : "OVER"} (${goal - gzip.byteLength} B to spare)`;
console.log(`\n${budget("tracker", tracker, TRACKER_BUDGET_GZIP)}\n${budget("web vitals", vitals, VITALS_BUDGET_GZIP)}\ngzip by libdeflate at level 12`);
