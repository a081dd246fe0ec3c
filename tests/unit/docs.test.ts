// The repository's docs stay true to it: every file or folder that docs/architecture.md names, in a
// code span, a link or its drawing of a hit's walk, exists; so does every file a README link points at.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** Repository paths a text names: `src/…`, `tests/…` and the like, wherever they appear. */
function namedPaths(text: string): string[] {
  const found = text.match(/(?<![\w./-])(?:src|components|tracker|sql|tests|bench|docs)\/[\w./-]*[\w/]/g) ?? [];
  return [...new Set(found)];
}

/** Targets of relative Markdown links, resolved against the file's folder. */
function linkTargets(text: string, file: string): string[] {
  const targets = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
  return targets.filter((t) => !/^[a-z]+:/.test(t)).map((t) => normalize(join(dirname(file), t)));
}

describe("docs/architecture.md", () => {
  const doc = read("docs/architecture.md");

  test("names real files", () => {
    const paths = namedPaths(doc);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });

  test("links to files that exist", () => {
    expect(linkTargets(doc, "docs/architecture.md").filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });

  test("draws the walk of a hit, each step naming its file", () => {
    const walk = /## The walk of a hit\n[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1] ?? "";
    const steps = ["tracker", "collect", "pipeline", "writer", "hits", "aggregates", "stats", "dashboard"];
    const lines = walk.split("\n");
    for (const step of steps) {
      const at = lines.findIndex((l) => new RegExp(`^${step}\\b`).test(l));
      expect({ step, found: at >= 0 }).toEqual({ step, found: true });
      expect({ step, names: namedPaths(lines.slice(at, at + 3).join("\n")).length > 0 }).toEqual({ step, names: true });
    }
  });
});

describe("the helpers above", () => {
  test("find paths in prose, spans and drawings, and resolve relative links", () => {
    expect(namedPaths("see `src/a.ts`, then src/b/c.tsx; not xsrc/d.ts")).toEqual(["src/a.ts", "src/b/c.tsx"]);
    expect(linkTargets("[a](../README.md) [b](security.md#x) [c](https://example.com)", "docs/architecture.md")).toEqual(["README.md", "docs/security.md"]);
  });
});

test("README links only to files inside the repository that exist", () => {
  const readme = read("README.md");
  expect(linkTargets(readme, "README.md").filter((p) => p.startsWith("..") || !existsSync(join(ROOT, p)))).toEqual([]);
});
