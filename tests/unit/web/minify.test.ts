// The production build's second minification (src/web/minify.ts): terser output that still links
// to its sibling chunks by the same import paths and export names, and a cache by content.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setLogLevel } from "../../../src/log";
import { minifyChunk, minifyDir } from "../../../src/web/minify";

const work = mkdtempSync(join(tmpdir(), "bothy-minify-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Shaped like Bun's chunks: an import from a sibling chunk, a CommonJS wrapper, renamed exports.
const SIBLING = `export const base = 40;\n`;
const CHUNK = `import { base as importedBase } from "./sibling.js";
var wrapper = (factory) => { var module = { exports: {} }; factory(module.exports, module); return module.exports; };
var library = wrapper(function (exportsObject, moduleObject) {
  var firstHelperWithALongName = function (value) { return value + 1; };
  var secondHelperWithALongName = function (value) { return firstHelperWithALongName(value) + 1; };
  moduleObject.exports = secondHelperWithALongName;
});
function answerTheQuestion() { return library(importedBase); }
export { answerTheQuestion as a, importedBase as b };
`;

describe("minifyChunk", () => {
  test("shrinks a chunk and keeps its imports and exports working", async () => {
    const out = await minifyChunk(CHUNK, join(work, "cache-a"));
    expect(out.length).toBeLessThan(CHUNK.length / 2);
    expect(out).toContain('"./sibling.js"');
    writeFileSync(join(work, "sibling.js"), SIBLING);
    writeFileSync(join(work, "chunk.js"), out);
    const mod = (await import(join(work, "chunk.js"))) as { a: () => number; b: number };
    expect(mod.a()).toBe(42);
    expect(mod.b).toBe(40);
  });

  test("minifies each content once: the second call reads the cache", async () => {
    const cache = join(work, "cache-b");
    const first = await minifyChunk(CHUNK, cache);
    const entries = readdirSync(cache);
    expect(entries).toHaveLength(1);
    // Proof that the cache is read: a doctored entry comes back as is.
    writeFileSync(join(cache, entries[0]!), `${first}//cached`);
    expect(await minifyChunk(CHUNK, cache)).toBe(`${first}//cached`);
    expect(await minifyChunk(`${CHUNK}\nexport const c = 1;\n`, cache)).not.toContain("//cached");
    expect(readdirSync(cache)).toHaveLength(2);
  });

  test("a cache that cannot be written only costs time", async () => {
    const blocked = join(work, "a-file");
    writeFileSync(blocked, "not a folder");
    setLogLevel("silent"); // NOTE: the warning is expected
    expect(await minifyChunk(CHUNK, join(blocked, "cache"))).toBe(await minifyChunk(CHUNK, join(work, "cache-d")));
  });
});

describe("minifyDir", () => {
  test("rewrites every script under the folder, nested ones too", async () => {
    const dir = join(work, "client");
    await Bun.write(join(dir, "chunks/x.js"), CHUNK);
    await Bun.write(join(dir, "styles.css"), "a { color: red }");
    await minifyDir(dir, join(work, "cache-c"));
    expect((await Bun.file(join(dir, "chunks/x.js")).text()).length).toBeLessThan(CHUNK.length / 2);
    expect(await Bun.file(join(dir, "styles.css")).text()).toBe("a { color: red }");
  });
});
