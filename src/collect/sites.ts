// Domain → site lookup for ingest, cached in memory. A stale entry is kept when a refresh fails,
// so a database outage does not turn known domains into drops.
import { LRUCache } from "lru-cache";
import type { Sql } from "postgres";
import { siteForIngest, type Site as DomainSite } from "../domains";

export type Site = Pick<DomainSite, "id" | "tz" | "deleted">;

/** `lookup` answers synchronously from the cache, with a promise when it has to ask the database. */
export type Sites = { lookup(domain: string): Site | null | Promise<Site | null>; forget(): void };

/** One cached answer: a domain's site, or null for a name no domain has (kept too, briefly). */
type Entry = { site: Site | null };

export function createSites(sql: Sql, ttlMs = 30_000): Sites {
  const cache = new LRUCache<string, Entry>({
    max: 100_000,
    ttl: ttlMs,
    // NOTE: fetch() queries once per domain however many hits for it arrive meanwhile; a stale entry
    // stays when its refresh fails, so a database outage does not turn known domains into drops.
    noDeleteOnFetchRejection: true,
    noDeleteOnStaleGet: true,
    fetchMethod: async (name) => ({ site: await siteForIngest(sql, name.startsWith("www.") ? [name, name.slice(4)] : [name]) }),
  });
  return {
    lookup(domain) {
      const name = domain.toLowerCase();
      // NOTE: a stale entry answers at once while it is refreshed in the background (fetch() runs
      // once per domain): during an outage postgres.js holds concurrent queries while it backs off
      // reconnecting, and a hit must not wait on that.
      const entry = cache.get(name, { allowStale: true });
      if (entry) {
        if (!cache.has(name)) void cache.fetch(name).catch(() => {});
        return entry.site;
      }
      return cache.fetch(name).then((e) => e!.site);
    },
    forget: () => cache.clear(),
  };
}
