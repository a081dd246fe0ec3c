// A second minification of the production browser chunks, with terser, after Bun.build, to keep
// the dashboard's JS under its 250 kB gzip budget. Bun's minifier gives the locals of every CommonJS wrapper
// their own long names and leaves statements unmerged; terser's output of the same chunks is
// ~3% smaller gzip (the dashboard's 15 files: 255.0 → 246.8 kB; esbuild as the second pass
// saved only 2.5 kB). File names and imports stay as Bun wrote them, so the manifest and the
// modulepreload lists need no change.
// terser takes a few seconds for all chunks (6–16 s cold on two busy cores), so results are cached by
// content (in the builds folder, beside the builds): vendor chunks (React, victory, the map)
// rarely change between builds.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { minify, type MinifyOptions } from "terser";
import { log } from "../log";

const OPTIONS: MinifyOptions = {
  module: true,
  compress: {},
  mangle: true,
  // NOTE: terser's default keeps /*! … */ and @license comments, as Bun does.
};
const VERSION = (JSON.parse(readFileSync(Bun.resolveSync("terser/package.json", import.meta.dir), "utf8")) as { version: string }).version;
const CACHE_DAYS = 14;

const cacheKey = (code: string) =>
  new Bun.CryptoHasher("sha256").update(`${VERSION}\0${JSON.stringify(OPTIONS)}\0`).update(code).digest("hex").slice(0, 32);

/** Minifies `code` once per content; later calls with the same content read the cache. */
export async function minifyChunk(code: string, cacheDir: string): Promise<string> {
  const file = join(cacheDir, `${cacheKey(code)}.js`);
  if (existsSync(file)) {
    const now = new Date();
    utimesSync(file, now, now); // NOTE: in use; pruneCache() goes by age
    return readFileSync(file, "utf8");
  }
  const out = (await minify(code, OPTIONS)).code;
  if (out === undefined) throw new Error("terser returned no code");
  try {
    mkdirSync(cacheDir, { recursive: true });
    // NOTE: written aside then renamed: builds in other processes may read the same entry.
    const tmp = `${file}.${process.pid}-${Date.now()}`;
    writeFileSync(tmp, out);
    renameSync(tmp, file);
  } catch (err) {
    // NOTE: a cache that cannot be written (read-only or full disk) only costs time.
    log.warn("terser cache not written", { error: err instanceof Error ? err.message : String(err) });
  }
  return out;
}

/** Rewrites every .js file under `dir` (recursively) with its terser output. */
export async function minifyDir(dir: string, cacheDir: string): Promise<void> {
  for (const rel of new Bun.Glob("**/*.js").scanSync({ cwd: dir })) {
    const path = join(dir, rel);
    writeFileSync(path, await minifyChunk(readFileSync(path, "utf8"), cacheDir));
  }
  pruneCache(cacheDir);
}

/** Drops cache entries unused for CACHE_DAYS. */
function pruneCache(cacheDir: string) {
  if (!existsSync(cacheDir)) return;
  const cutoff = Date.now() - CACHE_DAYS * 86_400_000;
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    // NOTE: another build's prune may have removed it since the listing.
    if ((statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < cutoff) rmSync(path, { force: true });
  }
}
