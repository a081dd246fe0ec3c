// The web build: three Bun.build passes (RSC with the react-server condition, browser with code
// splitting, SSR) plus the Tailwind stylesheet, written to dist/<id>/ with a manifest.json.
// The id is a hash of every input, so a build is reused while nothing changed and a running
// server never has its files deleted under it by a newer build (they go to another folder).
// Usage: `npm run build` (production) or `bun src/web/build.ts --dev`.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { lodashEsPlugin, pathTooltipPlugin, victoryVendorPlugin } from "./aliases";
import { buildCss } from "./css";
import { minifyDir } from "./minify";
import { findServerModules, rscPlugin, serverStubPlugin, type Graph } from "./plugins";

export const ROOT = join(import.meta.dir, "../..");
const DEFAULT_OUTDIR = join(ROOT, "dist");
const DEFAULT_SITE = join(ROOT, "src/pages/site.ts");
const INPUT_DIRS = ["src", "components"];
const ASSET_BASE = "/assets/";
// NOTE: inside the build folder, which the server may write (the Docker image hands it to the app user).
const TERSER_CACHE = ".terser-cache";

type Mode = "production" | "development";
type ClientEntry = { id: string; chunks: string[]; name: string };
export type WebManifest = {
  id: string;
  mode: Mode;
  clientManifest: Record<string, ClientEntry>;
  ssrManifest: {
    moduleMap: Record<string, Record<string, ClientEntry>>;
    serverModuleMap: null;
    moduleLoading: null;
  };
  /** URL of the browser bootstrap module. */
  bootstrap: string;
  /** URLs to <link rel="modulepreload"> on every page: the bootstrap and its chunks. */
  preload: string[];
  /** Per client module URL, the chunks it imports statically (transitively) beyond `preload`: a
   * page using the module preloads them too, instead of finding them once the module is parsed. */
  chunksOf: Record<string, string[]>;
  css: string;
  timings: Record<string, number>;
};
export type Built = { dir: string; manifest: WebManifest };

/** A hash of every build input; equal hashes mean an identical build. */
export function inputsHash(mode: Mode, site = DEFAULT_SITE, root = ROOT): string {
  const hasher = new Bun.CryptoHasher("sha256");
  hasher.update(`${mode}\0${Bun.version}\0${site}\0`);
  const files: string[] = ["package-lock.json"];
  for (const dir of inputDirs(site)) {
    if (!existsSync(join(root, dir))) continue;
    for (const rel of new Bun.Glob("**/*").scanSync({ cwd: join(root, dir), onlyFiles: true })) files.push(`${dir}/${rel}`);
  }
  for (const file of files.sort()) {
    if (!existsSync(join(root, file))) continue;
    hasher.update(`${file}\0`);
    hasher.update(readFileSync(join(root, file)));
  }
  return `${mode === "production" ? "p" : "d"}-${hasher.digest("hex").slice(0, 16)}`;
}

/** Source folders: ours, plus the folder of a test build's site module. */
export const inputDirs = (site = DEFAULT_SITE) => {
  const own = relative(ROOT, dirname(site));
  return INPUT_DIRS.some((d) => own === d || own.startsWith(`${d}/`)) ? INPUT_DIRS : [...INPUT_DIRS, own];
};

const readManifest = (dir: string): WebManifest => JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));

/** Marks a build as in use, so prune() (which goes by age) leaves it alone. */
export function markInUse(dir: string) {
  const now = new Date();
  try {
    utimesSync(dir, now, now);
  } catch {
    // pruned already: the process serving it keeps what it loaded, and the next start builds again
  }
}

/** Returns the build for the current inputs, building it first when it is missing. */
export type BuildOptions = { mode: Mode; outdir?: string; /** tests: a site module other than src/pages */ site?: string };

export async function ensureBuilt(opts: BuildOptions): Promise<Built> {
  const outdir = opts.outdir ?? DEFAULT_OUTDIR;
  const id = inputsHash(opts.mode, opts.site);
  const dir = join(outdir, id);
  if (existsSync(join(dir, "manifest.json"))) {
    markInUse(dir);
    return { dir, manifest: readManifest(dir) };
  }
  return build({ ...opts, outdir, id });
}

