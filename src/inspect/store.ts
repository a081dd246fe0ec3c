// The inspections table: queue operations (enqueue, claim, finish) and history reads. Every
// query is named so a failure says which one broke.
import { namedQuery } from "../db";
import type { FileGroup } from "./classify";
import { ratingOf, type CarbonTxt, type Ecoindex } from "../carbon";
import type { CookieEntry, FileEntry } from "./capture";
import type { Fix } from "./fixes";

/** What a successful run stores beside the numbers. */
export type Detail = {
  title: string;
  finalUrl: string;
  /** Hosting provider when the Green Web Foundation knows it as green, otherwise "unknown". */
  green: string;
  rating: string;
  kwh: number;
  blocked: Record<string, number>;
  blockedBytes: number;
  cookies: Record<string, CookieEntry>;
  files: Record<FileGroup, FileEntry[]>;
  /** Requests the SSRF guard refused (host and why). */
  refused: { host: string; reason: string }[];
  truncated: "time" | "bytes" | "requests" | null;
  /** Requests with no complete answer and data: URLs, counted apart from the files (absent on older rows). */
  failed?: number;
  dataUrls?: number;
  /** The Ecoindex grade from the DOM size, request count and bytes (absent on older rows). */
  ecoindex?: Ecoindex & { domSize: number };
  /** "What to fix", ranked by the bytes each would save (absent on older rows). */
  fixes?: Fix[];
  /** The site's carbon.txt claims, shown beside the green-hosting verdict (absent on older rows). */
  carbonTxt?: CarbonTxt;
};

export type Job = { id: string; url: string; attempts: number };

export type FinishedRow = {
  id: string;
  url: string;
  status: "done" | "failed";
  finishedAt: Date;
  error: string | null;
  errorType: string | null;
  bytes: number | null;
  bytesInitial: number | null;
  filecount: number | null;
  co2: number | null;
  detail: Detail | null;
};

/** Queues a job unless one is already queued or running for the URL; true when this call queued it. */
export const enqueue = namedQuery("inspect.enqueue", async (sql, url: string) => {
  const rows = await sql`
    INSERT INTO inspections (url) VALUES (${url})
    ON CONFLICT (url) WHERE status IN ('queued', 'running') DO NOTHING
    RETURNING id`;
  return rows.length === 1;
});

/** Takes the oldest queued job (or one whose worker died) without waiting on rows others hold. */
export const claim = namedQuery("inspect.claim", async (sql, leaseMs: number): Promise<Job | null> => {
  const [row] = await sql<{ id: string; url: string; attempts: number }[]>`
    UPDATE inspections SET status = 'running', started_at = now(), attempts = attempts + 1,
      lease_until = now() + ${leaseMs} * interval '1 millisecond'
    WHERE id = (
      SELECT id FROM inspections
      WHERE status = 'queued' OR (status = 'running' AND lease_until < now())
      ORDER BY requested_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id::text, url, attempts`;
  return row ?? null;
});

/** Puts a claimed job back in the queue, as if it had never been claimed. */
export const release = namedQuery("inspect.release", async (sql, id: string) => {
  await sql`
    UPDATE inspections SET status = 'queued', started_at = NULL, lease_until = NULL, attempts = attempts - 1
    WHERE id = ${id} AND status = 'running'`;
});

/**
 * A finished run's numbers and detail, its screenshot when one was taken, and its card when the
 * worker drew one (`worker:inspect` does, card.ts).
 */
export type FinishedRun = {
  bytes: number; bytesInitial: number; filecount: number; co2: number; detail: Detail; screenshot: Uint8Array | null; card?: Uint8Array | null;
};

/** Stores a running job's result (and the URL's screenshot and card) at once; false when the job is not running. */
export const complete = namedQuery("inspect.complete", async (sql, id: string, r: FinishedRun) => {
  // NOTE: one statement, so the row, its screenshot and its card land together; they go under the
  // job's own URL, never one its worker names.
  const jpeg = r.screenshot ? Buffer.from(r.screenshot) : null;
  const png = r.card ? Buffer.from(r.card) : null;
  const rows = await sql`
    WITH finished AS (
      UPDATE inspections SET status = 'done', finished_at = now(), lease_until = NULL, bytes = ${r.bytes},
        bytes_initial = ${r.bytesInitial}, filecount = ${r.filecount}, co2 = ${r.co2}, detail = ${sql.json(r.detail)}
      WHERE id = ${id} AND status = 'running'
      RETURNING id, url),
    shot AS (
      INSERT INTO inspection_screenshots (url, taken_at, jpeg)
      SELECT url, now(), ${jpeg}::bytea FROM finished WHERE ${jpeg}::bytea IS NOT NULL
      ON CONFLICT (url) DO UPDATE SET taken_at = excluded.taken_at, jpeg = excluded.jpeg),
    card AS (
      INSERT INTO inspection_cards (url, inspection_id, made_at, png)
      SELECT url, id, now(), ${png}::bytea FROM finished WHERE ${png}::bytea IS NOT NULL
      ON CONFLICT (url) DO UPDATE SET inspection_id = excluded.inspection_id, made_at = excluded.made_at, png = excluded.png)
    SELECT url FROM finished`;
  return rows.length === 1;
});

