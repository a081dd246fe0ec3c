// The embedded database's door. PGlite trusts every client, so each connection first proves it knows
// the password (SCRAM-SHA-256, as PostgreSQL asks for it) and only then is handed, with its startup
// message replayed, to pglite-socket's handler. A client without it never gets a byte to PGlite.
import { chmodSync } from "node:fs";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from "@electric-sql/pglite-socket";
import type { SessionQueue } from "./session-queue";
import { SCRAM_MECHANISM, scramExchange, scramKeys, type ScramKeys } from "./scram";

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const MAX_STARTUP_BYTES = 10_000;
const MAX_SASL_BYTES = 1_000;
/** A client that has not authenticated by then is dropped, so it can't keep a connection slot. */
const AUTH_TIMEOUT_MS = 10_000;
const AUTH_SASL = 10;
const AUTH_SASL_CONTINUE = 11;
const AUTH_SASL_FINAL = 12;

type Endpoint = { path: string } | { host: string; port: number };

export type Gate = {
  /** Listens on a Unix socket (made 0600) or a TCP address; resolves with the TCP port, or null. */
  listen(at: Endpoint): Promise<number | null>;
  /** Ends every connection (rolling back a transaction left open) and stops listening. */
  close(): Promise<void>;
};

export function openGate(session: SessionQueue, password: string, maxConnections: number): Gate {
  // NOTE: pglite-socket's handler speaks the protocol; our queue decides whose message runs next.
  const queryQueue = session as unknown as PGLiteSocketHandlerOptions["queryQueue"];
  const keys = scramKeys(password);
  // NOTE: every connection, for the limit and for close(); pruned as they end, since pglite-socket's
  // handler takes away the 'close' listeners of the sockets it is given.
  const sockets = new Set<Socket>();
  const admitted = new Set<PGLiteSocketHandler>();
  const servers: Server[] = [];

  const admit = (socket: Socket, replay: Buffer) => {
    const handler = new PGLiteSocketHandler({ queryQueue, closeOnDetach: true });
    admitted.add(handler);
    const forget = () => admitted.delete(handler);
    handler.addEventListener("close", forget);
    handler.addEventListener("error", forget);
    // NOTE: attach() subscribes to 'data' synchronously, so the replayed bytes reach the handler
    // before anything the client sends next.
    void handler.attach(socket);
    socket.emit("data", replay);
  };

  const accept = (socket: Socket) => {
    for (const open of sockets) if (open.destroyed) sockets.delete(open);
    sockets.add(socket);
    socket.on("error", () => socket.destroy());
    // NOTE: a client not admitted in time is dropped, refused or not, so it can't keep a slot.
    const timer = setTimeout(() => socket.destroy(), AUTH_TIMEOUT_MS);
    socket.once("close", () => clearTimeout(timer));
    if (sockets.size > maxConnections) return refuse(socket, "53300", "sorry, too many clients already");
    authenticate(socket, keys, (replay) => {
      clearTimeout(timer);
      admit(socket, replay);
    });
  };

  return {
    listen: (at) =>
      new Promise((resolve, reject) => {
        const server = createServer(accept);
        server.once("error", reject);
        const listening = () => {
          servers.push(server);
          if ("path" in at) chmodSync(at.path, 0o600);
          resolve("path" in at ? null : (server.address() as AddressInfo).port);
        };
        if ("path" in at) server.listen(at.path, listening);
        else server.listen(at.port, at.host, listening);
      }),
    close: async () => {
      await Promise.all([...admitted].map((handler) => handler.detach(true)));
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}

/** Reads the startup message and the SCRAM exchange; admits the client with what it sent, or refuses it. */
function authenticate(socket: Socket, keys: ScramKeys, admit: (replay: Buffer) => void): void {
  const scram = scramExchange(keys);
  let pending = Buffer.alloc(0);
  let startup: Buffer | null = null;
  let step: "initial" | "final" = "initial";
  const fail = (code: string, message: string) => {
    socket.off("data", onData);
    refuse(socket, code, message);
  };
  const denied = () => fail("28P01", `password authentication failed for user "${startupUser(startup!)}"`);

  function onData(chunk: Buffer) {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (!startup) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (length < 8 || length > MAX_STARTUP_BYTES) return fail("08P01", "invalid startup packet length");
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        const packet = pending.subarray(0, length);
        pending = pending.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          socket.write("N"); // no encryption: the client goes on in plain text or gives up
          continue;
        }
        if (code >>> 16 !== 3) return fail("0A000", "unsupported frontend protocol"); // a cancel request too
        startup = Buffer.from(packet);
        socket.write(authentication(AUTH_SASL, `${SCRAM_MECHANISM}\0\0`));
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending[0] !== 0x70 || length < 5 || length > MAX_SASL_BYTES) return fail("08P01", "expected a SASL response");
      if (pending.length < 1 + length) return;
      const body = pending.subarray(5, 1 + length);
      pending = pending.subarray(1 + length);
      if (step === "initial") {
        // SASLInitialResponse: the mechanism's name, NUL, the data's length, the client-first-message.
        const nul = body.indexOf(0);
        if (nul < 0 || body.subarray(0, nul).toString() !== SCRAM_MECHANISM || body.length < nul + 5) return denied();
        const serverFirst = scram.first(body.subarray(nul + 5).toString());
        if (!serverFirst) return denied();
        socket.write(authentication(AUTH_SASL_CONTINUE, serverFirst));
        step = "final";
        continue;
      }
      const serverFinal = scram.final(body.toString());
      if (!serverFinal) return denied();
      socket.off("data", onData);
      socket.write(authentication(AUTH_SASL_FINAL, serverFinal));
      return admit(Buffer.concat([startup, pending]));
    }
  }
  socket.on("data", onData);
}

/** An Authentication message ('R') of `kind` with its data. */
function authentication(kind: number, data: string): Buffer {
  const bytes = Buffer.from(data);
  const out = Buffer.alloc(9 + bytes.length);
  out[0] = 0x52; // 'R'
  out.writeInt32BE(8 + bytes.length, 1);
  out.writeInt32BE(kind, 5);
  bytes.copy(out, 9);
  return out;
}

/** The `user` parameter of a startup message (key, NUL, value, NUL pairs after the 8-byte header). */
function startupUser(packet: Buffer): string {
  const parts = packet.subarray(8).toString("utf8").split("\0");
  const at = parts.findIndex((part, i) => i % 2 === 0 && part === "user");
  return at >= 0 ? (parts[at + 1] ?? "") : "";
}

/** Sends a FATAL ErrorResponse with its SQLSTATE and ends the connection. */
function refuse(socket: Socket, code: string, message: string): void {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
  const out = Buffer.alloc(5 + fields.length);
  out[0] = 0x45; // 'E'
  out.writeInt32BE(4 + fields.length, 1);
  fields.copy(out, 5);
  socket.end(out);
}
