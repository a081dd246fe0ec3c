// The embedded TimescaleDB: starts the worker that owns PGlite and waits until it listens.
// Used by the app when DATABASE_URL is unset, and by `npm run db:serve`. Clients reach it only
// through a Unix socket in DATA_DIR (and `db:serve`'s loopback port) and only with the password.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export type WorkerRequest =
  | { type: "open"; dataDir: string; socket: string; password: string; tcp: { host: string; port: number } | null }
  | { type: "close" }
  | { type: "blob"; id: number; sql: string; data: string }
  | { type: "snapshot"; id: number; sql: string };
export type WorkerReply =
  | { type: "ready"; port: number | null }
  | { type: "closed" }
  | { type: "error"; message: string }
  | { type: "blobDone"; id: number }
  | { type: "snapshotDone"; id: number; json: string; tar: Uint8Array<ArrayBuffer> }
  | { type: "blobError"; id: number; message: string; code: string | null };

export type EmbeddedServer = {
  /** The Unix socket (0600, in a 0700 directory) clients connect to, with `password`. */
  socket: string;
  /** A random one per start unless the caller gave it. */
  password: string;
  /** The loopback address when one was asked for (`db:serve`); null otherwise. */
  tcp: { host: string; port: number } | null;
  /**
   * Runs `sql` (one or more statements, one implicit transaction) in the worker, with `data` readable
   * as '/dev/blob' (e.g. `COPY t FROM '/dev/blob'`), never inside a socket client's transaction.
   * Fails with a BlobError carrying the SQLSTATE.
   */
  execBlob(sql: string, data: string): Promise<void>;
  /**
   * A consistent copy of the database taken between clients' turns: the data dir as a tar (its
   * paths from the data dir's root) and the first field of `sql` run in the same turn.
   */
  snapshot(sql: string): Promise<Snapshot>;
  /** Closes PGlite cleanly (flushes its files) and ends the worker. */
  stop(): Promise<void>;
};

export type Snapshot = { json: string; tar: Uint8Array<ArrayBuffer> };

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

/** The socket's directory inside DATA_DIR; its name is the one psql and postgres.js look for there. */
export const socketDir = (dataDir: string) => join(resolve(dataDir), "run");
const SOCKET_NAME = ".s.PGSQL.5432";
// NOTE: a Unix socket path holds at most 107 bytes (sun_path's 108 with the NUL) on Linux.
const MAX_SOCKET_PATH = 107;

/**
 * Where the socket goes: DATA_DIR/run, or a private temporary directory when that path is too
 * long. Refuses a DATA_DIR whose socket still answers: another process is serving its database.
 */
async function placeSocket(dataDir: string): Promise<{ path: string; remove(): void }> {
  const dir = socketDir(dataDir);
  const path = join(dir, SOCKET_NAME);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    const tmp = mkdtempSync(join(tmpdir(), "bothy-db-")); // 0700 like DATA_DIR/run
    return { path: join(tmp, SOCKET_NAME), remove: () => rmSync(tmp, { recursive: true, force: true }) };
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700); // NOTE: mkdir leaves an existing directory's mode as it was
  if (existsSync(path)) {
    if (await answers(path)) throw new EmbeddedDatabaseError(`embedded database: ${dataDir} is in use by another process (${path})`);
    rmSync(path, { force: true }); // left by a process that was killed
  }
  return { path, remove: () => rmSync(path, { force: true }) };
}

const answers = (path: string) =>
  new Promise<boolean>((resolve) => {
    const probe = connect(path);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });

/** Whether a process serves DATA_DIR's database now: its socket in DATA_DIR/run answers. */
export const servedNow = (dataDir: string) => answers(join(socketDir(dataDir), SOCKET_NAME));

type Waiter = { resolve(value?: Snapshot): void; reject(err: Error): void };

export async function startEmbedded(
  dataDir: string,
  opts: { port?: number; password?: string } = {},
): Promise<EmbeddedServer> {
  mkdirSync(dataDir, { recursive: true });
  const socket = await placeSocket(dataDir);
  const password = opts.password ?? randomBytes(32).toString("base64url");
  const tcp = opts.port === undefined ? null : { host: "127.0.0.1", port: opts.port };
  const worker = new Worker(new URL("./embedded-worker.ts", import.meta.url).href);

  // NOTE: blob statements are many and concurrent, so their replies carry an id; open and close are
  // one at a time and answered by the `lifecycle` waiter.
  const blobs = new Map<number, Waiter>();
  let nextId = 1;
  let lifecycle: { resolve(reply: WorkerReply): void; reject(err: Error): void } | null = null;
  let dead: Error | null = null;
  worker.onmessage = (e: MessageEvent<WorkerReply>) => {
    const msg = e.data;
    if (msg.type === "blobDone" || msg.type === "blobError" || msg.type === "snapshotDone") {
      const waiter = blobs.get(msg.id);
      blobs.delete(msg.id);
      if (msg.type === "snapshotDone") waiter?.resolve({ json: msg.json, tar: msg.tar });
      else if (msg.type === "blobDone") waiter?.resolve();
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

  const ready = await send({ type: "open", dataDir: pgDataDir(dataDir), socket: socket.path, password, tcp }, "ready").catch(
    (err: unknown) => {
      worker.terminate();
      socket.remove();
      throw err;
    },
  );
  let stopped: Promise<void> | undefined;
  // NOTE: blobs and snapshots share the id-keyed waiters; a worker failure rejects them all.
  const ask = <T>(msg: (id: number) => WorkerRequest) =>
    new Promise<T>((resolve, reject) => {
      if (dead || stopped) return reject(dead ?? new EmbeddedDatabaseError("embedded database is stopped"));
      const id = nextId++;
      blobs.set(id, { resolve: resolve as Waiter["resolve"], reject });
      worker.postMessage(msg(id));
    });
  return {
    socket: socket.path,
    password,
    tcp: tcp && { host: tcp.host, port: ready.port ?? tcp.port },
    execBlob: (sql, data) => ask<void>((id) => ({ type: "blob", id, sql, data })),
    snapshot: (sql) => ask<Snapshot>((id) => ({ type: "snapshot", id, sql })),
    stop: () =>
      (stopped ??= send({ type: "close" }, "closed").then(() => undefined).finally(() => {
        worker.terminate();
        socket.remove();
      })),
  };
}
