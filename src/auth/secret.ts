// SECRET_KEY, or when unset a key generated once and kept in DATA_DIR/secret.key (mode 600), so
// a self-hoster's sign-ins survive restarts without any setup.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";

export function resolveSecret(config: Pick<Config, "SECRET_KEY" | "DATA_DIR">): string {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  const file = join(config.DATA_DIR, "secret.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
  // NOTE: "wx" fails if another process wrote it first; then read theirs.
  try {
    writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}