/** Builds into outdir/<id> through a private temp folder renamed into place at the end. */
async function build(opts: BuildOptions & { id?: string }): Promise<Built> {
  const outdir = opts.outdir ?? DEFAULT_OUTDIR;
  const id = opts.id ?? inputsHash(opts.mode, opts.site);
  const dir = join(outdir, id);
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const manifest = await buildInto(tmp, opts.mode, id, opts.site ?? DEFAULT_SITE);
  try {
    renameSync(tmp, dir);
  } catch {
    // NOTE: another process built the same inputs first; its result is identical, use it.
    rmSync(tmp, { recursive: true, force: true });
  }
  prune(outdir, id);
  return { dir, manifest: existsSync(join(dir, "manifest.json")) ? readManifest(dir) : manifest };
}

/**
 * Deletes builds other than `keep` not built or reused for ten minutes (a server may still use one),
 * and other processes' temp folders after an hour (a build still running writes into one).
 */
export function prune(outdir: string, keep: string) {
  // TRICKY: ages are change times (a rename, a reuse's utimes, a new entry) read against `keep`'s,
  // just set by the kernel, not Date.now(): a process whose clock is moved (the tests' FAKE_NOW)
  // would find every other build old, and a reuse's utimes writes that moved time as the mtime.
  const now = statSync(join(outdir, keep), { throwIfNoEntry: false })?.ctimeMs;
  if (now === undefined) return;
  for (const name of readdirSync(outdir)) {
    const path = join(outdir, name);
    const maxAge = name.includes(".tmp-") ? 60 * 60_000 : 10 * 60_000;
    try {
      // NOTE: dot folders are caches shared by builds (TERSER_CACHE), which prune themselves.
      if (name !== keep && !name.startsWith(".") && statSync(path).ctimeMs < now - maxAge) rmSync(path, { recursive: true, force: true });
    } catch {
      // another process renamed or removed it meanwhile
    }
  }
}

export function check(result: Awaited<ReturnType<typeof Bun.build>>, pass: string) {
  if (!result.success) throw new AggregateError(result.logs, `web build: the ${pass} pass failed:\n${result.logs.join("\n")}`);
  // NOTE: a module reading a name its import does not export gets undefined at run time; Bun only
  // warns. The narrowed victory-vendor files (aliases.ts) rely on this being an error.
  const missing = result.logs.filter((l) => /will always be undefined/.test(l.message));
  if (missing.length) throw new AggregateError(missing, `web build: the ${pass} pass reads missing exports:\n${missing.join("\n")}`);
}

