// `npm run rollback [-- NAME]`: with the server stopped, puts back the newest snapshot a start kept
// before applying migrations (or the one named), checked by its checksum and row counts, and says
// which Bothy to run on it: a newer one would apply the same migrations again.
import { parseArgs } from "node:util";
import { rollBack } from "../backup";
import { configOrExit, exitWith } from ".";

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length > 1) exitWith("name at most one snapshot: npm run rollback [-- NAME]", "rollback");
const config = configOrExit("rollback");
const done = await rollBack(config, positionals[0]);
if (!done.ok) exitWith(done.error, "rollback");
const { bothy, createdAt, migrations } = done.manifest;
const level = String(migrations.at(-1) ?? 0).padStart(3, "0");
console.log(`Rolled ${config.DATA_DIR} back to ${done.name} (taken ${createdAt}, before Bothy ${bothy} migrated it)`);
console.log(`Run the Bothy version you ran before ${bothy}: the one whose newest migration is sql/${level}_*.sql`);
