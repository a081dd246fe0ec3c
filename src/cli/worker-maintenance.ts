// `npm run worker:maintenance`: runs every scheduled job (src/jobs) as its own process, next to
// app nodes started with JOBS=worker. It needs DATABASE_URL (the embedded database belongs to one
// process: share it through `npm run db:serve`, or use a TimescaleDB server) and BASE_URL, the
// origin its mails link to, since it serves nothing itself. Several may run: each job is claimed
// before it runs, so no two run the same job in the same interval.
import { openDatabase } from "../db";
import { startHeartbeat } from "../health";
import { scheduleAppJobs } from "../jobs";
import { log, setLogLevel } from "../log";
import { publicOrigin, sharedSecretProblem } from "../origin";
import { configOrExit, exitWith } from ".";

const config = configOrExit();
if (!config.DATABASE_URL) exitWith("worker:maintenance needs DATABASE_URL (start `npm run db:serve` to share the embedded database).");
if (!config.BASE_URL) exitWith("worker:maintenance needs BASE_URL: the public URL its mails link to.");
const secret = sharedSecretProblem(config);
if (secret) exitWith(secret);
setLogLevel(config.LOG_LEVEL);

// NOTE: JOBS=worker tells the app nodes to leave the jobs; this process runs them whatever it says.
const db = await openDatabase({ ...config, JOBS: "here" });
scheduleAppJobs({ config, db, origin: publicOrigin(config) });
const heartbeat = startHeartbeat(db.sql, "worker:maintenance");
console.log(`Bothy maintenance worker running (a pass every ${config.MAINTENANCE_INTERVAL_S} s)`);

const shutdown = async (signal: string) => {
  log.info("maintenance worker stopping", { signal });
  setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS).unref();
  await heartbeat.stop();
  await db.close(); // NOTE: waits for a running pass to end
  process.exit(0);
};
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));
