// Builds the tracker with Bun.build (minified IIFE) and keeps the result in memory; the server
// serves it and the size test and `npm run bench:tracker` measure the same bytes.
import { join } from "node:path";

export { TRACKER_BUDGET_GZIP } from "../src/shared/tracker";
export const TRACKER_ENTRY = join(import.meta.dir, "src", "tracker.js");

export type BuiltTracker = { js: string; gzip: Uint8Array<ArrayBuffer> };

let built: Promise<BuiltTracker> | undefined;

export function buildTracker(): Promise<BuiltTracker> {
  return (built ??= (async () => {
    const out = await Bun.build({ entrypoints: [TRACKER_ENTRY], minify: true, target: "browser", format: "esm" });
    if (!out.success) throw new Error(`tracker build failed: ${out.logs.map(String).join("; ")}`);
    const js = (await out.outputs[0]!.text()).trim();
    // NOTE: libdeflate at its highest level packs the same bytes into a smaller gzip than zlib's 9.
    const gzip = Bun.gzipSync(new TextEncoder().encode(js), { library: "libdeflate", level: 12 });
    return { js, gzip: gzip as Uint8Array<ArrayBuffer> };
  })());
}
