// Named queries over `domains` and `domain_claims` for their owners. Every read and write is scoped
// by owner, so another account's domain is indistinguishable from one that does not exist. A claim
// (a name another account held when this one added it) reads as an unverified domain of its own.
import type { Sql } from "postgres";
import { namedQuery, type Queryable } from "../db";
import { deleteSiteHits } from "../hits";
import { bumpStatsEpochs } from "./epoch";

export type Domain = {
  /** null for a claim: it has no row in `domains`, and collects nothing. */
  id: number | null;
  name: string;
  publicId: string;
  scope: string[];
  created: Date;
  tz: string;
  public: boolean;
  passwordProtected: boolean;
  verified: boolean;
  verifyToken: string;
  /** Its privacy notice (/privacy/{name}) is shown. */
  privacyPage: boolean;
  /** A public dashboard's visitors may export its stats. */
  publicExport: boolean;
  /** A public dashboard's visitors may watch its realtime view. */
  publicRealtime: boolean;
  /** Its earned carbon badge and evidence page are served. */
  carbonBadge: boolean;
};

/** The columns of a Domain, for this room's queries that read it beside other tables (./members.ts). */
export const DOMAIN_COLUMNS = `id, name, public_id AS "publicId", scope, created, tz, public,
  public_password_hash IS NOT NULL AS "passwordProtected", verified_at IS NOT NULL AS verified, verify_token AS "verifyToken", privacy_page AS "privacyPage",
  public_export AS "publicExport", public_realtime AS "publicRealtime", carbon_badge AS "carbonBadge"`;
const CLAIM_COLUMNS = `NULL::int AS id, name, public_id AS "publicId", '{}'::text[] AS scope, created, tz, false AS public,
  false AS "passwordProtected", false AS verified, verify_token AS "verifyToken", false AS "privacyPage",
  false AS "publicExport", false AS "publicRealtime", false AS "carbonBadge"`;

export const listDomains = namedQuery("domains.list", (sql, owner: string) =>
  sql<Domain[]>`
    SELECT ${sql.unsafe(DOMAIN_COLUMNS)} FROM domains WHERE owner = ${owner} AND deleted_at IS NULL
    UNION ALL SELECT ${sql.unsafe(CLAIM_COLUMNS)} FROM domain_claims WHERE owner = ${owner}
    ORDER BY name`,
);

export const ownedDomain = namedQuery("domains.owned", async (sql, owner: string, name: string) => {
  const [row] = await sql<Domain[]>`
    SELECT ${sql.unsafe(DOMAIN_COLUMNS)} FROM domains WHERE owner = ${owner} AND name = ${name} AND deleted_at IS NULL
    UNION ALL SELECT ${sql.unsafe(CLAIM_COLUMNS)} FROM domain_claims WHERE owner = ${owner} AND name = ${name}
    ORDER BY id NULLS LAST LIMIT 1`;
  return row ?? null;
});

export const countDomains = namedQuery("domains.count", async (sql, owner: string) => {
  const [row] = await sql<{ n: number }[]>`SELECT
    (SELECT count(*) FROM domains WHERE owner = ${owner} AND deleted_at IS NULL)::int
    + (SELECT count(*) FROM domain_claims WHERE owner = ${owner})::int AS n`;
  return row!.n;
});

/** null when the name is already taken (by anyone: hits are counted for one account only). */
export const insertDomain = namedQuery("domains.insert", async (sql, owner: string, name: string, tz: string) => {
  const [row] = await sql<Domain[]>`
    INSERT INTO domains (owner, name, tz) VALUES (${owner}, ${name}, ${tz})
    ON CONFLICT (name) DO NOTHING
    RETURNING ${sql.unsafe(DOMAIN_COLUMNS)}`;
  return row ?? null;
});

/** A claim on a name held elsewhere; null when this owner has claimed it already. */
export const insertClaim = namedQuery("domains.insertClaim", async (sql, owner: string, name: string, tz: string) => {
  const [row] = await sql<Domain[]>`
    INSERT INTO domain_claims (owner, name, tz) VALUES (${owner}, ${name}, ${tz})
    ON CONFLICT (owner, name) DO NOTHING
    RETURNING ${sql.unsafe(CLAIM_COLUMNS)}`;
  return row ?? null;
});

export const updateClaimZone = namedQuery("domains.updateClaimZone", async (sql, owner: string, name: string, tz: string) => {
  await sql`UPDATE domain_claims SET tz = ${tz} WHERE owner = ${owner} AND name = ${name}`;
});

export const deleteClaim = namedQuery("domains.deleteClaim", async (sql, owner: string, name: string) => {
  await sql`DELETE FROM domain_claims WHERE owner = ${owner} AND name = ${name}`;
});

