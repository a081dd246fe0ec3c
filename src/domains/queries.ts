// Named queries over `domains` for their owners. Every read and write is scoped by owner, so
// another account's domain is indistinguishable from one that does not exist.
import { namedQuery, type Queryable } from "../db";

export type Domain = {
  id: number;
  name: string;
  publicId: string;
  scope: string[];
  created: Date;
  tz: string;
  public: boolean;
  passwordProtected: boolean;
};

const COLUMNS = `id, name, public_id AS "publicId", scope, created, tz, public,
  public_password_hash IS NOT NULL AS "passwordProtected"`;

export const listDomains = namedQuery("domains.list", (sql, owner: string) =>
  sql<Domain[]>`SELECT ${sql.unsafe(COLUMNS)} FROM domains WHERE owner = ${owner} AND deleted_at IS NULL ORDER BY name`,
);

export const ownedDomain = namedQuery("domains.owned", async (sql, owner: string, name: string) => {
  const [row] = await sql<Domain[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM domains WHERE owner = ${owner} AND name = ${name} AND deleted_at IS NULL`;
  return row ?? null;
});

export const countDomains = namedQuery("domains.count", async (sql, owner: string) => {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM domains WHERE owner = ${owner} AND deleted_at IS NULL`;
  return row!.n;
});

/** null when the name is already taken (by anyone: hits are counted for one account only). */
export const insertDomain = namedQuery("domains.insert", async (sql, owner: string, name: string, tz: string) => {
  const [row] = await sql<Domain[]>`
    INSERT INTO domains (owner, name, tz) VALUES (${owner}, ${name}, ${tz})
    ON CONFLICT (name) DO NOTHING
    RETURNING ${sql.unsafe(COLUMNS)}`;
  return row ?? null;
});

export const updateDomain = namedQuery(
  "domains.update",
  async (sql, id: number, patch: { tz?: string; public?: boolean; passwordHash?: string | null }) => {
    // NOTE: a new time zone moves where today starts, and cached stats keep today's sums by the
    // old start: a new stats epoch retires them (src/stats/cache.ts).
    await sql`UPDATE domains SET
      stats_epoch = stats_epoch + (coalesce(${patch.tz ?? null}, tz) <> tz)::int,
      tz = coalesce(${patch.tz ?? null}, tz),
      public = coalesce(${patch.public ?? null}, public),
      public_password_hash = CASE WHEN ${patch.passwordHash !== undefined} THEN ${patch.passwordHash ?? null} ELSE public_password_hash END
      WHERE id = ${id}`;
  },
);

/** Removes domains and every hit they collected; run it inside the caller's transaction. */
export const deleteDomainsWithHits = namedQuery("domains.deleteWithHits", async (tx: Queryable, ids: number[]) => {
  if (!ids.length) return;
  await tx`DELETE FROM hits WHERE site_id = ANY(${ids}::int[])`;
  await tx`DELETE FROM domains WHERE id = ANY(${ids}::int[])`;
});

export const ownedDomainIds = namedQuery("domains.ownedIds", async (sql: Queryable, owner: string) =>
  (await sql<{ id: number }[]>`SELECT id FROM domains WHERE owner = ${owner}`).map((r) => r.id),
);
