// Named queries over `imports` (sql/102_imports.sql), the table this room owns: one row per
// uploaded file and domain, its job's status and progress, and what it stored once done.
import { namedQuery, type Queryable } from "../db";
import type { ImportFormat, ImportJob } from "../shared/import-jobs";

// NOTE: the times as Date#toISOString writes them, so the row is the API's answer as it is.
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const COLUMNS = `i.id::float8 AS id, d.name AS domain, i.format, i.status, i.rows::float8 AS rows, i.bytes::float8 AS bytes,
  i.bytes_read::float8 AS "bytesRead", i.first_day::text AS "firstDay", i.last_day::text AS "lastDay", i.dims,
  i.error, to_char(i.created_at AT TIME ZONE 'UTC', ${ISO}) AS "createdAt",
  to_char(i.finished_at AT TIME ZONE 'UTC', ${ISO}) AS "finishedAt"`;

/** An import with what its job needs: the domain's id and zone, and what the upload asked of overlaps. */
export type ImportTask = ImportJob & { siteId: number; tz: string; keepOwn: boolean };

const TASK = `${COLUMNS}, i.site_id AS "siteId", d.tz, i.overlap = 'own' AS "keepOwn"`;

/** The API's answer of an import: the task without what only its job needs. */
export const jobOf = (task: ImportTask): ImportJob => {
  const { siteId, tz, keepOwn, ...job } = task;
  return job;
};

export const importById = namedQuery("imports.byId", async (sql: Queryable, id: number) => {
  const [row] = await sql<ImportTask[]>`
    SELECT ${sql.unsafe(TASK)} FROM imports i JOIN domains d ON d.id = i.site_id WHERE i.id = ${id}`;
  return row ?? null;
});

/** A domain's imports, newest first. */
export const importsOf = namedQuery("imports.of", (sql: Queryable, siteId: number) =>
  sql<ImportJob[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM imports i JOIN domains d ON d.id = i.site_id
    WHERE i.site_id = ${siteId} ORDER BY i.id DESC`,
);

type NewImport = { siteId: number; format: ImportFormat; sha256: string; bytes: number; keepOwn: boolean };

/**
 * Queues an import of a file; `existing` when the domain has this very file imported or under way
 * (the same file twice adds nothing), answering that import's id.
 */
export const queueImport = namedQuery("imports.queue", async (sql: Queryable, f: NewImport) => {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO imports (site_id, format, sha256, bytes, overlap)
    VALUES (${f.siteId}, ${f.format}, ${f.sha256}, ${f.bytes}, ${f.keepOwn ? "own" : "refuse"})
    ON CONFLICT (site_id, sha256) WHERE status NOT IN ('failed', 'cancelled') DO NOTHING
    RETURNING id::float8 AS id`;
  if (row) return { id: row.id, existing: false };
  const [live] = await sql<{ id: number }[]>`
    SELECT id::float8 AS id FROM imports WHERE site_id = ${f.siteId} AND sha256 = ${f.sha256} AND status NOT IN ('failed', 'cancelled')`;
  // TRICKY: the live import may have failed between the two statements; the caller then asks again.
  return live ? { id: live.id, existing: true } : null;
});

/** The imports a job has to run: queued ones, and running ones a stopped server left behind. */
export const unfinishedImports = namedQuery("imports.unfinished", (sql: Queryable) =>
  sql<{ id: number; status: "queued" | "running" }[]>`
    SELECT id::float8 AS id, status FROM imports WHERE status IN ('queued', 'running') ORDER BY id`,
);

/** Starts a queued import; false when another process took it, or it was deleted. */
export const claimImport = namedQuery("imports.claim", async (sql: Queryable, id: number) =>
  (await sql`UPDATE imports SET status = 'running', bytes_read = 0 WHERE id = ${id} AND status = 'queued'`).count === 1,
);

/** Queues a running import again, to run from the start: a server stopped during it. */
export const requeueImport = namedQuery("imports.requeue", async (sql: Queryable, id: number) => {
  await sql`UPDATE imports SET status = 'queued', bytes_read = 0 WHERE id = ${id} AND status = 'running'`;
});

export const setProgress = namedQuery("imports.progress", async (sql: Queryable, id: number, bytesRead: number) => {
  await sql`UPDATE imports SET bytes_read = ${bytesRead} WHERE id = ${id} AND status = 'running'`;
});

type Done = { rows: number; firstDay: string | null; lastDay: string | null; dims: string[]; bytes: number };

/** Marks a running import done with what it stored (inside the write's transaction); false when it was cancelled meanwhile. */
export const finishImport = namedQuery("imports.finish", async (tx: Queryable, id: number, d: Done) =>
  (await tx`
    UPDATE imports SET status = 'done', rows = ${d.rows}, first_day = ${d.firstDay}, last_day = ${d.lastDay},
      dims = ${d.dims}::text[], bytes_read = ${d.bytes}, finished_at = now(), error = NULL
    WHERE id = ${id} AND status = 'running'`).count === 1,
);

/** Ends a queued or running import as failed (or cancelled) with its reason. */
export const endImport = namedQuery(
  "imports.end",
  async (sql: Queryable, id: number, status: "failed" | "cancelled", error: string | null) => {
    await sql`
      UPDATE imports SET status = ${status}, error = ${error}, finished_at = now()
      WHERE id = ${id} AND status IN ('queued', 'running')`;
  },
);

/** Deletes an import's row (its figures go by hits.deleteImported in the same transaction); false when gone. */
export const deleteImport = namedQuery("imports.delete", async (tx: Queryable, id: number) =>
  (await tx`DELETE FROM imports WHERE id = ${id}`).count === 1,
);
