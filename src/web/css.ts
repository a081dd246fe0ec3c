// Tailwind CSS v4, compiled at build time: collect class-name candidates from our sources,
// compile the theme in components/theme.css, minify with Lightning CSS. One stylesheet.
import { compile, optimize } from "@tailwindcss/node";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// NOTE: only these folders hold class names; scanning node_modules would add noise and seconds.
export const CSS_SOURCES = ["src/pages", "src/web", "components"];

// TRICKY: Tailwind's own scanner (@tailwindcss/oxide) is a native package whose platform builds
// the registry here does not all serve, which breaks `npm ci`. Runs of anything but quotes,
// backticks, braces, "=" and whitespace find every candidate ("desk:absolute", "duration-[5000ms]",
// the strings inside `${open ? "block" : "hidden"}`); compile() ignores tokens that are no class.
// NOTE: a bracket group is kept whole, "=" included: attribute variants such as
// aria-[current=page]: would otherwise be cut at "=" and never built.
const CANDIDATE = /(?:[^\s"'`{};<>=[]|\[[^\s"'`\]]*\])+/g;

export function candidates(code: string): string[] {
  return (code.match(CANDIDATE) ?? []).filter((t) => t.length > 1 && t.length < 120);
}

export async function buildCss(root: string, minify: boolean): Promise<string> {
  const entry = join(root, "components/theme.css");
  const compiler = await compile(readFileSync(entry, "utf8"), { base: join(root, "components"), onDependency: () => {} });
  const found = new Set<string>();
  for (const dir of CSS_SOURCES) {
    for (const rel of new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: join(root, dir) })) {
      for (const c of candidates(readFileSync(join(root, dir, rel), "utf8"))) found.add(c);
    }
  }
  return optimize(compiler.build([...found]), { minify }).code;
}
