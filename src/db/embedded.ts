// The embedded TimescaleDB: starts the worker that owns PGlite and waits until it listens.
// Used by the app when DATABASE_URL is unset, and by `npm run db:serve`.
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export type WorkerRequest =
  | { type: "open"; dataDir: string; port: number; host: string }
  | { type: "close" }
  | { type: "blob"; id: number; sql: string; data: string };
export type WorkerReply =
  | { type: "ready"; port: number }
  | { type: "closed" }
  | { type: "error"; message: string }
  | { type: "blobDone"; id: number }
  | { type: "blobError"; id: number; message: string; code: string | null };

export type EmbeddedServer = {
  host: string;
  port: number;
  /**
   * Runs `sql` (one or more statements, one implicit transaction) in the worker, with `data` readable
   * as '/dev/blob' (e.g. `COPY t FROM '/dev/blob'`), never inside a socket client's transaction.
   * Fails with a BlobError carrying the SQLSTATE.
   */
  execBlob(sql: string, data: string): Promise<void>;
  /** Closes PGlite cleanly (flushes its files) and ends the worker. */
  stop(): Promise<void>;
};

export class EmbeddedDatabaseError extends Error {}

/** A statement run by execBlob failed; `code` is the SQLSTATE when the database gave one. */
export class BlobError extends Error {
  constructor(message: string, readonly code: string | null) {
    super(message);
    this.name = "BlobError";
  }
}

/** The PGlite data directory inside DATA_DIR. */
export const pgDataDir = (dataDir: string) => join(dataDir, "pgdata");

type Waiter = { resolve(): void; reject(err: Error): void };

export async function startEmbedded(dataDir: string, opts: { port?: number; host?: string } = {}): Promise<EmbeddedServer> {
  const host = opts.host ?? "127.0.0.1";
  mkdirSync(dataDir, { recursive: true });
  const worker = new Worker(new URL("./embedded-worker.ts", import.meta.url).href);

  // NOTE: blob statements are many and concurrent, so their replies carry an id; open and close are
  // one at a time and answered by the `lifecycle` waiter.
  const blobs = new Map<number, Waiter>();
  let nextId = 1;
  let lifecycle: { resolve(reply: WorkerReply): void; reject(err: Error): void } | null = null;
  let dead: Error | null = null;
  worker.onmessage = (e: MessageEvent<WorkerReply>) => {
    const msg = e.data;
    if (msg.type === "blobDone" || msg.type === "blobError") {
      const waiter = blobs.get(msg.id);
      blobs.delete(msg.id);
      if (msg.type === "blobDone") waiter?.resolve();
      else waiter?.reject(new BlobError(msg.message, msg.code));
      return;
    }
    lifecycle?.resolve(msg);
  };
  worker.onerror = (e) => {
    dead = new EmbeddedDatabaseError(`embedded database worker failed: ${e.message}`);
    lifecycle?.reject(dead);
    for (const waiter of blobs.values()) waiter.reject(dead);
    blobs.clear();
  };

  const send = async <K extends "ready" | "closed">(msg: WorkerRequest, expect: K) => {
    const answer = new Promise<WorkerReply>((resolve, reject) => (lifecycle = { resolve, reject }));
    worker.postMessage(msg);
    const got = await answer.finally(() => (lifecycle = null));
    if (got.type === "error") throw new EmbeddedDatabaseError(`embedded database: ${got.message}`);
    if (got.type !== expect) throw new EmbeddedDatabaseError(`embedded database: expected ${expect}, got ${got.type}`);
    return got as Extract<WorkerReply, { type: K }>;
  };

  const ready = await send({ type: "open", dataDir: pgDataDir(dataDir), port: opts.port ?? 0, host }, "ready").catch(
    (err: unknown) => {
      worker.terminate();
      throw err;
    },
  );
  let stopped: Promise<void> | undefined;
  return {
    host,
    port: ready.port,
    execBlob: (sql, data) =>
      new Promise<void>((resolve, reject) => {
        if (dead || stopped) return reject(dead ?? new EmbeddedDatabaseError("embedded database is stopped"));
        const id = nextId++;
        blobs.set(id, { resolve, reject });
        worker.postMessage({ type: "blob", id, sql, data } satisfies WorkerRequest);
      }),
    stop: () =>
      (stopped ??= send({ type: "close" }, "closed").then(
        () => worker.terminate(),
        (err) => {
          worker.terminate();
          throw err;
        },
      )),
  };
}