/** Ends a running job as failed; false when the job is not running. */
export const fail = namedQuery("inspect.fail", async (sql, id: string, error: string, errorType: string) => {
  const rows = await sql`
    UPDATE inspections SET status = 'failed', finished_at = now(), lease_until = NULL, error = ${error},
      error_type = ${errorType}
    WHERE id = ${id} AND status = 'running'
    RETURNING id`;
  return rows.length === 1;
});

export const isLive = namedQuery("inspect.isLive", async (sql, url: string) => {
  const rows = await sql`SELECT 1 FROM inspections WHERE url = ${url} AND status IN ('queued', 'running')`;
  return rows.length > 0;
});

export const latest = namedQuery("inspect.latest", async (sql, url: string): Promise<FinishedRow | null> => {
  const [row] = await sql<FinishedRow[]>`
    SELECT id::text, url, status, finished_at AS "finishedAt", error, error_type AS "errorType",
      bytes::float8 AS bytes, bytes_initial::float8 AS "bytesInitial", filecount, co2, detail
    FROM inspections
    WHERE url = ${url} AND status IN ('done', 'failed')
    ORDER BY finished_at DESC LIMIT 1`;
  return row ?? null;
});

/** `rating` is the SWD v4 letter of the run's grams per visit. */
export type HistoryEntry = { timestamp: string; co2: number; rating: string; bytes: number; bytesInitial: number };

/** Successful runs, oldest first, for the energy and page-size charts. */
export const history = namedQuery("inspect.history", async (sql, url: string, limit: number): Promise<HistoryEntry[]> => {
  const rows = await sql<{ at: Date; co2: number; bytes: number; bytesInitial: number }[]>`
    SELECT * FROM (
      SELECT finished_at AS at, co2, bytes::float8 AS bytes, bytes_initial::float8 AS "bytesInitial"
      FROM inspections WHERE url = ${url} AND status = 'done'
      ORDER BY finished_at DESC LIMIT ${limit}) recent
    ORDER BY at`;
  return rows.map((r) => ({ timestamp: r.at.toISOString(), co2: r.co2, rating: ratingOf(r.co2), bytes: r.bytes, bytesInitial: r.bytesInitial }));
});

export const screenshot = namedQuery("inspect.screenshot", async (sql, url: string) => {
  const [row] = await sql<{ jpeg: Buffer; takenAt: Date }[]>`
    SELECT jpeg, taken_at AS "takenAt" FROM inspection_screenshots WHERE url = ${url}`;
  return row ?? null;
});

/** The newest successful run of a URL, with its card when one was drawn for that run. */
export type CardRun = {
  id: string;
  url: string;
  finishedAt: Date;
  bytes: number;
  co2: number;
  detail: Detail;
  png: Buffer | null;
};

export const cardRun = namedQuery("inspect.cardRun", async (sql, url: string): Promise<CardRun | null> => {
  const [row] = await sql<CardRun[]>`
    SELECT i.id::text, i.url, i.finished_at AS "finishedAt", i.bytes::float8 AS bytes, i.co2, i.detail, c.png
    FROM inspections i
    LEFT JOIN inspection_cards c ON c.url = i.url AND c.inspection_id = i.id
    WHERE i.url = ${url} AND i.status = 'done'
    ORDER BY i.finished_at DESC LIMIT 1`;
  return row ?? null;
});

export const saveCard = namedQuery("inspect.saveCard", async (sql, run: { id: string; url: string }, png: Uint8Array) => {
  await sql`
    INSERT INTO inspection_cards (url, inspection_id, made_at, png) VALUES (${run.url}, ${run.id}, now(), ${Buffer.from(png)})
    ON CONFLICT (url) DO UPDATE SET inspection_id = excluded.inspection_id, made_at = excluded.made_at, png = excluded.png`;
});

/** The newest screenshots with their URLs (not the images: the admin list loads each by URL). */
export const recentScreenshots = namedQuery("inspect.recentScreenshots", (sql, limit: number) =>
  sql<{ url: string; takenAt: Date; bytes: number }[]>`
    SELECT url, taken_at AS "takenAt", length(jpeg) AS bytes FROM inspection_screenshots ORDER BY taken_at DESC LIMIT ${limit}`,
);

/** Deletes a URL's screenshot and, when asked, its finished runs too; false when there was none. */
export const deleteScreenshot = namedQuery("inspect.deleteScreenshot", (sql, url: string, withHistory: boolean) =>
  sql.begin(async (tx) => {
    const gone = await tx`DELETE FROM inspection_screenshots WHERE url = ${url} RETURNING url`;
    // NOTE: the card shows the page's title too; it goes with the screenshot.
    await tx`DELETE FROM inspection_cards WHERE url = ${url}`;
    if (withHistory) await tx`DELETE FROM inspections WHERE url = ${url} AND status IN ('done', 'failed')`;
    return gone.length > 0;
  }),
);

/** Jobs waiting or running, and those that failed in the last hour. */
export const queueHealth = namedQuery("inspect.queueHealth", async (sql) => {
  const [row] = await sql<{ queued: number; running: number; failedLastHour: number }[]>`
    SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued,
           count(*) FILTER (WHERE status = 'running')::int AS running,
           count(*) FILTER (WHERE status = 'failed' AND finished_at > now() - interval '1 hour')::int AS "failedLastHour"
    FROM inspections WHERE status IN ('queued', 'running') OR finished_at > now() - interval '1 hour'`;
  return row!;
});
