// Green-hosting client for the Green Web Foundation greencheck API v3
// (GET {base}/api/v3/greencheck/{hostname} → {url, green, hosted_by, …}). Our own, because
// co2.js hardcodes the API host and answers "not green" when offline; we answer "unknown".
// The base URL comes from config so tests point it at a local server speaking the same protocol.

type GreenVerdict = { green: true; hostedBy: string | null } | { green: false } | { green: "unknown" };

export type GreenCheck = (hostname: string) => Promise<GreenVerdict>;

type CacheEntry = { verdict: GreenVerdict; until: number };

// NOTE: a host's hosting rarely changes, so known answers live a day; "unknown" is retried soon,
// so one outage does not stick to a host for a day.
const KNOWN_TTL_MS = 24 * 3600_000;
const UNKNOWN_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

export function greenCheck(base: string, opts: { timeoutMs?: number; now?: () => number } = {}): GreenCheck {
  const cache = new Map<string, CacheEntry>();
  const now = opts.now ?? Date.now;
  const inflight = new Map<string, Promise<GreenVerdict>>();

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
    const host = hostname.toLowerCase();
    const hit = cache.get(host);
    if (hit && hit.until > now()) return hit.verdict;
    const running = inflight.get(host);
    if (running) return running;
    const p = ask(host).then((verdict) => {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(host, { verdict, until: now() + (verdict.green === "unknown" ? UNKNOWN_TTL_MS : KNOWN_TTL_MS) });
      inflight.delete(host);
      return verdict;
    });
    inflight.set(host, p);
    return p;
  };
}

/** The API's `green` field: the hosting provider (or "yes") when green, otherwise "unknown". */
export const greenLabel = (v: GreenVerdict): string => (v.green === true ? v.hostedBy ?? "yes" : "unknown");
