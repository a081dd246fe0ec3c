// The web build's module substitutions (src/web/aliases.ts): lodash reached as lodash-es,
// react-path-tooltip replaced by the map's own drop-in, and victory-vendor's d3-scale / d3-shape
// narrowed to what victory can reach — checked against
// victory-core's own list of accepted scales and d3-shape's own list of curves, and guarded by
// the build failing when a module reads a name the narrowed files lack.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as d3Scale from "d3-scale";
import * as d3Shape from "d3-shape";
import { Scale } from "victory-core";
import { lodashEsPlugin, pathTooltipPlugin, victoryVendorPlugin } from "../../../src/web/aliases";
import { check, ROOT } from "../../../src/web/build";

const work = mkdtempSync(join(tmpdir(), "bothy-aliases-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const plugins = () => [lodashEsPlugin(ROOT), victoryVendorPlugin(), pathTooltipPlugin(ROOT)];

/** Bundles `code` (an ES module in the project root) for the browser with the substitutions. */
async function bundle(name: string, code: string) {
  const entry = join(ROOT, `.aliases-test-${name}-${process.pid}.ts`);
  await Bun.write(entry, code);
  try {
    return await Bun.build({
      entrypoints: [entry],
      outdir: join(work, name),
      target: "browser",
      metafile: true,
      define: { "process.env.NODE_ENV": '"production"' },
      plugins: plugins(),
    });
  } finally {
    rmSync(entry, { force: true });
  }
}

/** Bundles `module`'s export `name` and lists the files that went into it. */
async function inputsOf(name: string, module: string) {
  const built = await bundle(name, `export { ${name} } from "${module}";\n`);
  check(built, name);
  return { built, inputs: Object.values(built.metafile!.outputs).flatMap((o) => Object.keys(o.inputs)) };
}

/** The export names a bundled module ends up with, by running it. */
async function exportNames(name: string, specifier: string): Promise<string[]> {
  const built = await bundle(name, `import * as ns from "${specifier}";\nexport const names = Object.keys(ns);\n`);
  check(built, name);
  const mod = (await import(built.outputs[0]!.path)) as { names: string[] };
  return mod.names.sort();
}

const capitalise = (s: string) => s[0]!.toUpperCase() + s.slice(1);

describe("victory-vendor/d3-scale", () => {
  test("offers every scale victory accepts by name, and no others", async () => {
    // victory turns "linear" into d3Scale.scaleLinear; ask victory which names it accepts.
    const accepted = Object.keys(d3Scale)
      .filter((n) => n.startsWith("scale"))
      .map((n) => n[5]!.toLowerCase() + n.slice(6))
      .filter((s) => Scale.validScale(s))
      .map((s) => `scale${capitalise(s)}`);
    expect(accepted).toContain("scaleTime");
    expect(await exportNames("scale", "victory-vendor/d3-scale")).toEqual(accepted.sort());
  });
});

describe("victory-vendor/d3-shape", () => {
  test("offers every curve (looked up by name) and the shapes victory calls", async () => {
    const names = await exportNames("shape", "victory-vendor/d3-shape");
    for (const curve of Object.keys(d3Shape).filter((n) => n.startsWith("curve"))) expect(names).toContain(curve);
    for (const shape of ["line", "area", "lineRadial", "radialArea", "arc", "pie"]) expect(names).toContain(shape);
    expect(names).not.toContain("symbol");
    expect(names).not.toContain("stack");
  });

  test("a module reading a name the narrowed file lacks fails the build", async () => {
    const built = await bundle("missing", `import * as s from "victory-vendor/d3-shape";\nconsole.log(s.stack);\n`);
    expect(() => check(built, "browser")).toThrow(/reads missing exports[\s\S]*"stack"/);
  });
});

describe("the time chart, bundled", () => {
  test("takes lodash from lodash-es and leaves out d3 code victory cannot reach", async () => {
    const { built, inputs } = await inputsOf("TimeChart", "./components/dashboard/widgets/TimeChart");
    expect(inputs.some((p) => p.includes("node_modules/lodash-es/"))).toBe(true);
    expect(inputs.filter((p) => p.includes("node_modules/lodash/"))).toEqual([]);
    // NOTE: not minified here, so d3's function names show what was kept.
    const code = (await Promise.all(built.outputs.map((o) => o.text()))).join("\n");
    expect(code).toContain("function monotoneX(");
    expect(code).toContain("function time(");
    for (const dropped of ["function Symbol(", "function stack(", "function quantile(", "function sequential("]) expect(code).not.toContain(dropped);
  });
});

describe("the world map, bundled", () => {
  test("draws its tooltip with the map's drop-in, not react-path-tooltip", async () => {
    const { inputs } = await inputsOf("WorldMap", "./components/dashboard/widgets/WorldMap");
    expect(inputs.some((p) => p.endsWith("components/dashboard/widgets/path-tooltip.tsx"))).toBe(true);
    expect(inputs.filter((p) => p.includes("node_modules/react-path-tooltip/"))).toEqual([]);
  });
});
