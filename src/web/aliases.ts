// Browser-pass module substitutions that make the bundle smaller without changing what runs: the
// same library code, reached in a form the bundler can tree-shake (issue 7: dashboard JS budget).
import type { BunPlugin } from "bun";
import { join } from "node:path";

/**
 * victory imports lodash per function (`lodash/defaults`, …) from the CommonJS build; each of
 * the ~150 files it reaches is then wrapped in its own function, which neither tree-shakes nor
 * minifies well. lodash-es, pinned to lodash's version, is the same code as ES modules.
 */
export function lodashEsPlugin(root: string): BunPlugin {
  return {
    name: "lodash-es",
    setup(build) {
      build.onResolve({ filter: /^lodash\/[A-Za-z]+(\.js)?$/ }, (args) => ({
        path: Bun.resolveSync(`lodash-es/${args.path.slice("lodash/".length).replace(/\.js$/, "")}.js`, join(root, "package.json")),
      }));
    },
  };
}
