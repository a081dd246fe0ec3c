// Loads a build's RSC and SSR bundles into this process and points the __webpack_* globals at
// them (one global serves both: "rsc-server:" ids are server actions, the rest client modules
// for SSR). In development, rebuilds on every source change and tells the browsers to reload.
import { watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { log } from "../log";
import { ensureBuilt, inputDirs, markInUse, ROOT, type BuildOptions, type Built, type WebManifest } from "./build";

type RscModule = typeof import("./rsc-entry");
type SsrModule = typeof import("./ssr-entry");
export type Bundles = { dir: string; manifest: WebManifest; rsc: RscModule; ssr: SsrModule };

type Globals = { __webpack_require__?: (id: string) => unknown; __webpack_chunk_load__?: () => Promise<void> };

// TRICKY: client module ids ("ssr:<source path>") are the same in every build, yet each build's
// SSR bundle has its own React. With two builds loaded in one process (a development rebuild,
// or test servers on different sites), the global must not hand one build's components to the
// other's renderer ("ReactSharedInternals.H is null"), so ids are tagged with their build folder.
const ssrModules = new Map<string, unknown>();

function tagged(built: Built, ssr: SsrModule): WebManifest {
  const tag = (id: string) => `${built.dir}|${id}`;
  for (const [id, mod] of ssr.ssrModules) ssrModules.set(tag(id), mod);
  const moduleMap: WebManifest["ssrManifest"]["moduleMap"] = {};
  for (const [url, entry] of Object.entries(built.manifest.ssrManifest.moduleMap)) {
    moduleMap[url] = Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, { ...v, id: tag(v.id) }]));
  }
  return { ...built.manifest, ssrManifest: { ...built.manifest.ssrManifest, moduleMap } };
}

async function load(built: Built): Promise<Bundles> {
  const rsc = (await import(join(built.dir, "rsc/rsc-entry.js"))) as RscModule;
  const ssr = (await import(join(built.dir, "ssr/ssr-entry.js"))) as SsrModule;
  const manifest = tagged(built, ssr);
  const g = globalThis as Globals;
  g.__webpack_require__ = (id) => (id.startsWith("rsc-server:") ? rsc.getServerModule(id.slice(11)) : ssrModules.get(id));
  g.__webpack_chunk_load__ = () => Promise.resolve();
  return { dir: built.dir, manifest, rsc, ssr };
}

// NOTE: memoised per build folder, so many test servers in one process share one import.
const loaded = new Map<string, Promise<Bundles>>();
const loadOnce = (built: Built) => {
  let p = loaded.get(built.dir);
  if (!p) loaded.set(built.dir, (p = load(built)));
  return p;
};
const building = new Map<string, Promise<Built>>();

/** How often a build that serves pages marks itself in use: well inside prune()'s ten minutes. */
const IN_USE_EVERY_MS = 60_000;

type BundleSource = {
  current(): Promise<Bundles>;
  /** Development only: called after each rebuild. */
  onReload(listener: () => void): () => void;
  close(): void;
};

export function bundleSource(opts: BuildOptions): BundleSource {
  const key = `${opts.mode}:${opts.outdir ?? ""}:${opts.site ?? ""}`;
  const first = building.get(key) ?? ensureBuilt(opts);
  building.set(key, first);
  let current = first.then(loadOnce);
  current.catch((err) => log.error("web build failed", { error: err instanceof Error ? err.message : String(err) }));
  const listeners = new Set<() => void>();
  let watchers: FSWatcher[] = [];

  if (opts.mode === "development") {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const rebuild = () => {
      const next = ensureBuilt(opts).then(loadOnce);
      next.then(
        () => {
          current = next;
          for (const l of listeners) l();
        },
        (err) => log.error("web rebuild failed", { error: err instanceof Error ? err.message : String(err) }),
      );
    };
    watchers = inputDirs(opts.site).map((dir) =>
      watch(join(ROOT, dir), { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(rebuild, 50); // NOTE: editors write a file in several events
      }),
    );
  }
  // TRICKY: another process's build prunes the builds unused for ten minutes, and this process
  // built or reused its own once, at its start: a long-lived server (or a test worker keeping its
  // modules from file to file) then served pages whose assets were gone. Serving marks it in use.
  let marked = 0;
  const serving = () => {
    if (Date.now() - marked < IN_USE_EVERY_MS) return;
    marked = Date.now();
    void current.then((b) => markInUse(b.dir), () => {});
  };
  return {
    current: () => (serving(), current),
    onReload: (l) => (listeners.add(l), () => listeners.delete(l)),
    close: () => watchers.forEach((w) => w.close()),
  };
}
