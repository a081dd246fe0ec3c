// Starting the server: config → database (migrated) → app → listen, and a graceful shutdown on
// SIGINT/SIGTERM: stop accepting, finish in-flight requests, run flush hooks, close the database.
// The process's entry point is src/server.ts, which reads the configuration before this is imported.
import { mkdirSync } from "node:fs";
import { configOrExit, exitWith } from "./cli";
import { ConfigError, type Config } from "./config";
import { createApp, type App } from "./app";
import { keepSnapshot, serveSnapshots } from "./backup";
import { collectorOf } from "./collect";
import type { Room } from "./context";
import { EmbeddedDatabaseError, MigrationError, openDatabase, type Database } from "./db";
import { assertServable, listenUrl, publicOrigin } from "./origin";
import { createLifecycle } from "./lifecycle";
import { log, setLogLevel } from "./log";

/** `url` is where it listens; `origin` what it is known by (BASE_URL, or that same URL on loopback). */
export type Running = { url: string; origin: string; app: App; db: Database; stop(): Promise<void> };

export async function start(config: Config, extraRooms: Room[] = []): Promise<Running> {
  assertServable(config);
  setLogLevel(config.LOG_LEVEL);
  mkdirSync(config.DATA_DIR, { recursive: true });
  // NOTE: the embedded database keeps a snapshot before new migrations, for `npm run rollback`.
  const db = await openDatabase(config, { beforeMigrate: keepSnapshot });
  const lifecycle = createLifecycle();
  const origin = publicOrigin(config);
  const app = createApp({ config, db, lifecycle, origin }, extraRooms);
  try {
    app.listen({ port: config.PORT, hostname: config.HOST });
  } catch (err) {
    await db.close();
    throw err;
  }
  origin.listening(app.server!.port!);
  // NOTE: the embedded database lives in this process, so `npm run backup` asks it over a socket;
  // the collector's buffer is written first, so a backup holds every hit acknowledged before it.
  const snapshot = db.snapshot;
  const backups = snapshot
    ? serveSnapshots(config.DATA_DIR, async (sql) => {
        await collectorOf(db)?.writer.flush();
        return snapshot(sql);
      })
    : null;
  const url = listenUrl(config.HOST, app.server!.port!);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      backups?.stop();
      await lifecycle.runDrainHooks();
      await app.stop(); // waits for in-flight requests; new connections are refused
      await lifecycle.runShutdownHooks();
      await db.close();
    })());
  return { url, origin: origin.value, app, db, stop };
}

/** Runs the server as a process: exits with one line on a bad start, stops cleanly on a signal. */
export async function main(extraRooms: Room[] = [], config: Config = configOrExit()): Promise<void> {
  let running: Running;
  try {
    running = await start(config, extraRooms);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof MigrationError || err instanceof EmbeddedDatabaseError) exitWith(err.message);
    exitWith(`Could not start: ${err instanceof Error ? err.message : String(err)}`);
  }
  const shutdown = (signal: string) => {
    log.info("shutting down", { signal });
    // NOTE: a hard deadline so a stuck hook can never keep the process (and the port) alive.
    setTimeout(() => {
      log.error("shutdown timed out", { ms: config.SHUTDOWN_TIMEOUT_MS });
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    running.stop().then(
      () => {
        log.info("stopped");
        process.exit(0);
      },
      (err) => {
        log.error("shutdown failed", { error: err instanceof Error ? err.message : String(err) });
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  // TRICKY: the ready line comes after the handlers: a supervisor may stop the process as soon as it
  // reads it, and a SIGTERM before them ended it at once, its buffered hits unwritten (exit 143).
  console.log(`Bothy is running at ${running.origin} (database: ${running.db.mode})`);
}

