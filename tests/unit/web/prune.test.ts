// Old web builds are pruned by the kernel's change times, not by the process's clock: a process
// whose clock is moved (FAKE_NOW) must not delete the builds and temp folders other processes use.
import { afterEach, expect, setSystemTime, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prune } from "../../../src/web/build";

const outdir = mkdtempSync(join(tmpdir(), "bothy-prune-"));
afterEach(() => {
  setSystemTime();
  rmSync(outdir, { recursive: true, force: true });
});

test("a clock days ahead prunes neither a fresh build nor another process's build under way", () => {
  for (const name of ["p-keep", "p-other", "p-other.tmp-123-456", ".terser-cache"]) mkdirSync(join(outdir, name));
  setSystemTime(new Date(Date.now() + 3 * 24 * 3600_000));
  prune(outdir, "p-keep");
  expect(readdirSync(outdir).sort()).toEqual([".terser-cache", "p-keep", "p-other", "p-other.tmp-123-456"]);
});

test("a build folder that vanished meanwhile prunes nothing and throws nothing", () => {
  mkdirSync(join(outdir, "p-other"), { recursive: true });
  prune(outdir, "p-gone");
  expect(existsSync(join(outdir, "p-other"))).toBe(true);
});
