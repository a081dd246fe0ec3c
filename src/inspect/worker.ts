// `npm run worker:inspect`: runs the inspection queue as its own process, next to app nodes
// started with INSPECT_CONCURRENCY=0. It needs DATABASE_URL: the embedded database belongs to
// one process, so share it through `npm run db:serve` (or use a TimescaleDB server).
import { greenCheck } from "../carbon";
import { configOrExit, exitWith } from "../cli";
import { openDatabase } from "../db";
import { startHeartbeat } from "../health";
import { log, setLogLevel } from "../log";
import { browserHost } from "./browser";
import { startQueue } from "./queue";
import { guardFrom, jobRunner, leaseMs, limitsFrom } from "./service";

const config = configOrExit();
if (!config.DATABASE_URL) {
  exitWith("worker:inspect needs DATABASE_URL (start `npm run db:serve` to share the embedded database).");
}
setLogLevel(config.LOG_LEVEL);

const db = await openDatabase(config);
const browser = browserHost(config.CHROMIUM_PATH);
const concurrency = Math.max(1, config.INSPECT_CONCURRENCY);
const queue = startQueue({
  sql: db.sql,
  concurrency,
  leaseMs: leaseMs(config),
  pollMs: 500,
  run: jobRunner({
    sql: db.sql, browser, greencheck: greenCheck(config.GREENCHECK_API_BASE), guard: guardFrom(config), limits: limitsFrom(config),
    stopping: () => queue.stopping(),
  }),
});
const heartbeat = startHeartbeat(db.sql, "worker:inspect");
console.log(`Bothy inspector worker running (concurrency ${concurrency})`);

const shutdown = async (signal: string) => {
  log.info("inspector worker stopping", { signal });
  setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS).unref();
  // Same order as the app's shutdown hook: a grace period, then the browser ends what is left.
  await queue.stop(config.SHUTDOWN_TIMEOUT_MS / 3);
  await browser.close();
  await queue.stop();
  await heartbeat.stop();
  await db.close();
  process.exit(0);
};
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));
