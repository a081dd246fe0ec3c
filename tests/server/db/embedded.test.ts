// Who can reach the embedded database: only a client on its socket in DATA_DIR that gives the
// password of this start. PGlite itself would trust anyone, so the gate in front is what is tested.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { dirname, join } from "node:path";
import postgres from "postgres";
import { embeddedClient } from "../../../src/db";
import { EmbeddedDatabaseError, socketDir, startEmbedded, type EmbeddedServer } from "../../../src/db/embedded";
import { freshDataDir } from "../../helpers/db";

const quiet = { max: 1, onnotice: () => {}, connect_timeout: 10 };

/** The TCP ports this process (the database worker is one of its threads) listens on. */
function listeningTcpPorts(): number[] {
  const inodes = new Set(
    readdirSync("/proc/self/fd").flatMap((fd) => {
      try {
        return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1]].filter(Boolean);
      } catch {
        return []; // closed while we looked
      }
    }),
  );
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((table) =>
    readFileSync(table, "utf8")
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === "0A" && inodes.has(cols[9])) // 0A: LISTEN
      .map((cols) => parseInt(cols[1]!.split(":")[1]!, 16)),
  );
}

/**
 * Connects, sends `messages`, and resolves `answer` with what the server sent until it ended its
 * side and `closed` once the connection is gone. With `halfOpen` the client keeps its own side open.
 */
function client(path: string, messages: Buffer[], opts: { halfOpen?: boolean; connected?: () => void } = {}) {
  const chunks: Buffer[] = [];
  const answer = Promise.withResolvers<Buffer>();
  const closed = Promise.withResolvers<void>();
  const socket = connect({ path, allowHalfOpen: opts.halfOpen ?? false }, () => {
    for (const m of messages) socket.write(m);
    opts.connected?.();
  });
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.on("error", answer.reject);
  socket.on("end", () => answer.resolve(Buffer.concat(chunks)));
  socket.on("close", () => {
    answer.resolve(Buffer.concat(chunks));
    closed.resolve();
  });
  return { socket, answer: answer.promise, closed: closed.promise };
}
const exchange = (path: string, ...messages: Buffer[]) => client(path, messages).answer;

const startupMessage = () => {
  const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
  const out = Buffer.alloc(8 + params.length);
  out.writeInt32BE(out.length, 0);
  out.writeInt32BE(196608, 4); // protocol 3.0
  params.copy(out, 8);
  return out;
};

const typed = (type: string, body: string) => {
  const text = Buffer.from(`${body}\0`);
  const out = Buffer.alloc(5 + text.length);
  out.write(type, 0);
  out.writeInt32BE(4 + text.length, 1);
  text.copy(out, 5);
  return out;
};

describe("a running embedded database", () => {
  let dataDir: string;
  let server: EmbeddedServer;
  beforeAll(async () => {
    dataDir = await freshDataDir();
    server = await startEmbedded(dataDir);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("listens on a 0600 socket in a 0700 directory of DATA_DIR and on no TCP port", () => {
    expect(server.socket).toBe(join(socketDir(dataDir), ".s.PGSQL.5432"));
    expect(statSync(server.socket).isSocket()).toBe(true);
    expect(statSync(server.socket).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(server.socket)).mode & 0o777).toBe(0o700);
    expect(server.tcp).toBeNull();
    expect(listeningTcpPorts()).toEqual([]);
  });

  test("refuses a client without the password or with a wrong one", async () => {
    for (const password of [undefined, "", "wrong", `${server.password}x`]) {
      const sql = postgres({ path: server.socket, user: "postgres", database: "postgres", password, ...quiet });
      try {
        const error = await sql`SELECT 1`.then(() => null, (err: unknown) => err);
        expect(error).toMatchObject({ code: "28P01", message: 'password authentication failed for user "postgres"' });
      } finally {
        await sql.end();
      }
    }
  });

  test("serves a client with the password", async () => {
    const sql = embeddedClient(server);
    try {
      const rows = await sql`SELECT extname FROM pg_extension WHERE extname = 'timescaledb'`;
      expect(rows.map((r) => r.extname)).toEqual(["timescaledb"]);
    } finally {
      await sql.end();
    }
  });

  test("a query sent in place of the password is refused and never runs", async () => {
    const answer = await exchange(server.socket, startupMessage(), typed("Q", "CREATE TABLE intruder (n int)"));
    // AuthenticationSASL offering SCRAM-SHA-256, then a FATAL protocol error, then the connection ends.
    const asked = answer.readInt32BE(1) + 1;
    expect(String.fromCharCode(answer[0]!)).toBe("R");
    expect(answer.readInt32BE(5)).toBe(10);
    expect(answer.subarray(9, asked).toString()).toBe("SCRAM-SHA-256\0\0");
    expect(String.fromCharCode(answer[asked]!)).toBe("E");
    expect(answer.subarray(asked).toString()).toContain("C08P01\0");
    const sql = embeddedClient(server);
    try {
      const [row] = await sql`SELECT to_regclass('intruder') IS NULL AS absent`;
      expect(row!.absent).toBe(true);
    } finally {
      await sql.end();
    }
  });

  test("a second start on the same DATA_DIR is refused while the database runs", async () => {
    const error = await startEmbedded(dataDir).then(() => null, (err: unknown) => err);
    expect(error).toBeInstanceOf(EmbeddedDatabaseError);
    expect((error as Error).message).toBe(`embedded database: ${dataDir} is in use by another process (${server.socket})`);
  });
});

test("a socket left by a killed process is replaced; past 8 clients one is refused; stop ends them all", async () => {
  const dataDir = await freshDataDir();
  try {
    const path = join(socketDir(dataDir), ".s.PGSQL.5432");
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, ""); // nothing answers there
    const server = await startEmbedded(dataDir);
    const idle: ReturnType<typeof client>[] = [];
    let refused: ReturnType<typeof client> | undefined;
    try {
      expect(statSync(server.socket).isSocket()).toBe(true);
      // Clients that connect and never authenticate, then one more, which the limit turns away
      // and which keeps its side of the connection open after the refusal.
      const connected = Array.from({ length: 8 }, () => Promise.withResolvers<void>());
      for (const { resolve } of connected) idle.push(client(server.socket, [], { connected: resolve }));
      await Promise.all(connected.map((c) => c.promise));
      refused = client(server.socket, [startupMessage()], { halfOpen: true });
      expect((await refused.answer).toString()).toContain("C53300\0Msorry, too many clients already\0");
    } finally {
      await server.stop(); // NOTE: hangs while any connection stays open on the server's side
      refused?.socket.destroy();
    }
    await Promise.all(idle.map((c) => c.closed));
    expect(readdirSync(dirname(path))).toEqual([]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a DATA_DIR too long for a socket path gets its socket in a private temporary directory", async () => {
  const base = await freshDataDir();
  const dataDir = join(base, "d".repeat(100));
  try {
    mkdirSync(dataDir);
    renameSync(join(base, "pgdata"), join(dataDir, "pgdata")); // the initialised database, moved down
    const server = await startEmbedded(dataDir);
    const tmp = dirname(server.socket);
    try {
      expect(server.socket.startsWith(dataDir)).toBe(false);
      expect(statSync(tmp).mode & 0o777).toBe(0o700);
      const sql = embeddedClient(server);
      try {
        const [row] = await sql`SELECT 1 AS one`;
        expect(row!.one).toBe(1);
      } finally {
        await sql.end();
      }
    } finally {
      await server.stop();
    }
    expect(() => statSync(tmp)).toThrow();
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