async function buildInto(dir: string, mode: Mode, id: string, site: string): Promise<WebManifest> {
  const timings: Record<string, number> = {};
  const time = async <T>(name: string, run: () => Promise<T>) => {
    const t0 = performance.now();
    const out = await run();
    timings[name] = Math.round(performance.now() - t0);
    return out;
  };
  const define = { "process.env.NODE_ENV": JSON.stringify(mode) }; // NOTE: identical in all three passes
  const minify = mode === "production";
  const graph: Graph = { root: ROOT, site, clientModules: new Set(), serverModules: new Set() };
  for (const p of await findServerModules(ROOT, inputDirs(site))) graph.serverModules.add(p);

  // 1. RSC: server components with the react-server condition; finds the client modules.
  const rsc = await time("rsc", () =>
    Bun.build({
      entrypoints: [join(ROOT, "src/web/rsc-entry.tsx")],
      outdir: join(dir, "rsc"),
      target: "bun",
      conditions: ["react-server"],
      define,
      naming: "[name].[ext]",
      plugins: [rscPlugin(graph)],
    }),
  );
  check(rsc, "RSC");

  // 2. Browser: the bootstrap plus every client module as its own entry; React in shared chunks.
  const clientModules = [...graph.clientModules].sort();
  const browser = await time("browser", () =>
    Bun.build({
      entrypoints: [join(ROOT, "src/web/client/browser.tsx"), ...clientModules],
      outdir: join(dir, "client"),
      root: ROOT,
      target: "browser",
      splitting: true,
      minify,
      define,
      publicPath: ASSET_BASE,
      naming: { entry: "[dir]/[name]-[hash].[ext]", chunk: "chunks/[name]-[hash].[ext]" },
      metafile: true,
      plugins: [serverStubPlugin(graph, "browser"), lodashEsPlugin(ROOT), victoryVendorPlugin(), pathTooltipPlugin(ROOT)],
    }),
  );
  check(browser, "browser");
  // NOTE: kept beside the build so `npm run bench:bundle` can say which modules fill each chunk.
  writeFileSync(join(dir, "browser-meta.json"), JSON.stringify(browser.metafile));
  const outputs = browser.metafile!.outputs;
  const urlOf = (out: string) => ASSET_BASE + out.replace(/^\.\//, "");
  const entryUrl = new Map<string, string>();
  for (const [out, meta] of Object.entries(outputs)) {
    if (meta.entryPoint) entryUrl.set(join(ROOT, meta.entryPoint), urlOf(out));
  }
  const clientManifest: WebManifest["clientManifest"] = {};
  const moduleMap: WebManifest["ssrManifest"]["moduleMap"] = {};
  for (const path of clientModules) {
    const url = entryUrl.get(path);
    if (!url) throw new Error(`web build: no browser chunk for ${path}`);
    clientManifest[relative(ROOT, path)] = { id: url, chunks: [url, url], name: "*" };
    moduleMap[url] = { "*": { id: `ssr:${path}`, chunks: [], name: "*" } };
  }
  const bootstrap = entryUrl.get(join(ROOT, "src/web/client/browser.tsx"))!;
  const bootstrapOut = Object.keys(outputs).find((o) => urlOf(o) === bootstrap)!;
  const staticImports = (outputs[bootstrapOut]?.imports ?? []).filter((i) => i.kind === "import-statement");
  // NOTE: each page's own client modules are preloaded by the SSR pass, which sees them (ssr-entry).
  const preload = [bootstrap, ...staticImports.map((i) => ASSET_BASE + relative(join(dir, "client"), join(dir, "client", i.path)))];
  /** The outputs `out` imports statically, directly or through another chunk (metafile paths). */
  const staticChunks = (out: string, found = new Set<string>()): Set<string> => {
    for (const i of outputs[out]?.imports ?? []) {
      if (i.kind !== "import-statement" || found.has(i.path)) continue;
      found.add(i.path);
      staticChunks(i.path, found);
    }
    return found;
  };
  const chunksOf: WebManifest["chunksOf"] = {};
  for (const [out, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint || !clientModules.includes(join(ROOT, meta.entryPoint))) continue;
    chunksOf[urlOf(out)] = [...staticChunks(out)].map(urlOf).filter((url) => !preload.includes(url));
  }

  // 3. SSR: the real client components and react-dom/server, normal conditions.
  const ssr = await time("ssr", () =>
    Bun.build({
      entrypoints: [join(ROOT, "src/web/ssr-entry.tsx")],
      outdir: join(dir, "ssr"),
      target: "bun",
      define,
      naming: "[name].[ext]",
      plugins: [serverStubPlugin(graph, "ssr"), pathTooltipPlugin(ROOT)],
    }),
  );
  check(ssr, "SSR");

  // 4. Production: terser over the browser chunks, after Bun's own minifier (minify.ts says why).
  if (minify) await time("terser", () => minifyDir(join(dir, "client"), join(dirname(dir), TERSER_CACHE)));

  // 5. One stylesheet, named by its content hash.
  const css = await time("css", () => buildCss(ROOT, minify));
  const cssName = `styles-${new Bun.CryptoHasher("sha256").update(css).digest("hex").slice(0, 10)}.css`;
  writeFileSync(join(dir, "client", cssName), css);

  // NOTE: precompressed copies, so static assets cost no CPU per request.
  for (const rel of new Bun.Glob("**/*.{js,css}").scanSync({ cwd: join(dir, "client") })) {
    const path = join(dir, "client", rel);
    writeFileSync(`${path}.gz`, Bun.gzipSync(readFileSync(path), { level: 9 }));
  }

  const manifest: WebManifest = {
    id,
    mode,
    clientManifest,
    ssrManifest: { moduleMap, serverModuleMap: null, moduleLoading: null },
    bootstrap,
    preload: [...new Set(preload)],
    chunksOf,
    css: ASSET_BASE + cssName,
    timings,
  };
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest, null, 2));
  return manifest;
}

if (import.meta.main) {
  const mode: Mode = process.argv.includes("--dev") ? "development" : "production";
  const t0 = performance.now();
  const { dir, manifest } = await build({ mode });
  console.log(`built ${relative(process.cwd(), dir)} (${mode}) in ${Math.round(performance.now() - t0)} ms`, manifest.timings);
}
