// Health room: /healthz says the process is alive and never touches the database (it must
// answer while a long query runs); /readyz says the database answers and is fully migrated.
import { Elysia } from "elysia";
import { appliedMigrations, timescaleVersion, type Database } from "../db";
import { listMigrations } from "../db/migrate";
import { errorBody } from "../http/errors";
import type { Lifecycle } from "../lifecycle";
import { startHeartbeat } from "./heartbeat";

export { listProcesses, startHeartbeat, STALE_AFTER_MS } from "./heartbeat";

/** Registers this app node among the processes sharing the database (it runs maintenance when embedded). */
export function registerAppNode(db: Database, lifecycle: Lifecycle): void {
  const heartbeat = startHeartbeat(db.sql, db.maintenance ? "app + maintenance" : "app");
  lifecycle.onShutdown("heartbeat", () => heartbeat.stop());
}

export const healthRoutes = (db: Database) =>
  new Elysia({ name: "health" })
    .get("/healthz", () => ({ status: "ok" as const }))
    .get("/readyz", async ({ set }) => {
      try {
        const [version, applied] = await Promise.all([timescaleVersion(db.sql), appliedMigrations(db.sql)]);
        const expected = listMigrations().map((m) => m.version);
        const missing = expected.filter((v) => !applied.includes(v));
        if (!version || missing.length) {
          set.status = 503;
          return errorBody(503, version ? `Migrations not applied: ${missing.join(", ")}` : "TimescaleDB is not installed");
        }
        return { status: "ready" as const, database: { mode: db.mode, timescaledb: version, migrations: applied.length } };
      } catch (err) {
        set.status = 503;
        return errorBody(503, `Database unreachable: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
