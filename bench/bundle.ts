// `npm run bench:bundle [-- components/x/Y.tsx …]`: where a page's JS bytes come from, without a
// database or a browser. Builds (or reuses) the production web build, starts from the browser
// bootstrap and the client modules named (default: the dashboard), follows every import, static
// and dynamic, and prints each file's gzip size as served, largest first, with the packages that
// fill it (their minified bytes before gzip, from Bun's metafile, so before the terser pass).
// A static estimate: `npm run bench:dashboard` measures what the page really fetches.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ensureBuilt, ROOT } from "../src/web/build";

type Output = { bytes: number; entryPoint?: string; imports?: { path: string; kind: string }[]; inputs: Record<string, { bytesInOutput: number }> };

const modules = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const wanted = ["src/web/client/browser.tsx", ...(modules.length ? modules : ["components/dashboard/Dashboard.tsx"])];
const { dir } = await ensureBuilt({ mode: "production" });
const outputs = (JSON.parse(readFileSync(join(dir, "browser-meta.json"), "utf8")) as { outputs: Record<string, Output> }).outputs;

// NOTE: a file reached through static imports is fetched with the page; one reached only through
// dynamic import() is fetched when the page asks for it (the chart once mounted, the map once in view).
const seen = new Map<string, "load" | "later">();
const visit = (out: string, when: "load" | "later") => {
  if (!outputs[out] || seen.get(out) === "load" || seen.get(out) === when) return;
  seen.set(out, when);
  for (const i of outputs[out].imports ?? []) {
    const next = i.path.startsWith("./") ? i.path : `./${relative(join(dir, "client"), join(dir, "client", i.path))}`;
    visit(next, i.kind === "dynamic-import" ? "later" : when);
  }
};
for (const path of wanted) {
  const out = Object.keys(outputs).find((o) => outputs[o]!.entryPoint === path);
  if (!out) throw new Error(`no browser entry for ${path} (is it a "use client" module the site reaches?)`);
  visit(out, "load");
}

// A module's owner: its npm package, or its folder in this repository.
const owner = (input: string) => input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? input.split("/").slice(0, 2).join("/");
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const rows = [...seen].map(([out, when]) => {
  const code = readFileSync(join(dir, "client", out));
  const by = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(outputs[out]!.inputs)) by.set(owner(input), (by.get(owner(input)) ?? 0) + bytesInOutput);
  return { out, when, raw: code.byteLength, gzip: Bun.gzipSync(code, { level: 9 }).byteLength, by: [...by].sort((a, b) => b[1] - a[1]) };
});
rows.sort((a, b) => b.gzip - a.gzip);
const sum = (when?: "load" | "later") => rows.filter((r) => !when || r.when === when).reduce((s, r) => s + r.gzip, 0);
console.log(`JS for ${wanted.slice(1).join(", ")} plus the bootstrap: ${kb(sum())} gzip in ${rows.length} files (build ${relative(ROOT, dir)})`);
console.log(`  with the page: ${kb(sum("load"))} gzip · by import() when the page asks: ${kb(sum("later"))} gzip`);
for (const r of rows) {
  const top = r.by.slice(0, 6).map(([name, bytes]) => `${name} ${kb(bytes)}`).join(", ");
  const later = r.when === "later" ? " (import())" : "";
  console.log(`  ${kb(r.gzip).padStart(9)} gzip ${kb(r.raw).padStart(9)} raw  ${r.out.replace(/^\.\//, "/assets/")}${later}${top ? `  ← ${top}` : ""}`);
}
