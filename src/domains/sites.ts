// Named queries over `domains` (and `domain_claims`) for the rooms that serve a domain rather than
// own it: ingest looks a site up by name, the stats room decides who may read it, saved segments
// find the domain they belong to, the demo and the seed make their rows (and the demo dates its
// row from its data). They share one row, Site; the owner's own view is Domain (./queries.ts).
import { namedQuery, type Queryable } from "../db";

/** A domain as ingest and the stats room read it: its sharing settings and its owner's scope. */
export type Site = {
  id: number;
  name: string;
  tz: string;
  created: Date;
  publicId: string;
  scope: string[];
  owner: string | null;
  ownerScope: string[] | null;
  public: boolean;
  passwordHash: string | null;
  /** The owner lets a public dashboard's visitors export its stats. */
  publicExport: boolean;
  /** The owner lets a public dashboard's visitors watch its realtime view. */
  publicRealtime: boolean;
  /** The owner publishes its earned carbon badge and the badge's evidence page. */
  carbonBadge: boolean;
  /** Deleted domains are only ever returned by siteForIngest, which drops their hits. */
  deleted: boolean;
};

const COLUMNS = `d.id, d.name, d.tz, d.created, d.public_id AS "publicId", d.scope, d.owner, u.scope AS "ownerScope",
  d.public, d.public_password_hash AS "passwordHash", d.public_export AS "publicExport",
  d.public_realtime AS "publicRealtime", d.carbon_badge AS "carbonBadge", d.deleted_at IS NOT NULL AS deleted`;

/** The first of `names` that is a domain, deleted or not (ingest drops a deleted one's hits). */
export const siteForIngest = namedQuery("domains.siteForIngest", async (sql: Queryable, names: string[]) => {
  const rows = await sql<Site[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM domains d LEFT JOIN users u ON u.uid = d.owner WHERE d.name = ANY(${names})`;
  // NOTE: prefer the exact name over its www-less form.
  return rows.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name))[0] ?? null;
});

export const siteByName = namedQuery("domains.siteByName", async (sql: Queryable, name: string) => {
  const [row] = await sql<Site[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM domains d LEFT JOIN users u ON u.uid = d.owner
    WHERE d.name = ${name} AND d.deleted_at IS NULL`;
  return row ?? null;
});

/** A domain's name by its id, for a row that knows its domain by id only (a saved segment); null when none. */
export const siteNameById = namedQuery("domains.siteNameById", async (sql: Queryable, id: number) => {
  const [row] = await sql<{ name: string }[]>`SELECT name FROM domains WHERE id = ${id} AND deleted_at IS NULL`;
  return row?.name ?? null;
});

export const siteByPublicId = namedQuery("domains.siteByPublicId", async (sql: Queryable, publicId: string) => {
  const [row] = await sql<Site[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM domains d LEFT JOIN users u ON u.uid = d.owner
    WHERE d.public_id = ${publicId} AND d.deleted_at IS NULL`;
  return row ?? null;
});

/**
 * The viewer's claim on a name another account holds: read as a domain of theirs that has counted
 * nothing yet. TRICKY: id 0 is no domain's (serial ids start at 1), so every read of it finds no
 * hits, and the dashboard of a claim looks like that of a fresh domain.
 */
export const claimedSite = namedQuery(
  "domains.claimedSite",
  async (sql: Queryable, viewer: { uid: string; scope: string[] }, name: string) => {
    const [row] = await sql<Site[]>`
      SELECT 0 AS id, name, tz, created, public_id AS "publicId", '{}'::text[] AS scope, owner, ${viewer.scope}::text[] AS "ownerScope",
        false AS public, NULL AS "passwordHash", false AS "publicExport", false AS "publicRealtime", false AS "carbonBadge", false AS deleted
      FROM domain_claims WHERE owner = ${viewer.uid} AND name = ${name}`;
    return row ?? null;
  },
);

/** The `limit` domains with the most page views over the last day, busiest first. */
export const busiestSites = namedQuery("domains.busiestSites", async (sql: Queryable, limit: number) =>
  sql<Site[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM domains d LEFT JOIN users u ON u.uid = d.owner
    JOIN (SELECT site_id, sum(views) AS views FROM hits_hourly WHERE bucket > now() - INTERVAL '1 day' GROUP BY site_id) b
      ON b.site_id = d.id
    WHERE d.deleted_at IS NULL AND b.views > 0
    ORDER BY b.views DESC, d.id LIMIT ${limit}`,
);

/**
 * Makes an unowned public domain of `scope` (the demo's) when missing; its id, or null when the
 * name belongs to a user's domain. NOTE: an unowned row of that name (an older demo) is taken over
 * and revived.
 */
export const ensureUnownedSite = namedQuery("domains.ensureUnowned", async (sql: Queryable, name: string, scope: string[]) => {
  await sql`INSERT INTO domains (name, owner, scope, public) VALUES (${name}, NULL, ${scope}, true) ON CONFLICT (name) DO NOTHING`;
  const [row] = await sql<{ id: number; owner: string | null }[]>`SELECT id, owner FROM domains WHERE name = ${name}`;
  if (!row || row.owner !== null) return null;
  await sql`UPDATE domains SET scope = ${scope}, public = true, deleted_at = NULL WHERE id = ${row.id}`;
  return row.id;
});

/**
 * Sets a domain's creation date to its first hit, if it has one: the demo, made at boot and then
 * seeded 30 days back, would otherwise lock in the picker the very days its presets show; and a demo
 * seeded again from a newer model would offer the empty days before its new data.
 */
export const createdAtFirstHit = namedQuery("domains.createdAtFirstHit", async (sql: Queryable, id: number) => {
  await sql`UPDATE domains SET created = coalesce((SELECT min(time) FROM hits WHERE site_id = ${id}), created) WHERE id = ${id}`;
});

/** Makes an unowned private domain when missing (the seed's). */
export const ensureSite = namedQuery("domains.ensure", async (sql: Queryable, name: string, tz: string) => {
  await sql`INSERT INTO domains (name, tz) VALUES (${name}, ${tz}) ON CONFLICT (name) DO NOTHING`;
});
