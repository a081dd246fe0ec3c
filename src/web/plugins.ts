// Bun.build plugins that give the React directives their meaning in each of the three passes:
// in the RSC pass a "use client" module becomes a set of client references and a "use server"
// module registers its exports; in the browser and SSR passes a "use server" module becomes
// stubs that call the server. Also the two virtual modules that list every directive module.
import type { BunPlugin } from "bun";
import { readFileSync } from "node:fs";
import { relative } from "node:path";

// NOTE: comments and blank lines may come before the directive, as in any module header here.
const DIRECTIVE = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(["'])use (client|server)\1/;
const SOURCE = /\.[cm]?[jt]sx?$/;

type Directive = "client" | "server";
export const directiveOf = (code: string): Directive | null =>
  (DIRECTIVE.exec(code)?.[2] as Directive | undefined) ?? null;

/** What the RSC pass found; the browser and SSR passes are built from it. */
export type Graph = { root: string; /** the module exporting `site` */ site: string; clientModules: Set<string>; serverModules: Set<string> };

/** A module's id on the wire: its path from the project root, e.g. "components/site/Menu.tsx". */
const moduleId = (root: string, path: string) => relative(root, path).split("\\").join("/");

const exportsOf = (code: string, path: string) =>
  new Bun.Transpiler({ loader: path.endsWith("x") ? "tsx" : "ts" }).scan(code).exports;

const loaderOf = (path: string) => (path.endsWith("x") ? "tsx" : path.endsWith("ts") ? "ts" : "js") as "tsx" | "ts" | "js";

function readOwn(path: string): string | undefined {
  // TRICKY: onLoad runs for every module, node_modules included; our directives live in our tree only.
  if (path.includes("/node_modules/")) return undefined;
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

const exportLine = (name: string, expr: string) =>
  name === "default" ? `export default ${expr};\n` : `export const ${name} = ${expr};\n`;

/** RSC pass: client modules become references, server modules register their exports. */
export function rscPlugin(graph: Graph): BunPlugin {
  return {
    name: "rsc-directives",
    setup(build) {
      build.onResolve({ filter: /^virtual:site$/ }, () => ({ path: graph.site }));
      build.onResolve({ filter: /^virtual:server-actions$/ }, () => ({ path: "server-actions", namespace: "virtual" }));
      build.onLoad({ filter: /^server-actions$/, namespace: "virtual" }, () => ({
        contents: [...graph.serverModules].map((p) => `import ${JSON.stringify(p)};`).join("\n") || "export {};",
        loader: "js",
      }));
      build.onLoad({ filter: SOURCE }, (args) => {
        const code = readOwn(args.path);
        const directive = code === undefined ? null : directiveOf(code);
        if (!code || !directive) return undefined;
        const id = moduleId(graph.root, args.path);
        const names = exportsOf(code, args.path);
        if (directive === "client") {
          graph.clientModules.add(args.path);
          let out = `import { registerClientReference } from "react-server-dom-webpack/server";\n`;
          for (const name of names) {
            const ref = `registerClientReference(() => { throw new Error(${JSON.stringify(`${id}#${name} is a client component`)}); }, ${JSON.stringify(id)}, ${JSON.stringify(name)})`;
            out += exportLine(name, ref);
          }
          return { contents: out, loader: "js" };
        }
        graph.serverModules.add(args.path);
        // NOTE: module-level "use server" only, and exported names must equal their local bindings.
        const register = names.map((n) => `__rsr(${n === "default" ? "__default" : n}, ${JSON.stringify(id)}, ${JSON.stringify(n)});`);
        const table = names.map((n) => `${JSON.stringify(n)}: ${n === "default" ? "__default" : n}`).join(", ");
        const body = names.includes("default") ? code.replace(/export default (async )?function/, "export default $1function __default") : code;
        return {
          contents: `${body}\nimport { registerServerReference as __rsr } from "react-server-dom-webpack/server";\n${register.join("\n")}\n(globalThis.__RSC_SERVER_MODULES__ ??= new Map()).set(${JSON.stringify(id)}, { ${table} });\n`,
          loader: loaderOf(args.path),
        };
      });
    },
  };
}

/** Browser and SSR passes: a "use server" module becomes stubs that call the server by id. */
export function serverStubPlugin(graph: Graph, side: "browser" | "ssr"): BunPlugin {
  return {
    name: `server-stubs-${side}`,
    setup(build) {
      build.onResolve({ filter: /^virtual:client-modules$/ }, () => ({ path: "client-modules", namespace: "virtual" }));
      build.onLoad({ filter: /^client-modules$/, namespace: "virtual" }, () => {
        const mods = [...graph.clientModules];
        const imports = mods.map((p, i) => `import * as m${i} from ${JSON.stringify(p)};`).join("\n");
        const entries = mods.map((p, i) => `[${JSON.stringify(`ssr:${p}`)}, m${i}]`).join(", ");
        return { contents: `${imports}\nexport const ssrModules = new Map([${entries}]);\n`, loader: "js" };
      });
      build.onLoad({ filter: SOURCE }, (args) => {
        const code = readOwn(args.path);
        if (!code || directiveOf(code) !== "server") return undefined;
        const id = moduleId(graph.root, args.path);
        const source = side === "browser" ? "react-server-dom-webpack/client.browser" : "react-server-dom-webpack/client.edge";
        let out = `import { createServerReference } from ${JSON.stringify(source)};\n`;
        if (side === "browser") out += `import { callServer } from ${JSON.stringify(`${graph.root}/src/web/client/call-server.ts`)};\n`;
        for (const name of exportsOf(code, args.path)) {
          out += exportLine(name, `createServerReference(${JSON.stringify(`${id}#${name}`)}${side === "browser" ? ", callServer" : ""})`);
        }
        return { contents: out, loader: "js" };
      });
    },
  };
}

/** Finds every "use server" module, so actions imported only by client code exist on the server. */
export async function findServerModules(root: string, dirs: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const dir of dirs) {
    for await (const rel of new Bun.Glob("**/*.{ts,tsx,js,jsx}").scan({ cwd: `${root}/${dir}`, onlyFiles: true })) {
      const path = `${root}/${dir}/${rel}`;
      if (directiveOf(readFileSync(path, "utf8")) === "server") found.push(path);
    }
  }
  return found;
}
