// The one origin this instance is known by: BASE_URL, or http://HOST:PORT while it listens on
// loopback only. Mailed links, redirects, page props and the CSRF checks read it here; no origin
// is ever taken from a request's Host or Origin header, which anyone can forge.
import { ConfigError, type Config } from "./config";

export type PublicOrigin = {
  /** e.g. "https://bothy.example"; throws if read before the server listens with PORT=0. */
  readonly value: string;
  /** Called once the server listens: with PORT=0 the port is known only then. */
  listening(port: number): void;
};

/** True for addresses only this machine can reach: localhost, 127.0.0.0/8, ::1. */
export const isLoopback = (host: string): boolean =>
  /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);

/** http://HOST:PORT, with an IPv6 address in brackets. */
export const listenUrl = (host: string, port: number): string =>
  `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;

export function publicOrigin(config: Pick<Config, "BASE_URL" | "HOST" | "PORT">): PublicOrigin {
  let value = config.BASE_URL ? new URL(config.BASE_URL).origin : config.PORT ? listenUrl(config.HOST, config.PORT) : undefined;
  return {
    get value() {
      if (value === undefined) throw new Error("the public origin is read before the server listens");
      return value;
    },
    listening(port) {
      value ??= listenUrl(config.HOST, port);
    },
  };
}

/**
 * The web server's own rules, beyond each value's: off loopback its links need BASE_URL, since no
 * origin is taken from requests; on a database server it needs SECRET_KEY (sharedSecretProblem).
 * Not in loadConfig: the inspect worker shares the env and serves nothing.
 */
export function assertServable(config: Pick<Config, "BASE_URL" | "HOST" | "DATABASE_URL" | "SECRET_KEY">): void {
  if (config.BASE_URL === undefined && !isLoopback(config.HOST)) {
    throw new ConfigError(`BASE_URL is required when HOST=${config.HOST} is not a loopback address: set it to this instance's public URL, e.g. https://bothy.example.`);
  }
  const secret = sharedSecretProblem(config);
  if (secret) throw new ConfigError(secret);
}

/**
 * A process on a database server signs what the others check (API tokens, report links): a key
 * generated into its own DATA_DIR would make every other node answer 401 to its tokens.
 */
export const sharedSecretProblem = (config: Pick<Config, "DATABASE_URL" | "SECRET_KEY">): string | null =>
  config.DATABASE_URL !== undefined && config.SECRET_KEY === undefined
    ? "SECRET_KEY is required with DATABASE_URL: every process on one database must sign with the same key (set it to at least 32 random characters, the same on every node)."
    : null;
