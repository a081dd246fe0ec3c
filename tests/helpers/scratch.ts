// Directories a test file makes and must leave no trace of: `const scratch = removedAfterAll()` at the
// file's top level, then `scratch(await freshDataDir())` hands the dir back and removes it after the
// file's tests, passed or failed (for dirs a single test can't remove in its own finally).
// TRICKY: afterAll hooks run in the order they are added: call it after the hooks that stop the
// servers using those dirs.
import { afterAll } from "bun:test";
import { removeDir } from "./db";

export function removedAfterAll(): <D extends string>(dir: D) => D {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) removeDir(dir);
  });
  return (dir) => {
    dirs.push(dir);
    return dir;
  };
}
