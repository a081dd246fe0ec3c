// `npm run db:serve`: the embedded TimescaleDB on its own, on a loopback port and on its socket in
// DATA_DIR, for psql or for an app started with DATABASE_URL. Clients need the password: DB_PASSWORD,
// or one generated once and kept, with the URL to connect with, in DATA_DIR/db.url (mode 0600).
// This process owns the database, so it also runs maintenance.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { embeddedClient, startEmbedded, startMaintenance } from "../db";
import { startHeartbeat } from "../health";
import { hitsJobs, MAINTAINED_BY } from "../hits";
import { log, setLogLevel } from "../log";
import { configOrExit, exitWith } from ".";

const port = Number(process.env.DB_PORT ?? 5432);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  exitWith(`Invalid DB_PORT=${JSON.stringify(process.env.DB_PORT)}: expected an integer from 0 to 65535.`);
}
const config = configOrExit();
setLogLevel(config.LOG_LEVEL);

const urlFile = join(config.DATA_DIR, "db.url");
// NOTE: a generated password is kept across restarts, so an app on DATABASE_URL reconnects after one.
const saved = () => {
  if (!existsSync(urlFile)) return undefined;
  try {
    return new URL(readFileSync(urlFile, "utf8").trim()).password || undefined;
  } catch {
    return undefined; // not a URL: replaced below
  }
};
const password = config.DB_PASSWORD ?? saved() ?? randomBytes(32).toString("base64url");

const server = await startEmbedded(config.DATA_DIR, { port, password });
const sql = embeddedClient(server);
const maintenance = startMaintenance(sql, config.MAINTENANCE_INTERVAL_S * 1000, { owner: true });
// NOTE: this process owns the database, so it also runs the hits' refresh, compression and
// retention: an app on DATABASE_URL registers TimescaleDB policies, which PGlite never runs.
for (const job of hitsJobs("embedded")) maintenance.add(job);
// NOTE: said in the database's one session, which every client shares: apps on DATABASE_URL read it
// and leave the jobs to this process (PGlite has no background workers to run TimescaleDB policies).
await sql.unsafe(`SET ${MAINTAINED_BY} = 'db:serve'`);
const heartbeat = startHeartbeat(sql, "maintenance");
const url = `postgres://postgres:${encodeURIComponent(password)}@${server.tcp!.host}:${server.tcp!.port}/postgres`;
// NOTE: written as a new file, since the mode given to writeFileSync applies only to a new one.
rmSync(urlFile, { force: true });
writeFileSync(urlFile, `${url}\n`, { mode: 0o600 });

const shutdown = async () => {
  await heartbeat.stop();
  await maintenance.stop();
  await sql`CHECKPOINT`;
  await sql.end({ timeout: 5 });
  await server.stop();
  log.info("database stopped");
  process.exit(0);
};
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);

// TRICKY: the ready line comes after the handlers: a supervisor may stop the process as soon as it
// reads it, and a SIGTERM before them ended it without a checkpoint (exit 143).
// NOTE: the output names the file, never the password: terminals and logs are read more widely.
const shown = `postgres://postgres@${server.tcp!.host}:${server.tcp!.port}/postgres`;
console.log(`Embedded TimescaleDB serving ${config.DATA_DIR} at ${shown} (the URL with its password is in ${urlFile}: psql "$(cat ${urlFile})"; socket ${server.socket})`);
