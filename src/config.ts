// Every setting comes from the environment, is parsed once at boot, and is typed from here on.
// A bad value stops the start with one line naming the variable and what it accepts.
import { BlockList, isIP } from "node:net";

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

const hostList: Parser<string[]> = {
  accepts: "a comma-separated list of host names or IPs, each optionally with :port",
  parse: (raw) => {
    const items = raw.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
    return items.every((h) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(h)) ? items : undefined;
  },
};

const hostMap: Parser<Map<string, string>> = {
  accepts: "a comma-separated list of host=IP pairs",
  parse: (raw) => {
    const pairs = raw.split(",").map((s) => s.trim()).filter(Boolean).map((p) => p.split("="));
    if (!pairs.every((p) => p.length === 2 && /^[a-z0-9.-]+$/i.test(p[0]!) && /^[0-9a-f:.]+$/i.test(p[1]!))) return undefined;
    return new Map(pairs.map(([h, ip]) => [h!.toLowerCase(), ip!]));
  },
};

/** IPs and CIDR ranges, e.g. "10.0.0.0/8, 2001:db8::1": addresses whose X-Forwarded-For we believe. */
const addressList: Parser<BlockList> = {
  accepts: "a comma-separated list of IP addresses or CIDR ranges",
  parse: (raw) => {
    const list = new BlockList();
    for (const item of raw.split(",").map((s) => s.trim()).filter(Boolean)) {
      const [ip = "", bits, ...rest] = item.split("/");
      const family = isIP(ip);
      const max = family === 4 ? 32 : 128;
      if (!family || rest.length || (bits !== undefined && !/^\d{1,3}$/.test(bits)) || Number(bits ?? max) > max) return undefined;
      list.addSubnet(ip, Number(bits ?? max), family === 4 ? "ipv4" : "ipv6");
    }
    return list;
  },
};

const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Setting<T, F extends string | undefined = string | undefined> = Parser<T> & {
  doc: string;
  fallback: F;
  /** Set when an empty value means something (e.g. "off") instead of "use the default". */
  blank?: T;
};
const setting = <T, const F extends string | undefined = undefined>(
  parser: Parser<T>,
  doc: string,
  fallback?: F,
  blank?: T,
): Setting<T, F> => ({ ...parser, doc, fallback: fallback as F, blank });

/** A host name (lower-cased); empty is allowed and means "off" where the setting says so. */
const hostName = (accepts: string): Parser<string> => ({
  accepts,
  parse: (raw) => (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i.test(raw) ? raw.toLowerCase() : undefined),
});

/** An OpenID provider's issuer: https, or http on this machine only (a provider started beside the app). */
const issuerUrl: Parser<string> = {
  accepts: "a URL starting with https:// (or http:// on localhost)",
  parse: (raw) => {
    const checked = url(["http:", "https:"]).parse(raw);
    return checked && (checked.startsWith("https:") || /^http:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?(\/|$)/i.test(checked)) ? checked : undefined;
  },
};

const domainList: Parser<string[]> = {
  accepts: "a comma-separated list of email domains, e.g. example.com, example.org",
  parse: (raw) => {
    const items = raw.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
    return items.length && items.every((d) => hostName("").parse(d)) ? items : undefined;
  },
};

/** A Stripe key or secret with one of the given prefixes, e.g. sk_test_…, whsec_…. */
const stripeKey = (prefixes: string[]): Parser<string> => ({
  accepts: `a Stripe key starting with ${prefixes.map((p) => `${p}_`).join(" or ")}`,
  parse: (raw) => (new RegExp(`^(${prefixes.join("|")})_[A-Za-z0-9_]+$`).test(raw) ? raw : undefined),
});

