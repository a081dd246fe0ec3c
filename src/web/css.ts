// Tailwind CSS v4, compiled at build time: scan our sources for class names, compile the theme in
// components/theme.css, minify with Lightning CSS. One stylesheet for the whole site.
import { compile, optimize } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// NOTE: only these folders hold class names; scanning node_modules would add noise and seconds.
export const CSS_SOURCES = ["src/pages", "src/web", "components"];

export async function buildCss(root: string, minify: boolean): Promise<string> {
  const entry = join(root, "components/theme.css");
  const compiler = await compile(readFileSync(entry, "utf8"), { base: join(root, "components"), onDependency: () => {} });
  const scanner = new Scanner({
    sources: CSS_SOURCES.map((dir) => ({ base: join(root, dir), pattern: "**/*.{ts,tsx}", negated: false })),
  });
  const css = compiler.build(scanner.scan());
  return optimize(css, { minify }).code;
}
