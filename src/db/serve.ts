// `npm run db:serve`: the embedded TimescaleDB on its own, on a port, for psql or for an app
// started with DATABASE_URL. This process owns the database, so it also runs maintenance.
import { loadConfig, ConfigError } from "../config";
import { embeddedClient } from ".";
import { startEmbedded } from "./embedded";
import { startMaintenance } from "./maintenance";
import { MAINTENANCE_JOBS as COLLECT_JOBS } from "../collect/jobs";
import { log, setLogLevel } from "../log";

const port = Number(process.env.DB_PORT ?? 5432);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`bothy: Invalid DB_PORT=${JSON.stringify(process.env.DB_PORT)}: expected an integer from 0 to 65535.\n`);
  process.exit(1);
}
let config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`bothy: ${err.message}\n`);
  process.exit(1);
}
setLogLevel(config.LOG_LEVEL);

const server = await startEmbedded(config.DATA_DIR, { port });
const sql = embeddedClient(server);
const maintenance = startMaintenance(sql, config.MAINTENANCE_INTERVAL_S * 1000);
// NOTE: this process owns the database, so it also runs collection's refresh, compression and
// retention: an app on DATABASE_URL registers TimescaleDB policies, which PGlite never runs.
for (const job of COLLECT_JOBS) maintenance.add(job);
console.log(`Embedded TimescaleDB serving ${config.DATA_DIR} at postgres://postgres@${server.host}:${server.port}/postgres`);

const shutdown = async () => {
  await maintenance.stop();
  await sql`CHECKPOINT`;
  await sql.end({ timeout: 5 });
  await server.stop();
  log.info("database stopped");
  process.exit(0);
};
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
