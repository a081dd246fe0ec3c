// Heartbeats of the processes sharing the database: each process kind (an app node, the
// inspector worker, `db:serve`'s maintenance) registers itself at start and writes its row every
// 15 s; the admin's servers page lists them, stale after 60 s. A row is the process's own (host
// name, pid, version): nothing about visitors.
import { hostname } from "node:os";
import type { Sql } from "postgres";
import { namedQuery } from "../db";
import { log } from "../log";
import pkg from "../../package.json";

const HEARTBEAT_MS = 15_000;
export const STALE_AFTER_MS = 60_000;
/** Rows of processes gone this long are removed by the next beat of any process. */
const FORGET_AFTER = "1 day";

type ProcessRow = { id: string; kind: string; version: string; host: string; pid: number; started: Date; lastSeen: Date };

const beat = namedQuery("heartbeat.beat", async (sql, p: Omit<ProcessRow, "lastSeen">) => {
  await sql`INSERT INTO process_heartbeats (id, kind, version, host, pid, started, last_seen)
    VALUES (${p.id}, ${p.kind}, ${p.version}, ${p.host}, ${p.pid}, ${p.started}, now())
    ON CONFLICT (id) DO UPDATE SET last_seen = now()`;
  await sql`DELETE FROM process_heartbeats WHERE last_seen < now() - ${FORGET_AFTER}::interval`;
});

const forget = namedQuery("heartbeat.forget", async (sql, id: string) => {
  await sql`DELETE FROM process_heartbeats WHERE id = ${id}`;
});

export const listProcesses = namedQuery("heartbeat.list", (sql) =>
  sql<ProcessRow[]>`
    SELECT id, kind, version, host, pid, started, last_seen AS "lastSeen" FROM process_heartbeats ORDER BY kind, started`,
);

/** Starts this process's heartbeat; `stop` removes its row (a clean exit is not a stale process). */
export function startHeartbeat(sql: Sql, kind: string): { stop(): Promise<void> } {
  const me = { id: crypto.randomUUID(), kind, version: pkg.version, host: hostname(), pid: process.pid, started: new Date() };
  let failing = false;
  const write = () =>
    beat(sql, me).then(
      () => void (failing = false),
      (err: unknown) => {
        // NOTE: one line per outage, not one per beat.
        if (!failing) log.warn("heartbeat not written", { error: err instanceof Error ? err.message : String(err) });
        failing = true;
      },
    );
  let last = write();
  const timer = setInterval(() => void (last = write()), HEARTBEAT_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await last;
      await forget(sql, me.id).catch(() => {});
    },
  };
}
