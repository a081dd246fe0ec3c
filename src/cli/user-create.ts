// `npm run user:create -- --email a@b.c [--name "Ada"] [--admin] [--password …]`: creates a
// verified account, e.g. the first admin of a self-hosted instance. Without --password a strong
// one is generated and printed once.
import { parseArgs } from "node:util";
import { createUser, hashPassword, passwordProblem } from "../auth";
import { keepSnapshot } from "../backup";
import { openDatabase } from "../db";
import { setLogLevel } from "../log";
import { configOrExit, exitWith } from ".";

const fail = (line: string): never => exitWith(line, "user:create");

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    password: { type: "string" },
    admin: { type: "boolean", default: false },
  },
});
const email = values.email?.trim().toLowerCase();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) fail("--email with a valid address is required.");
const password = values.password ?? Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");
const problem = passwordProblem(password, { email });
if (problem) fail(`--password: ${problem}`);

const config = configOrExit("user:create");
setLogLevel("warn");
// NOTE: the first to open DATA_DIR after an upgrade migrates it, so it keeps the snapshot a start would.
const db = await openDatabase(config, { beforeMigrate: keepSnapshot });
try {
  const user = await createUser(db.sql, {
    email: email!,
    name: values.name ?? email!.split("@")[0]!,
    passwordHash: await hashPassword(password),
    scope: values.admin ? ["admin"] : [],
    verified: true,
  });
  if (!user) fail(`an account with ${email} already exists.`);
  console.log(`Created ${values.admin ? "admin " : ""}${email}`);
  if (!values.password) console.log(`Password: ${password}`);
} finally {
  await db.close();
}
