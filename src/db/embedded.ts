// The embedded TimescaleDB: starts the worker that owns PGlite and waits until it listens.
// Used by the app when DATABASE_URL is unset, and by `npm run db:serve`.
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export type WorkerRequest =
  | { type: "open"; dataDir: string; port: number; host: string }
  | { type: "close" };
export type WorkerReply =
  | { type: "ready"; port: number }
  | { type: "closed" }
  | { type: "error"; message: string };

export type EmbeddedServer = {
  host: string;
  port: number;
  /** Closes PGlite cleanly (flushes its files) and ends the worker. */
  stop(): Promise<void>;
};

export class EmbeddedDatabaseError extends Error {}

/** The PGlite data directory inside DATA_DIR. */
export const pgDataDir = (dataDir: string) => join(dataDir, "pgdata");

export async function startEmbedded(dataDir: string, opts: { port?: number; host?: string } = {}): Promise<EmbeddedServer> {
  const host = opts.host ?? "127.0.0.1";
  mkdirSync(dataDir, { recursive: true });
  const worker = new Worker(new URL("./embedded-worker.ts", import.meta.url).href);

  const next = () =>
    new Promise<WorkerReply>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<WorkerReply>) => resolve(e.data);
      worker.onerror = (e) => reject(new EmbeddedDatabaseError(`embedded database worker failed: ${e.message}`));
    });

  const send = async <K extends "ready" | "closed">(msg: WorkerRequest, expect: K) => {
    const answer = next();
    worker.postMessage(msg);
    const got = await answer;
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