/** A new random public id: links to the old one stop working. */
export const rotatePublicId = namedQuery("domains.rotatePublicId", async (sql, owner: string, name: string) => {
  await sql`UPDATE domains SET public_id = replace(gen_random_uuid()::text, '-', '') WHERE owner = ${owner} AND name = ${name}`;
  await sql`UPDATE domain_claims SET public_id = replace(gen_random_uuid()::text, '-', '') WHERE owner = ${owner} AND name = ${name}`;
});

export const markDomainVerified = namedQuery("domains.markVerified", async (sql, id: number) => {
  await sql`UPDATE domains SET verified_at = coalesce(verified_at, now()) WHERE id = ${id}`;
});

/** What a verified claim found when it came to take the name over. */
type TakeOver = "taken-over" | "verified-elsewhere";

/**
 * Moves the name to the claimant, who has just proved control of it: made theirs, verified, in
 * the claim's time zone and public id, not public and without password (the old holder's shared
 * links stop working); its hits stay, as they came from the site itself. A name whose holder
 * verified it stays theirs. Run it inside the caller's transaction.
 */
export const takeOver = namedQuery("domains.takeOver", async (tx: Queryable, owner: string, name: string): Promise<TakeOver> => {
  const [holder] = await tx<{ id: number; verified: boolean; tz: string }[]>`
    SELECT id, verified_at IS NOT NULL AS verified, tz FROM domains WHERE name = ${name} FOR UPDATE`;
  if (holder?.verified) return "verified-elsewhere";
  const [claim] = await tx<{ tz: string; publicId: string }[]>`
    DELETE FROM domain_claims WHERE owner = ${owner} AND name = ${name} RETURNING tz, public_id AS "publicId"`;
  if (!claim) throw new Error(`no claim of ${name} to take over`);
  if (!holder) {
    await tx`INSERT INTO domains (owner, name, tz, public_id, verified_at) VALUES (${owner}, ${name}, ${claim.tz}, ${claim.publicId}, now())`;
  } else {
    await tx`UPDATE domains SET owner = ${owner}, verified_at = now(), deleted_at = NULL,
      tz = ${claim.tz}, public_id = ${claim.publicId}, public = false, public_password_hash = NULL
      WHERE id = ${holder.id}`;
    // NOTE: a new time zone moves where today starts: a new stats epoch, as in updateDomain.
    if (claim.tz !== holder.tz) await bumpStatsEpochs(tx, [holder.id]);
  }
  return "taken-over";
});

export const updateDomain = namedQuery(
  "domains.update",
  async (sql: Sql, id: number, patch: { tz?: string; public?: boolean; passwordHash?: string | null; privacyPage?: boolean; publicExport?: boolean; publicRealtime?: boolean; carbonBadge?: boolean }) => {
    await sql.begin(async (tx) => {
      const [row] = await tx<{ moved: boolean }[]>`
        UPDATE domains d SET
          tz = coalesce(${patch.tz ?? null}, d.tz),
          public = coalesce(${patch.public ?? null}, d.public),
          privacy_page = coalesce(${patch.privacyPage ?? null}, d.privacy_page),
          public_export = coalesce(${patch.publicExport ?? null}, d.public_export),
          public_realtime = coalesce(${patch.publicRealtime ?? null}, d.public_realtime),
          carbon_badge = coalesce(${patch.carbonBadge ?? null}, d.carbon_badge),
          public_password_hash = CASE WHEN ${patch.passwordHash !== undefined} THEN ${patch.passwordHash ?? null} ELSE d.public_password_hash END
        FROM (SELECT id, tz FROM domains WHERE id = ${id} FOR UPDATE) old
        WHERE d.id = old.id
        RETURNING d.tz <> old.tz AS moved`;
      // NOTE: a new time zone moves where today starts, and cached stats keep today's sums by the
      // old start: a new stats epoch retires them (src/stats/cache.ts).
      if (row?.moved) await bumpStatsEpochs(tx, [id]);
    });
  },
);

/** Removes domains and every hit they collected; run it inside the caller's transaction. */
export const deleteDomainsWithHits = namedQuery("domains.deleteWithHits", async (tx: Queryable, ids: number[]) => {
  if (!ids.length) return;
  await deleteSiteHits(tx, ids);
  await tx`DELETE FROM domains WHERE id = ANY(${ids}::int[])`;
});

export const ownedDomainIds = namedQuery("domains.ownedIds", async (sql: Queryable, owner: string) =>
  (await sql<{ id: number }[]>`SELECT id FROM domains WHERE owner = ${owner}`).map((r) => r.id),
);
