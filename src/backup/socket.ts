// The running server's backup socket, DATA_DIR/run/backup.sock beside the database's: `npm run
// backup` asks it for a snapshot taken in the database's own thread, since the server process holds
// the embedded database. Its 0700 directory is the only gate: whoever can open it can read DATA_DIR.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { socketDir, type Snapshot } from "../db";

// NOTE: a Unix socket path holds at most 107 bytes on Linux; past that the server serves none and
// the backup command says so.
const MAX_SOCKET_PATH = 107;
const FIGURES_HEADER = "x-bothy-figures";

const backupSocket = (dataDir: string) => join(socketDir(dataDir), "backup.sock");

/** Serves snapshots on the backup socket; null when its path is too long for a Unix socket. */
export function serveBackups(dataDir: string, snapshot: (sql: string) => Promise<Snapshot>, sql: string): { stop(): void } | null {
  const unix = backupSocket(dataDir);
  if (Buffer.byteLength(unix) > MAX_SOCKET_PATH) return null;
  // NOTE: this process holds DATA_DIR (src/db/embedded.ts refused to open it otherwise), so a file
  // here was left by a server killed without its cleanup, and Bun would not listen over it.
  rmSync(unix, { force: true });
  const server = Bun.serve({
    unix,
    fetch: async () => {
      try {
        const { json, tar } = await snapshot(sql);
        return new Response(tar, { headers: { [FIGURES_HEADER]: json, "content-type": "application/x-tar" } });
      } catch (err) {
        return new Response(err instanceof Error ? err.message : String(err), { status: 503 });
      }
    },
  });
  return { stop: () => void server.stop(true) };
}

type Asked = { ok: true; snapshot: Snapshot } | { ok: false; error: string } | null;

/** A snapshot from the server holding DATA_DIR; null when no server answers on its socket. */
export async function askServer(dataDir: string): Promise<Asked> {
  let res: Response;
  try {
    res = await fetch("http://bothy/snapshot", { unix: backupSocket(dataDir) });
  } catch {
    return null;
  }
  if (!res.ok) return { ok: false, error: `the running server could not take a snapshot: ${await res.text()}` };
  const json = res.headers.get(FIGURES_HEADER);
  if (!json) return { ok: false, error: "the running server's answer carries no figures" };
  return { ok: true, snapshot: { json, tar: new Uint8Array(await res.arrayBuffer()) } };
}
