// The import graph stays a tree of rooms: no cycle among src/ modules, type-only imports included
// (a type cycle still ties two modules together for a reader); no cycle between rooms either (a
// room is a folder of src/, a file at src/'s top is a room of its own); a room is entered through
// its index.ts only, but for the toolkits every room builds on; and components/ imports nothing
// from src/ but the browser-safe modules docs/architecture.md names.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const IMPORT = /(?:import|export)\s[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The repository file a relative specifier names, or null for packages and assets. */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = join(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = resolve(file, (m[1] ?? m[2])!);
    if (target) out.push(target);
  }
  return out;
}

const files = (dir: string) => [...new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: join(ROOT, dir) })].map((f) => join(ROOT, dir, f));

/** Strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.map((f) => relative(ROOT, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** Rooms whose every module is public: the browser-safe shared rules, the HTTP edge kit and the page framework. */
const TOOLKITS = ["shared", "http", "web"];

/** The room a src/ file lives in: its folder under src/, or its own name for a file at src/'s top. */
function roomOf(file: string): string {
  const parts = relative(join(ROOT, "src"), file).split("/");
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(/\.tsx?$/, "");
}

/** The rooms' graph: which rooms each room imports from, with one example import per edge. */
function roomGraph(modules: Map<string, string[]>): { graph: Map<string, string[]>; example: Map<string, string> } {
  const graph = new Map<string, string[]>();
  const example = new Map<string, string>();
  for (const [from, targets] of modules) {
    const a = roomOf(from);
    if (!graph.has(a)) graph.set(a, []);
    for (const to of targets) {
      const b = roomOf(to);
      if (a === b || graph.get(a)!.includes(b)) continue;
      graph.get(a)!.push(b);
      example.set(`${a}→${b}`, `${relative(ROOT, from)} → ${relative(ROOT, to)}`);
    }
  }
  return { graph, example };
}

/** Imports that enter another room by a file other than its index.ts (toolkits excepted). */
function reachIns(modules: Map<string, string[]>): string[] {
  return [...modules].flatMap(([from, targets]) =>
    targets
      .filter((to) => roomOf(to) !== roomOf(from) && !TOOLKITS.includes(roomOf(to)))
      .filter((to) => relative(join(ROOT, "src"), to).includes("/") && !/\/index\.tsx?$/.test(to))
      .map((to) => `${relative(ROOT, from)} → ${relative(ROOT, to)}`),
  );
}

/** Each cycle between rooms, told as one import per edge, so the import to move is in sight. */
function roomCycles(modules: Map<string, string[]>): string[][] {
  const { graph, example } = roomGraph(modules);
  const found = cycles(new Map([...graph].map(([room, to]) => [join(ROOT, room), to.map((b) => join(ROOT, b))])));
  return found.map((scc) => scc.flatMap((a) => scc.filter((b) => example.has(`${a}→${b}`)).map((b) => example.get(`${a}→${b}`)!)));
}

const srcGraph = () => new Map(files("src").map((f) => [f, importsOf(f).filter((t) => t.startsWith(join(ROOT, "src")))]));

describe("the import graph", () => {
  test("src/ has no import cycle, type-only imports included", () => {
    const graph = srcGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });

  test("no two rooms import each other, through however many rooms between", () => {
    expect(roomCycles(srcGraph())).toEqual([]);
  });

  test("a room is entered through its index.ts; only the toolkits (shared, http, web) are open", () => {
    expect(reachIns(srcGraph())).toEqual([]);
  });

  test("a room cycle and a reach-in are found when there is one", () => {
    const at = (path: string) => join(ROOT, "src", path);
    const cyclic = new Map([[at("a/index.ts"), [at("b/index.ts")]], [at("b/index.ts"), [at("c/index.ts")]], [at("c/index.ts"), [at("a/x.ts")]], [at("a/x.ts"), []]]);
    expect(roomCycles(cyclic)).toEqual([["src/a/index.ts → src/b/index.ts", "src/b/index.ts → src/c/index.ts", "src/c/index.ts → src/a/x.ts"]]);
    expect(reachIns(cyclic)).toEqual(["src/c/index.ts → src/a/x.ts"]);
    const open = new Map([[at("a/index.ts"), [at("shared/days.ts"), at("b/index.ts"), at("config.ts")]]]);
    expect(reachIns(open)).toEqual([]);
  });

  test("a cycle is found when there is one", () => {
    const a = "/x/a.ts";
    const b = "/x/b.ts";
    expect(cycles(new Map([[a, [b]], [b, [a]]]))).toHaveLength(1);
    expect(cycles(new Map([[a, [b]], [b, []]]))).toEqual([]);
  });

  test("components/ imports from src/ only src/shared, the inspect room's client face and the framework's page contract", () => {
    const allowed = (t: string) =>
      t.startsWith(join(ROOT, "src/shared/")) || ["src/inspect/client.ts", "src/web/page.ts", "src/web/client/navigation.ts"].includes(relative(ROOT, t));
    const bad = files("components").flatMap((f) =>
      importsOf(f).filter((t) => t.startsWith(join(ROOT, "src")) && !allowed(t)).map((t) => `${relative(ROOT, f)} → ${relative(ROOT, t)}`),
    );
    expect(bad).toEqual([]);
  });

  test("a server module takes only components from a client module (anything else arrives as a reference)", () => {
    const isClient = (f: string) => readFileSync(f, "utf8").trimStart().startsWith('"use client"');
    const NAMED = /import\s+\{([^}]*)\}\s+from\s+["'](\.[^"']+)["']/g;
    const bad = [...files("components"), ...files("src/pages"), ...files("src/web")].filter((f) => !isClient(f)).flatMap((f) =>
      [...readFileSync(f, "utf8").matchAll(NAMED)].flatMap((m) => {
        const target = resolve(f, m[2]!);
        if (!target || !isClient(target)) return [];
        const values = m[1]!.split(",").map((n) => n.trim()).filter((n) => n && !n.startsWith("type "));
        return values.filter((n) => !/^[A-Z]/.test(n)).map((n) => `${relative(ROOT, f)} takes ${n} from ${relative(ROOT, target)}`);
      }),
    );
    expect(bad).toEqual([]);
  });
});
