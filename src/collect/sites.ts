// Domain → site lookup for ingest, cached in memory. A stale entry is kept when a refresh fails,
// so a database outage does not turn known domains into drops.
import type { Sql } from "postgres";
import { siteForIngest, type Site as DomainSite } from "../domains";

export type Site = Pick<DomainSite, "id" | "tz" | "deleted">;

/** `lookup` answers synchronously from the cache, with a promise when it has to ask the database. */
export type Sites = { lookup(domain: string): Site | null | Promise<Site | null>; forget(): void };

export function createSites(sql: Sql, ttlMs = 30_000): Sites {
  const cache = new Map<string, { site: Site | null; until: number }>();
  const pending = new Map<string, Promise<Site | null>>();
  return {
    lookup(domain) {
      const name = domain.toLowerCase();
      const entry = cache.get(name);
      if (entry && entry.until > Date.now()) return entry.site;
      return load(name, entry);
    },
    forget: () => cache.clear(),
  };

  async function load(name: string, entry: { site: Site | null } | undefined): Promise<Site | null> {
    let loading = pending.get(name);
    if (!loading) {
      // NOTE: one query per domain at a time, however many hits for it arrive meanwhile.
      const names = name.startsWith("www.") ? [name, name.slice(4)] : [name];
      loading = siteForIngest(sql, names).finally(() => pending.delete(name));
      pending.set(name, loading);
    }
    try {
      const site = await loading;
      if (cache.size > 100_000) cache.clear();
      cache.set(name, { site, until: Date.now() + ttlMs });
      return site;
    } catch (err) {
      if (entry) return entry.site;
      throw err;
    }
  }
}