// NOTE: the order here is the order of `.env.example` and the README table.
export const SETTINGS = {
  PORT: setting(integer(0, 65535), "HTTP port; 0 picks a free one", "3000"),
  HOST: setting(text("a host name or IP address"), "address to listen on", "127.0.0.1"),
  BASE_URL: setting(
    url(["http:", "https:"]),
    "public URL of this instance, used for every link and mail; required unless HOST is a loopback address (then http://HOST:PORT)",
  ),
  TRUSTED_PROXIES: setting(
    addressList,
    "reverse proxies (IPs or CIDRs) whose X-Forwarded-For names the client; unset trusts none",
  ),
  DATA_DIR: setting(text("a directory path"), "where the embedded database and files live", "./data"),
  DATABASE_URL: setting(
    url(["postgres:", "postgresql:"]),
    "TimescaleDB server; when unset the embedded database in DATA_DIR is used",
  ),
  DATABASE_READ_URL: setting(url(["postgres:", "postgresql:"]), "read replica for dashboard queries"),
  DATABASE_POOL: setting(
    integer(1, 100),
    "connections to DATABASE_URL per process; use 1 against `npm run db:serve` (one PGlite session)",
    "10",
  ),
  STATS_READS_AT_ONCE: setting(integer(1, 64), "distinct stats reads this process runs against the database at once; more wait their turn", "4"),
  STATS_READS_WAITING: setting(
    integer(0, 10000),
    "distinct stats reads waiting for a turn before the next is refused as busy (503 with Retry-After; the dashboard retries)",
    "32",
  ),
  DB_PASSWORD: setting(secret, "password of `npm run db:serve`; when unset one is generated into DATA_DIR/db.url"),
  SECRET_KEY: setting(
    secret,
    "signs access tokens; when unset one is generated into DATA_DIR/secret.key. Required with DATABASE_URL: every process on one database needs the same key",
  ),
  SMTP_URL: setting(
    url(["smtp:", "smtps:"]),
    "mail server, e.g. smtps://user:pass@mail.example:465; unset writes mail to DATA_DIR/outbox",
  ),
  MAIL_FROM: setting(text("an address, e.g. Bothy <hello@example.com>"), "sender of account mail", "Bothy <no-reply@localhost>"),
  SESSION_IDLE_DAYS: setting(integer(1, 365), "days a sign-in (cookie or refresh token) lasts unused", "7"),
  SESSION_MAX_DAYS: setting(integer(1, 365), "days a sign-in lasts at most, however often it is used", "30"),
  REQUIRE_ADMIN_2FA: setting(
    oneOf(["true", "false"] as const),
    "true sends an admin without two-factor sign-in to set it up before any admin page or API answers them",
    "false",
  ),
  OIDC_ISSUER: setting(issuerUrl, "OpenID Connect provider for single sign-on (with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET); unset, sign-in is by password only"),
  OIDC_CLIENT_ID: setting(text("the client id the provider gave this instance"), "this instance's client id at OIDC_ISSUER"),
  OIDC_CLIENT_SECRET: setting(text("the client secret the provider gave this instance"), "this instance's client secret at OIDC_ISSUER"),
  OIDC_NAME: setting(text("a short name, e.g. Okta"), "the provider's name on the sign-in button (Sign in with …)", "SSO"),
  OIDC_ALLOWED_DOMAINS: setting(domainList, "email domains that may sign in through OIDC_ISSUER; unset allows every verified address"),
  OIDC_ADMIN_CLAIM: setting(
    text("a claim name, or name=value"),
    "an ID token claim that makes its holder an admin: true, or equal to (or a list holding) the value after =",
  ),
  LOG_LEVEL: setting(oneOf(LOG_LEVELS), "least severe log line written", "info"),
  MAINTENANCE_INTERVAL_S: setting(
    integer(2, 86400),
    "seconds between passes of the scheduled jobs (and CHECKPOINT/ANALYZE on the embedded database)",
    "300",
  ),
  JOBS: setting(
    oneOf(["here", "worker"] as const),
    "where the scheduled jobs (reports, alerts, usage mails, plan retention, aggregate upkeep) run: in this process, or in `npm run worker:maintenance` (needs DATABASE_URL)",
    "here",
  ),
  SHUTDOWN_TIMEOUT_MS: setting(integer(100, 60000), "hard limit for a graceful shutdown", "9000"),
  NODE_ENV: setting(
    oneOf(["production", "development", "test"] as const),
    "development rebuilds pages on change and reloads the browser; never serve it publicly",
    "production",
  ),
  BETA: setting(oneOf(["0", "1"] as const), "1 hides pricing and shows the request page; unset means beta until billing is configured"),
  STRIPE_SECRET_KEY: setting(stripeKey(["sk", "rk"]), "Stripe secret (or restricted) API key; with the publishable key and webhook secret it turns billing on"),
  STRIPE_PUBLISHABLE_KEY: setting(stripeKey(["pk"]), "Stripe publishable key, handed to Stripe.js on the upgrade screen"),
  STRIPE_WEBHOOK_SECRET: setting(stripeKey(["whsec"]), "signing secret of the Stripe webhook endpoint {BASE_URL}/api/stripe/webhook"),
  STRIPE_API_BASE: setting(url(["http:", "https:"]), "Stripe API; tests and `npm run stripe:mock` point it at a local Stripe", "https://api.stripe.com"),
  SELF_TRACKING: setting(
    oneOf(["on", "off"] as const),
    "the product's own pages carry the tracker for their own host, off on the admin, pricing-update, reset, verify, settings, dashboard and public routes",
    "on",
  ),
  CHROMIUM_PATH: setting(text("a path to a Chromium executable"), "the browser the page inspector drives", "/usr/bin/chromium"),
  CHROMIUM_NICE: setting(
    integer(0, 19),
    "the CPU weight of the browsers this process launches (the inspector's, the report printer's), as their session's autogroup nice: 19 yields the CPU to all other work, 0 shares it equally",
    "19",
  ),
  INSPECT_CONCURRENCY: setting(
    integer(0, 16),
    "inspections run at once by this process; 0 leaves the queue to `npm run worker:inspect`",
    "2",
  ),
  INSPECT_TIMEOUT_MS: setting(integer(2000, 120000), "hard cap on one inspection, navigation included", "30000"),
  INSPECT_QUIET_MS: setting(integer(100, 10000), "network silence that ends an inspection after the load event", "500"),
  INSPECT_MAX_BYTES: setting(integer(100000, 1000000000), "hard cap on the bytes one inspection may download", "50000000"),
  INSPECT_MAX_REQUESTS: setting(integer(10, 10000), "hard cap on the requests one inspection may make", "500"),
  INSPECT_RATE_LIMIT: setting(integer(1, 100000), "new inspections one client may start per hour", "30"),
  INSPECT_GLOBAL_RATE_LIMIT: setting(integer(1, 1_000_000), "new inspections this process starts per hour, all clients together", "600"),
  INSPECT_TOKEN: setting(
    secret,
    "shared secret of the inspector's internal API (/internal/inspect/…); unset, the app answers 404 there. worker:inspect sends it with APP_URL",
  ),
  APP_URL: setting(
    url(["http:", "https:"]),
    "worker:inspect only: the app whose internal API hands out inspection jobs (with INSPECT_TOKEN), in place of DATABASE_URL",
  ),
  INSPECT_ALLOW_HOSTS: setting(hostList, "tests only: hosts the inspector may reach although internal or on other ports"),
  WEBHOOK_ALLOW_HOSTS: setting(
    hostList,
    "hosts (or host:port) alert webhooks may reach although internal, and over http://: self-hosted receivers on your own network",
  ),
  INSPECT_HOST_MAP: setting(hostMap, "tests only: host=IP pairs the inspector resolves without DNS"),
  DOMAIN_VERIFY_HTTP_PORT: setting(integer(1, 65535), "tests only: the port of the http:// look-up that verifies a domain's home page", "80"),
  GREENCHECK_API_BASE: setting(
    url(["http:", "https:"]),
    "Green Web Foundation API used for green-hosting checks",
    "https://api.thegreenwebfoundation.org",
  ),
  API_RATE_LIMIT: setting(integer(1, 1_000_000), "Pro API requests one API key may make per hour", "1000"),
  OEMBED_API_BASE: setting(
    url(["http:", "https:"]),
    "oEmbed provider the dashboard's social-post wall embeds through (GET {base}/oembed)",
    "https://publish.twitter.com",
  ),
  DEMO_DOMAIN: setting(
    hostName("a host name like demo.example.com, or empty to turn the demo off"),
    "the public demo domain, seeded with synthetic traffic at boot; empty turns the demo off",
    "demo.bothy.eco",
    "",
  ),
  COLLECT_BATCH_SIZE: setting(integer(1, 10000), "hits written per statement (COPY or INSERT) by the batch writer", "2000"),
  COLLECT_FLUSH_MS: setting(integer(10, 1000), "longest wait in milliseconds before buffered hits are written", "500"),
  COLLECT_MAX_BUFFER: setting(
    integer(1, 10_000_000),
    "hits held in memory before collection answers 503 (back-pressure)",
    "100000",
  ),
  METRICS_TOKEN: setting(secret, "bearer token Prometheus sends to GET /metrics; unset answers 404 there"),
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
    if (env[name] === "" && s.blank !== undefined) {
      out[name] = s.blank;
      continue;
    }
    const raw = env[name] === "" ? undefined : env[name];
    const value = raw ?? s.fallback;
    if (value === undefined) continue;
    const parsed = s.parse(value);
    if (parsed === undefined) {
      throw new ConfigError(`Invalid ${name}=${JSON.stringify(raw)}: expected ${s.accepts}.`);
    }
    out[name] = parsed;
  }
  // NOTE: single sign-on needs all three or none; one missing is a typo, not a choice.
  const oidc = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"].filter((name) => out[name] === undefined);
  if (oidc.length === 1 || oidc.length === 2) throw new ConfigError(`Missing ${oidc.join(" and ")}: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.`);
  return out as Config;
}

