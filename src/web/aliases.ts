// Module substitutions of the web build: the same library code reached in a form the bundler can
// tree-shake (browser pass; it keeps the dashboard under its JS budget), and one library replaced by a fixed
// drop-in (pathTooltipPlugin).
import type { BunPlugin } from "bun";
import { dirname, join } from "node:path";

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

// victory-core's own list of the scale names it accepts (victory-util/scale.js supportedScaleStrings).
const VICTORY_SCALES = ["scaleLinear", "scaleTime", "scaleLog", "scaleSqrt"];
// What victory's packages call on d3-shape by a fixed name (pie: victory-pie, which the victory
// barrel reaches); curves are looked up by a computed name, so all of them stay.
const VICTORY_SHAPES = ["line", "lineRadial", "area", "radialArea", "arc", "pie"];

/**
 * victory reads d3-scale and d3-shape through `import * as d3X from "victory-vendor/d3-X"` and
 * picks a member by computed name (`d3Scale["scale" + type]`, `d3Shape["curve" + name]`), so a
 * bundler must keep the whole of both packages: symbols, stacks, links, quantile and sequential
 * scales that victory never reaches. Here those two re-export files name what victory can reach.
 * TRICKY: a victory version that reads another member by a fixed name would find it undefined;
 * Bun warns about exactly that ("will always be undefined") and build.ts fails on the warning.
 */
export function victoryVendorPlugin(): BunPlugin {
  return {
    name: "victory-vendor-narrow",
    setup(build) {
      build.onLoad({ filter: /\/victory-vendor\/es\/d3-(scale|shape)\.js$/ }, async (args) => {
        const pkg = args.path.endsWith("d3-scale.js") ? "d3-scale" : "d3-shape";
        const names =
          pkg === "d3-scale"
            ? VICTORY_SCALES
            : [...VICTORY_SHAPES, ...Object.keys(await import(Bun.resolveSync(pkg, dirname(args.path)))).filter((n) => n.startsWith("curve"))];
        return { contents: `export { ${names.join(", ")} } from "${pkg}";\n`, loader: "js" };
      });
    },
  };
}

/**
 * react-svg-worldmap draws its tooltip with react-path-tooltip, whose listeners pile up with every
 * hover; the drop-in beside the map is resolved instead. TRICKY: in the browser and SSR passes
 * alike, so that the server's markup is the markup that hydrates.
 */
export function pathTooltipPlugin(root: string): BunPlugin {
  return {
    name: "path-tooltip",
    setup(build) {
      build.onResolve({ filter: /^react-path-tooltip$/ }, () => ({ path: join(root, "components/dashboard/widgets/path-tooltip.tsx") }));
    },
  };
}
