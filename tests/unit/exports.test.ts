// No dead exports in src/: every exported name is imported somewhere in the project (src,
// components, tests, bench, tracker), directly or through a re-export. The TypeScript compiler
// reads the imports, so type-only ones and `import("…")` types count too.
import { describe, expect, test } from "bun:test";
import { join, relative } from "node:path";
import ts from "typescript";

const ROOT = join(import.meta.dir, "..", "..");
/** A module whose exports are a contract on purpose: the stats API's, re-exported whole. */
const CONTRACTS = new Set(["src/stats/contract.ts"]);

function deadExports(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const program = ts.createProgram(config.fileNames, config.options);
  const checker = program.getTypeChecker();
  const files = program.getSourceFiles().filter((f) => f.fileName.startsWith(ROOT) && !f.fileName.includes("/node_modules/"));
  const resolve = (from: string, spec: string) => ts.resolveModuleName(spec, from, config.options, ts.sys).resolvedModule?.resolvedFileName;
  const key = (file: string, name: string) => `${file}#${name}`;
  const used = new Set<string>();
  /** Modules used whole: `import * as`, `export *`, side-effect and dynamic imports. */
  const whole = new Set<string>();
  const reexports = new Map<string, string[]>();

  for (const sf of files) {
    const visit = (n: ts.Node): void => {
      if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
        const target = resolve(sf.fileName, n.moduleSpecifier.text);
        const clause = n.importClause;
        if (target && !clause) whole.add(target);
        if (target && clause?.name) used.add(key(target, "default"));
        const bindings = clause?.namedBindings;
        if (target && bindings && ts.isNamespaceImport(bindings)) whole.add(target);
        if (target && bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) used.add(key(target, (e.propertyName ?? e.name).text));
      } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
        const target = resolve(sf.fileName, n.moduleSpecifier.text);
        if (target && !n.exportClause) whole.add(target);
        if (target && n.exportClause && ts.isNamedExports(n.exportClause)) {
          for (const e of n.exportClause.elements) {
            const from = key(sf.fileName, e.name.text);
            reexports.set(from, [...(reexports.get(from) ?? []), key(target, (e.propertyName ?? e.name).text)]);
          }
        }
      } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
        const target = resolve(sf.fileName, n.arguments[0].text);
        if (target) whole.add(target);
      } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
        const target = resolve(sf.fileName, n.argument.literal.text);
        if (target && n.qualifier && ts.isIdentifier(n.qualifier)) used.add(key(target, n.qualifier.text));
        else if (target) whole.add(target);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  // NOTE: a re-export is used when its own name is, or its module is used whole.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [from, targets] of reexports) {
      if (!used.has(from) && !whole.has(from.split("#")[0]!)) continue;
      for (const t of targets) {
        if (used.has(t)) continue;
        used.add(t);
        grew = true;
      }
    }
  }

  const dead: string[] = [];
  for (const sf of files) {
    const path = relative(ROOT, sf.fileName);
    if (!path.startsWith("src/") || whole.has(sf.fileName) || CONTRACTS.has(path)) continue;
    const symbol = checker.getSymbolAtLocation(sf);
    for (const e of symbol ? checker.getExportsOfModule(symbol) : []) {
      if (!used.has(key(sf.fileName, e.name))) dead.push(`${path} ${e.name}`);
    }
  }
  return dead.sort();
}

describe("exports", () => {
  test("every name src/ exports is imported somewhere", () => {
    expect(deadExports()).toEqual([]);
  });
});
