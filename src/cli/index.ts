// The cli room: the npm scripts' entries beside this file (db:serve is ./db-serve.ts, and so on),
// each built from the rooms' index.ts, and how every entry, `npm start`'s too, starts: the config,
// or one line on stderr naming what is wrong and exit code 1; the same one-line failure serves the
// scripts' own checks. No room imports this one, so an entry may import any room.
import { ConfigError, loadConfig, type Config } from "../config";

/** Ends the process with one line, `prefix: line`, and exit code 1. */
export function exitWith(line: string, prefix = "bothy"): never {
  process.stderr.write(`${prefix}: ${line}\n`);
  process.exit(1);
}

/** The config from the environment, or exitWith the line that names the bad setting. */
export function configOrExit(prefix = "bothy", env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) exitWith(err.message, prefix);
    throw err;
  }
}
