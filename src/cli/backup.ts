// `npm run backup -- --out FILE`: a consistent snapshot of the embedded database, from the running
// server holding DATA_DIR or, with none, from DATA_DIR itself; with DATABASE_URL, the server's
// database through pg_dump. Prints the manifest's figures.
import { parseArgs } from "node:util";
import { takeBackup } from "../backup";
import { configOrExit, exitWith } from ".";

const { values } = parseArgs({ options: { out: { type: "string" } } });
if (!values.out) exitWith("--out FILE is required.", "backup");
const done = await takeBackup(configOrExit("backup"), values.out!);
if (!done.ok) exitWith(done.error, "backup");
const { counts, migrations, payload } = done.manifest;
console.log(`Backed up to ${values.out} (${payload.bytes} bytes, sha256 ${payload.sha256}, ${migrations.length} migrations)`);
console.log(Object.entries(counts).map(([table, n]) => `${table} ${n}`).join(", "));
