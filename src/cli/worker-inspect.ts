// `npm run worker:inspect`: runs the inspection queue as its own process, next to app nodes
// started with INSPECT_CONCURRENCY=0. It takes its jobs either from the database (DATABASE_URL:
// the embedded database belongs to one process, so share it through `npm run db:serve`, or use a
// TimescaleDB server) or from an app's internal API (APP_URL and INSPECT_TOKEN), which keeps the
// database credentials out of the process that drives Chromium on arbitrary pages.
import { openDatabase } from "../db";
import { startHeartbeat } from "../health";
import { inspectionWorker } from "../inspect";
import { log, setLogLevel } from "../log";
import { configOrExit, exitWith } from ".";

const config = configOrExit();
if (config.DATABASE_URL && config.APP_URL) {
  exitWith("worker:inspect takes DATABASE_URL or APP_URL, not both (with APP_URL it holds no database credentials).");
}
if (config.APP_URL && !config.INSPECT_TOKEN) {
  exitWith("worker:inspect with APP_URL needs INSPECT_TOKEN, the same one the app has (at least 32 characters).");
}
if (!config.DATABASE_URL && !config.APP_URL) {
  exitWith(
    "worker:inspect needs DATABASE_URL (start `npm run db:serve` to share the embedded database), or APP_URL and INSPECT_TOKEN to take jobs from the app.",
  );
}
setLogLevel(config.LOG_LEVEL);

const db = config.DATABASE_URL ? await openDatabase(config) : null;
const loops = inspectionWorker(config, db);
// NOTE: the heartbeat is a row in the database; a worker on the internal API has none to write.
const heartbeat = db ? startHeartbeat(db.sql, "worker:inspect") : null;
console.log(`Bothy inspector worker running (concurrency ${loops.concurrency}, jobs from ${db ? "the database" : "the app's internal API"})`);

const shutdown = async (signal: string) => {
  log.info("inspector worker stopping", { signal });
  setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS).unref();
  await loops.stop();
  await heartbeat?.stop();
  await db?.close();
  process.exit(0);
};
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));
