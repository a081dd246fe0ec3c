// `npm run restore -- FILE`: restores a backup into an empty DATA_DIR (with DATABASE_URL, a server's
// backup into that new, empty database through pg_restore), refusing a damaged file before writing
// anything and checking the restored row counts against its manifest.
import { parseArgs } from "node:util";
import { restoreBackup } from "../backup";
import { configOrExit, exitWith } from ".";

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) exitWith("name one backup file: npm run restore -- FILE", "restore");
const file = positionals[0]!;
const config = configOrExit("restore");
const done = await restoreBackup(config, file);
if (!done.ok) exitWith(done.error, "restore");
const { counts, bothy, createdAt } = done.manifest;
console.log(`Restored ${file} (Bothy ${bothy}, taken ${createdAt}) into ${config.DATABASE_URL ? "the database at DATABASE_URL" : config.DATA_DIR}`);
console.log(Object.entries(counts).map(([table, n]) => `${table} ${n}`).join(", "));
