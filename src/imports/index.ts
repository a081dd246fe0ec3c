// The imports room: another tool's history brought into a domain. POST /api/imports?domain=&format=
// takes the exported file as the raw request body (./upload.ts) and queues a job (./runner.ts,
// ./job.ts) that reads it through its format's importer (./formats), folds it into days of figures
// per list and label, and stores them at once through the hits room (`imported_daily`); GET
// /api/imports/:id tells how far it is, GET /api/imports?domain= lists a domain's imports, DELETE
// /api/imports/:id removes one and exactly what it added. Who may is ./access.ts; the `imports`
// table is this room's (./queries.ts) and goes with its domain by foreign key.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { withSession } from "../auth";
import { bumpStatsEpochs } from "../domains";
import { deleteImportedRows } from "../hits";
import { HttpError } from "../http/errors";
import { limitsOf } from "../http/limits";
import { log } from "../log";
import { IMPORT_FORMATS, IMPORT_TOOLS, MAX_IMPORT_BYTES } from "../shared/import-jobs";
import { importAccess } from "./access";
import { importFiles } from "./files";
import { deleteImport, importsOf, jobOf, queueImport } from "./queries";
import { importRunner } from "./runner";
import { receiveFile } from "./upload";

const domain = t.String({ minLength: 1, maxLength: 253, error: "domain must be a host name." });
const format = t.Union(IMPORT_FORMATS.map((f) => t.Literal(f)), {
  error: `format must be one of ${IMPORT_FORMATS.join(", ")}.`,
  description: IMPORT_FORMATS.map((f) => `${f}: ${IMPORT_TOOLS[f].file}`).join(" "),
});
const overlap = t.Optional(t.Union([t.Literal("refuse"), t.Literal("own")], {
  error: "overlap must be refuse or own.",
  description: "Days from the domain's first own hit on: refuse the file (refuse, the default), or keep the domain's own days and import the days before them (own).",
}));
const idParams = t.Object({
  id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, error: "id must be an import's number: a whole number from 1." }),
});
const detail = (summary: string, description?: string) => ({ tags: ["Imports"], summary, description });
const JOB_FIELDS =
  "`{ id, domain, format, status (queued, running, done, failed, cancelled), rows, bytes, bytesRead, firstDay, lastDay, dims, error, createdAt, finishedAt }`";

export const importsRoom = (ctx: AppContext) => {
  const { sql } = ctx.db;
  const access = importAccess(ctx);
  const limits = limitsOf(ctx);
  const files = importFiles(ctx.config.DATA_DIR);
  const runner = importRunner(ctx, files);
  // NOTE: an upload waits for the boot's tidying, which removes every file no import names.
  const booted = runner.boot().catch((err) => log.error("imports boot failed", { error: err instanceof Error ? err.message : String(err) }));
  return new Elysia({ name: "imports" })
    .use(withSession(ctx))
    .post(
      "/api/imports",
      async ({ query, request, server, user, set }) => {
        const site = await access.domainFor(query.domain, request, user);
        limits.take("imports", { request, server, account: site.owner });
        await booted;
        const file = await receiveFile(request, files.dir);
        const queued = await queueImport(sql, { siteId: site.id, format: query.format, sha256: file.sha256, bytes: file.bytes, keepOwn: query.overlap === "own" });
        if (!queued || queued.existing) {
          files.remove(file.path);
          if (!queued) throw new HttpError(409, "This file's import just ended. Upload it again.");
          return { id: queued.id };
        }
        files.adopt(file.path, queued.id);
        runner.wake();
        set.status = 202;
        return { id: queued.id };
      },
      {
        // NOTE: the body is the file itself, streamed to disk by receiveFile, never parsed.
        parse: "none",
        query: t.Object({ domain, format, overlap }),
        detail: detail(
          "Import another tool's exported file",
          `The file is the raw request body (any Content-Type, with a Content-Length; at most ${MAX_IMPORT_BYTES / 1024 ** 3} GB, else 413). ` +
            "Answers 202 `{ id }` and imports it in the background (GET /api/imports/{id} tells how far); " +
            "the same file again while its import is queued, running or done answers 200 with that import's id and adds nothing.",
        ),
      },
    )
    .get(
      "/api/imports",
      async ({ query, request, user }) => ({ imports: await importsOf(sql, (await access.domainFor(query.domain, request, user)).id) }),
      { query: t.Object({ domain }), detail: detail("A domain's imports, newest first", `Each ${JOB_FIELDS}.`) },
    )
    .get(
      "/api/imports/:id",
      async ({ params, request, user }) => {
        const { task } = await access.importFor(params.id, request, user);
        return jobOf(task);
      },
      { params: idParams, detail: detail("An import and how far it is", `${JOB_FIELDS}; days are the domain's local days.`) },
    )
    .delete(
      "/api/imports/:id",
      async ({ params, request, user, set }) => {
        const { task } = await access.importFor(params.id, request, user);
        // NOTE: a running job is aborted; should its rows be on their way, the import row being gone rolls them back (./job.ts).
        runner.cancel(task.id);
        files.remove(files.fileOf(task.id));
        await sql.begin(async (tx) => {
          await deleteImportedRows(tx, task.id);
          await deleteImport(tx, task.id);
          await bumpStatsEpochs(tx, [task.siteId]);
        });
        set.status = 204;
      },
      { params: idParams, detail: detail("Delete an import and everything it added", "A queued or running import is cancelled first.") },
    );
};
