// The imports' job runner, in this process: one import at a time, woken by an upload and at boot.
// At boot a queued or running import whose file is still here runs again from the start (nothing
// of it was stored: its rows are written in one transaction); one whose file is gone fails, and
// files no unfinished import names are removed. A shutdown aborts the running job and leaves it
// for the next boot; a delete cancels it through its AbortSignal.
import { existsSync } from "node:fs";
import type { AppContext } from "../context";
import { log } from "../log";
import type { ImportFiles } from "./files";
import { ImportRefused, runImport } from "./job";
import { ImportFault } from "./model";
import { claimImport, endImport, importById, requeueImport, unfinishedImports } from "./queries";

const STOPPED = "The server stopped during the import; upload the file again.";

const isAbort = (err: unknown) => err instanceof Error && err.name === "AbortError";

export function importRunner(ctx: Pick<AppContext, "db" | "lifecycle">, files: ImportFiles) {
  const { sql } = ctx.db;
  let stopped = false;
  let current: { id: number; abort: AbortController } | null = null;
  let draining: Promise<void> | null = null;
  let again = false;

  /** Runs one import to its end, whichever it is. */
  const runOne = async (id: number) => {
    const task = await importById(sql, id);
    const path = files.fileOf(id);
    if (!task || !(await claimImport(sql, id))) return;
    const abort = new AbortController();
    current = { id, abort };
    try {
      await runImport(ctx, task, path, abort.signal);
      log.info("import done", { id, domain: task.domain, format: task.format });
    } catch (err) {
      // NOTE: a shutdown leaves the import running with its file, for the next boot to run again.
      if (stopped && isAbort(err)) return;
      if (isAbort(err)) await endImport(sql, id, "cancelled", null);
      else if (err instanceof ImportFault || err instanceof ImportRefused) await endImport(sql, id, "failed", err.message);
      else {
        log.error("import failed", { id, error: err instanceof Error ? err.message : String(err) });
        await endImport(sql, id, "failed", "The import failed on the server. Please try again later.");
      }
    } finally {
      current = null;
    }
    files.remove(path);
  };

  const drain = async () => {
    while (!stopped) {
      // NOTE: an import whose file is not here is another process's, or one being received; a
      // running one is another process's too (claimImport takes queued ones only).
      const next = (await unfinishedImports(sql)).find((i) => i.status === "queued" && existsSync(files.fileOf(i.id)));
      if (!next) return;
      await runOne(next.id);
    }
  };

  /** Runs the queue until it is empty; a wake while it runs looks again once it is. */
  const wake = () => {
    if (stopped) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((err) => log.error("import runner failed", { error: err instanceof Error ? err.message : String(err) }))
      .finally(() => {
        draining = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };

  ctx.lifecycle.onShutdown("imports", async () => {
    stopped = true;
    current?.abort.abort();
    await draining;
  });

  return {
    wake,
    /** Aborts import `id` when it is the one running here. */
    cancel: (id: number) => {
      if (current?.id === id) current.abort.abort();
    },
    /** The boot's tidying: imports left without their file fail, files of no unfinished import go; then the queue runs. */
    async boot() {
      const unfinished = await unfinishedImports(sql);
      const lost = unfinished.filter((i) => !existsSync(files.fileOf(i.id)));
      for (const i of lost) await endImport(sql, i.id, "failed", STOPPED);
      for (const i of unfinished) if (i.status === "running" && !lost.includes(i)) await requeueImport(sql, i.id);
      files.sweep(unfinished.filter((i) => !lost.includes(i)).map((i) => i.id));
      wake();
    },
  };
}
