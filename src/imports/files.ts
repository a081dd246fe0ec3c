// Where uploaded files wait for their job: DATA_DIR/imports/<import id>. A file lives from its
// upload until its import ends (done, failed or deleted); at boot every file no unfinished import
// names (an upload cut off, an import that ended while the server stopped) is removed.
import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";

export const importFiles = (dataDir: string) => {
  const dir = join(dataDir, "imports");
  mkdirSync(dir, { recursive: true });
  const fileOf = (id: number) => join(dir, String(id));
  return {
    dir,
    fileOf,
    /** Gives a received upload its import's name. */
    adopt: (path: string, id: number) => renameSync(path, fileOf(id)),
    remove: (path: string) => rmSync(path, { force: true }),
    /** Removes every file but those of `keep` (the unfinished imports' ids). */
    sweep(keep: number[]) {
      const kept = new Set(keep.map(String));
      for (const name of readdirSync(dir)) if (!kept.has(name)) rmSync(join(dir, name), { force: true, recursive: true });
    },
  };
};
export type ImportFiles = ReturnType<typeof importFiles>;
