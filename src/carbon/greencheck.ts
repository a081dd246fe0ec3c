// Green-hosting client for the Green Web Foundation greencheck API v3
// (GET {base}/api/v3/greencheck/{hostname} → {url, green, hosted_by, …}). Our own, because
// co2.js hardcodes the API host and answers "not green" when offline; we answer "unknown".
// The base URL comes from config so tests point it at a local server speaking the same protocol.
import { LRUCache } from "lru-cache";

type GreenVerdict = { green: true; hostedBy: string | null } | { green: false } | { green: "unknown" };

export type GreenCheck = (hostname: string) => Promise<GreenVerdict>;

// NOTE: a host's hosting rarely changes, so known answers live a day; "unknown" is retried soon,
// so one outage does not stick to a host for a day.
const KNOWN_TTL_MS = 24 * 3600_000;
const UNKNOWN_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

export function greenCheck(base: string, opts: { timeoutMs?: number; now?: () => number } = {}): GreenCheck {
  // NOTE: fetch() asks once per host however many callers wait; each answer sets its own lifetime.
  const cache = new LRUCache<string, GreenVerdict>({
    max: MAX_ENTRIES,
    ttl: KNOWN_TTL_MS,
    perf: { now: opts.now ?? Date.now },
    ttlResolution: 0,
    fetchMethod: async (host, _stale, { options }) => {
      const verdict = await ask(host);
      if (verdict.green === "unknown") options.ttl = UNKNOWN_TTL_MS;
      return verdict;
    },
  });

  const ask = async (host: string): Promise<GreenVerdict> => {
    try {
      const res = await fetch(`${base}/api/v3/greencheck/${encodeURIComponent(host)}`, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
      });
      if (!res.ok) return { green: "unknown" };
      const body = (await res.json()) as { green?: unknown; hosted_by?: unknown };
      if (body.green === true) return { green: true, hostedBy: typeof body.hosted_by === "string" ? body.hosted_by : null };
      if (body.green === false) return { green: false };
      return { green: "unknown" };
    } catch {
      return { green: "unknown" };
    }
  };

  return async (hostname) => {
    // NOTE: ask() never throws and never answers undefined, so neither does fetch().
    return (await cache.fetch(hostname.toLowerCase()))!;
  };
}

/** The API's `green` field: the hosting provider (or "yes") when green, otherwise "unknown". */
export const greenLabel = (v: GreenVerdict): string => (v.green === true ? v.hostedBy ?? "yes" : "unknown");
