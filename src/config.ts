// Every setting comes from the environment, is parsed once at boot, and is typed from here on.
// A bad value stops the start with one line naming the variable and what it accepts.

type Parser<T> = { accepts: string; parse: (raw: string) => T | undefined };

const integer = (min: number, max: number): Parser<number> => ({
  accepts: `an integer from ${min} to ${max}`,
  parse: (raw) => {
    if (!/^\d+$/.test(raw)) return undefined;
    const n = Number(raw);
    return n >= min && n <= max ? n : undefined;
  },
});

const text = (accepts = "any text"): Parser<string> => ({ accepts, parse: (raw) => raw });

const url = (protocols: string[]): Parser<string> => ({
  accepts: `a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
  parse: (raw) => {
    try {
      return protocols.includes(new URL(raw).protocol) ? raw.replace(/\/+$/, "") : undefined;
    } catch {
      return undefined;
    }
  },
});

const oneOf = <const T extends string>(values: readonly T[]): Parser<T> => ({
  accepts: `one of ${values.join(", ")}`,
  parse: (raw) => (values as readonly string[]).includes(raw) ? (raw as T) : undefined,
});

const secret: Parser<string> = {
  accepts: "at least 32 characters",
  parse: (raw) => (raw.length >= 32 ? raw : undefined),
};

const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Setting<T, F extends string | undefined = string | undefined> = Parser<T> & { doc: string; fallback: F };
const setting = <T, const F extends string | undefined = undefined>(
  parser: Parser<T>,
  doc: string,
  fallback?: F,
): Setting<T, F> => ({ ...parser, doc, fallback: fallback as F });

// NOTE: the order here is the order of `.env.example` and the README table.
export const SETTINGS = {
  PORT: setting(integer(0, 65535), "HTTP port; 0 picks a free one", "3000"),
  HOST: setting(text("a host name or IP address"), "address to listen on", "127.0.0.1"),
  BASE_URL: setting(url(["http:", "https:"]), "public URL of this instance (defaults to http://HOST:PORT)"),
  DATA_DIR: setting(text("a directory path"), "where the embedded database and files live", "./data"),
  DATABASE_URL: setting(
    url(["postgres:", "postgresql:"]),
    "TimescaleDB server; when unset the embedded database in DATA_DIR is used",
  ),
  DATABASE_READ_URL: setting(url(["postgres:", "postgresql:"]), "read replica for dashboard queries"),
  SECRET_KEY: setting(secret, "signs sessions and one-time links"),
  LOG_LEVEL: setting(oneOf(LOG_LEVELS), "least severe log line written", "info"),
  MAINTENANCE_INTERVAL_S: setting(
    integer(10, 86400),
    "seconds between CHECKPOINT/ANALYZE runs on the embedded database",
    "300",
  ),
  SHUTDOWN_TIMEOUT_MS: setting(integer(100, 60000), "hard limit for a graceful shutdown", "9000"),
  COLLECT_BATCH_SIZE: setting(integer(1, 10000), "hits written per INSERT by the batch writer", "2000"),
  COLLECT_FLUSH_MS: setting(integer(10, 1000), "longest wait in milliseconds before buffered hits are written", "500"),
  COLLECT_MAX_BUFFER: setting(
    integer(1, 10_000_000),
    "hits held in memory before collection answers 503 (back-pressure)",
    "100000",
  ),
} as const;

type Settings = typeof SETTINGS;
type Value<K extends keyof Settings> = Settings[K] extends Parser<infer T> ? T : never;
type Optional = { [K in keyof Settings]: Settings[K]["fallback"] extends string ? never : K }[keyof Settings];

export type Config = { [K in Exclude<keyof Settings, Optional>]: Value<K> } & {
  [K in Optional]: Value<K> | undefined;
};

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message is the one line to print. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(SETTINGS) as [string, Setting<unknown>][]) {
    const raw = env[name] === "" ? undefined : env[name];
    const value = raw ?? s.fallback;
    if (value === undefined) continue;
    const parsed = s.parse(value);
    if (parsed === undefined) {
      throw new ConfigError(`Invalid ${name}=${JSON.stringify(raw)}: expected ${s.accepts}.`);
    }
    out[name] = parsed;
  }
  return out as Config;
}
