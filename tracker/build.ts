// Builds the tracker and its web-vitals extension with Bun.build, then terser, and keeps the results
// in memory; the server serves them and the size test and `npm run bench:tracker` measure the same
// bytes.
import { join } from "node:path";
import { minify } from "terser";

export { TRACKER_BUDGET_GZIP, VITALS_BUDGET_GZIP } from "../src/shared/tracker";
export const TRACKER_ENTRY = join(import.meta.dir, "src", "tracker.js");
const VITALS_ENTRY = join(import.meta.dir, "src", "vitals.js");

export type BuiltTracker = { js: string; gzip: Uint8Array<ArrayBuffer> };

async function build(entry: string, module: boolean): Promise<BuiltTracker> {
  // NOTE: the tracker imports the extension by its served path, which is no file to bundle.
  const out = await Bun.build({ entrypoints: [entry], minify: true, target: "browser", format: "esm", external: ["/js/vitals.js"] });
  if (!out.success) throw new Error(`tracker build failed: ${out.logs.map(String).join("; ")}`);
  // NOTE: terser over Bun's minified output saves ~10 bytes gzip more than either alone.
  const { code } = await minify((await out.outputs[0]!.text()).trim(), { ecma: 2020, compress: { passes: 3 }, mangle: true, module });
  const js = code!;
  // NOTE: libdeflate at its highest level packs the same bytes into a smaller gzip than zlib's 9.
  const gzip = Bun.gzipSync(new TextEncoder().encode(js), { library: "libdeflate", level: 12 });
  return { js, gzip: gzip as Uint8Array<ArrayBuffer> };
}

let built: Promise<BuiltTracker> | undefined;
let builtVitals: Promise<BuiltTracker> | undefined;

/** The tracker: a classic script. */
export const buildTracker = (): Promise<BuiltTracker> => (built ??= build(TRACKER_ENTRY, false));

/** The web-vitals extension: a module, which the tracker imports. */
export const buildVitals = (): Promise<BuiltTracker> => (builtVitals ??= build(VITALS_ENTRY, true));
