// Directories and databases a test file makes and must leave no trace of: `const scratch =
// removedAfterAll()` at the file's top level, then `scratch(await freshDataDir())` or
// `scratch(await freshDatabase())` hands it back and removes it after the file's tests, passed or
// failed (for what a single test can't remove in its own finally).
// TRICKY: afterAll hooks run in the order they are added: call it after the hooks that stop the
// servers using them.
import { afterAll } from "bun:test";
import { removeDir } from "./db";

type Removable = string | { remove(): Promise<void> };

export function removedAfterAll(): <R extends Removable>(item: R) => R {
  const items: Removable[] = [];
  afterAll(async () => {
    // NOTE: one that fails to go does not keep the others.
    const results = await Promise.allSettled(items.map(async (item) => (typeof item === "string" ? removeDir(item) : item.remove())));
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
  });
  return (item) => {
    items.push(item);
    return item;
  };
}
