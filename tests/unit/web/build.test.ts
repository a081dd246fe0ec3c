import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { inputsHash } from "../../../src/web/build";
import { directiveOf } from "../../../src/web/plugins";

describe("inputsHash (the build id)", () => {
  test("is stable while nothing changes, so dist/<id> is reused", () => {
    expect(inputsHash("production")).toBe(inputsHash("production"));
    expect(inputsHash("production")).toMatch(/^p-[0-9a-f]{16}$/);
  });
  test("differs between modes and site modules", () => {
    expect(inputsHash("development")).toStartWith("d-");
    expect(inputsHash("development").slice(2)).not.toBe(inputsHash("production").slice(2));
    expect(inputsHash("production", join(import.meta.dir, "../../fixtures/web/site.tsx"))).not.toBe(inputsHash("production"));
  });
});

describe("directiveOf", () => {
  test("finds the directive after header comments", () => {
    expect(directiveOf(`"use client";\nexport const a = 1;`)).toBe("client");
    expect(directiveOf(`// A header.\n/* more */\n'use server';\n`)).toBe("server");
  });
  test("ignores it anywhere but the top", () => {
    expect(directiveOf(`import x from "y";\n"use client";`)).toBeNull();
    expect(directiveOf(`const s = "use client";`)).toBeNull();
  });
});

describe("candidates (Tailwind class names in our sources)", () => {
  test("finds classes in attributes, template literals and conditionals", async () => {
    const { candidates } = await import("../../../src/web/css");
    const found = candidates('<p className={`${open ? "block" : "hidden"} desk:absolute duration-[5000ms] transition-[width,opacity]`}>');
    for (const c of ["block", "hidden", "desk:absolute", "duration-[5000ms]", "transition-[width,opacity]"]) expect(found).toContain(c);
  });
  test("keeps an attribute variant's value whole, so aria-[current=page]: rules are built", async () => {
    const { buildCss, candidates } = await import("../../../src/web/css");
    const found = candidates('className="hover:bg-white aria-[current=page]:bg-white dark:aria-[current=location]:text-blue-200" x={a===b}');
    for (const c of ["hover:bg-white", "aria-[current=page]:bg-white", "dark:aria-[current=location]:text-blue-200"]) expect(found).toContain(c);
    const css = await buildCss(join(import.meta.dir, "../../.."), false);
    expect(css).toContain('[aria-current="page"]');
    expect(css).toContain('[aria-current="location"]');
  });
});
