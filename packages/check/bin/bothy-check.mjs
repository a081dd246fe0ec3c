#!/usr/bin/env node
// The `bothy-check` command: runs the CLI under Bun, which the Bothy inspector's engine is written
// for, so `npx bothy-check` works from a Node-only CI image. The Bun is the one this package
// depends on (or, failing that, one on PATH); its exit status is the command's.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// NOTE: the published package runs its bundle; inside the Bothy repository, the source itself.
const built = join(root, "dist", "cli.js");
const entry = existsSync(built) ? built : join(root, "src", "cli.ts");

function bunBinary() {
  try {
    // NOTE: the npm package names its binary bun.exe on every platform.
    const bin = join(dirname(createRequire(import.meta.url).resolve("bun/package.json")), "bin", "bun.exe");
    if (existsSync(bin)) return bin;
  } catch {}
  return "bun";
}

const run = spawnSync(bunBinary(), [entry, ...process.argv.slice(2)], { stdio: "inherit" });
if (run.error) {
  console.error(`bothy-check: cannot start Bun (${run.error.message}); install it from https://bun.sh`);
  process.exit(2);
}
process.exit(run.status ?? 2);
